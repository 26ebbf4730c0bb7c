import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '../../src/contract/dashboard.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { orderItems, orders, products, refunds, users } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, createTaxonomy, expectFail, firstError, insertProduct } from '../helpers/shopping.js';

/*
 * The dashboard's figures (docs/dashboard.md): orders, refunds and customers written straight into
 * the database on several shop days in Asia/Riyadh (UTC+3), around midnight too, and every figure
 * the API answers compared with the same sum made here from the rows read back.
 */

const ZONE = 'Asia/Riyadh';
let t: TestApp;
let admin: Account;
let customer: Account;
const { send, expectNo5xx } = apiClient(() => t);

/** The shop day of an instant, by Intl alone (not the app's helpers). */
const riyadhDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);

type OrderSpec = {
  at: string;
  total: number;
  method?: 'cash' | 'card';
  status?: 'pending' | 'processing' | 'delivered' | 'cancelled';
  paymentStatus?: 'unpaid' | 'paid' | 'partially_refunded';
  lines?: { productId: string; variantId: string | null; sku: string; count: number; price: number }[];
  refunds?: { doneAt: string | null; amount: number }[];
  /** Paid through the test provider (docs/payments.md § Test orders): no sale. */
  isTest?: boolean;
};

async function placeOrder(spec: OrderSpec) {
  const db = t.database.db;
  const [row] = await db
    .insert(orders)
    .values({
      userId: customer.id,
      shippingAddress: { details: 'شارع العليا 5', phone: '0551234567', city: 'الرياض', postalCode: '11511' },
      subtotal: spec.total,
      totalOrderPrice: spec.total,
      refundedAmount: (spec.refunds ?? []).reduce((sum, r) => sum + (r.doneAt ? r.amount : 0), 0),
      paymentMethodType: spec.method ?? 'cash',
      status: spec.status ?? 'pending',
      paymentStatus: spec.paymentStatus ?? 'unpaid',
      isPaid: (spec.paymentStatus ?? 'unpaid') !== 'unpaid',
      isTest: spec.isTest ?? false,
      createdAt: new Date(spec.at),
      updatedAt: new Date(spec.at),
    })
    .returning();
  if (!row) throw new Error('no order');
  for (const line of spec.lines ?? []) {
    await db.insert(orderItems).values({ orderId: row.id, title: 'حذاء جري', ...line });
  }
  for (const refund of spec.refunds ?? []) {
    await db.insert(refunds).values({
      orderId: row.id,
      amount: refund.amount,
      reason: 'تعويض',
      status: refund.doneAt ? 'done' : 'due',
      createdAt: new Date(refund.doneAt ?? spec.at),
      doneAt: refund.doneAt ? new Date(refund.doneAt) : null,
    });
  }
}

let shoe: { id: string; small: string; large: string };
let cap: { id: string };

beforeAll(async () => {
  t = await createTestApp({ timeZone: ZONE });
  admin = await createAccount(t, 'admin');
  customer = await createAccount(t, 'user');
  const { category } = await createTaxonomy(t);
  const shoeRow = await insertProduct(t, { categoryId: category.id }, { title: 'حذاء جري', quantity: 0 });
  cap = await insertProduct(t, { categoryId: category.id }, { title: 'قبعة', quantity: 3 });
  await insertProduct(t, { categoryId: category.id }, { title: 'حقيبة', quantity: 50 });
  // Two sizes of one shoe, told apart by variant id and SKU.
  shoe = { id: shoeRow.id, small: crypto.randomUUID(), large: crypto.randomUUID() };
  const small = { productId: shoe.id, variantId: shoe.small, sku: 'SH-40' };
  const large = { productId: shoe.id, variantId: shoe.large, sku: 'SH-44' };
  const capLine = { productId: cap.id, variantId: null, sku: 'CAP' };

  // The range asked below is 1–3 March 2026 (Riyadh); the period before it 26–28 February.
  const specs: OrderSpec[] = [
    // 23:59 on 28 February in Riyadh: the period before.
    { at: '2026-02-28T20:59:00Z', total: 10_000, lines: [{ ...capLine, count: 9, price: 1_000 }] },
    // 00:01 on 1 March in Riyadh (still 28 February in UTC): this range's first day.
    {
      at: '2026-02-28T21:01:00Z',
      total: 25_050,
      method: 'card',
      paymentStatus: 'paid',
      lines: [{ ...small, count: 2, price: 10_000 }],
    },
    {
      at: '2026-03-02T10:00:00Z',
      total: 8_000,
      status: 'processing',
      lines: [
        { ...large, count: 1, price: 6_000 },
        { ...capLine, count: 2, price: 1_000 },
      ],
    },
    // A test order (the test provider), delivered and partly refunded in the range: neither.
    {
      at: '2026-03-02T11:00:00Z',
      total: 70_000,
      method: 'card',
      status: 'delivered',
      paymentStatus: 'partially_refunded',
      isTest: true,
      refunds: [{ doneAt: '2026-03-02T11:30:00Z', amount: 7_000 }],
    },
    // Cancelled, with its refund done in the range: neither a sale nor a refund.
    {
      at: '2026-03-02T12:00:00Z',
      total: 40_000,
      method: 'card',
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
      lines: [{ ...large, count: 4, price: 10_000 }],
      refunds: [{ doneAt: '2026-03-02T13:00:00Z', amount: 40_000 }],
    },
    // Paid by card, refunded at 23:00 on 3 March (in the range) and at 01:30 on 4 March (after it),
    // and a refund still due (not given back yet).
    {
      at: '2026-03-01T09:00:00Z',
      total: 30_000,
      method: 'card',
      status: 'delivered',
      paymentStatus: 'partially_refunded',
      lines: [{ ...small, count: 3, price: 10_000 }],
      refunds: [
        { doneAt: '2026-03-03T20:00:00Z', amount: 5_000 },
        { doneAt: '2026-03-03T22:30:00Z', amount: 2_000 },
        { doneAt: null, amount: 1_000 },
      ],
    },
    // A card order whose payment staff took back: not a sale.
    { at: '2026-03-03T08:00:00Z', total: 7_000, method: 'card', lines: [{ ...capLine, count: 7, price: 1_000 }] },
    // Placed in the period before, refunded in this range: a refund of this range.
    {
      at: '2026-02-27T08:00:00Z',
      total: 12_000,
      method: 'card',
      paymentStatus: 'partially_refunded',
      status: 'delivered',
      refunds: [{ doneAt: '2026-03-01T08:00:00Z', amount: 3_000 }],
    },
    // 00:00 on 4 March in Riyadh: after the range.
    { at: '2026-03-03T21:00:00Z', total: 99_000, lines: [{ ...capLine, count: 99, price: 1_000 }] },
  ];
  for (const spec of specs) await placeOrder(spec);
  // New customers: one at 23:59 on 28 February, two on 3 March, one at 00:00 on 4 March; staff are not customers.
  const joined = ['2026-02-28T20:59:00Z', '2026-03-03T05:00:00Z', '2026-03-03T20:59:59Z', '2026-03-03T21:00:00Z'];
  for (const [i, at] of joined.entries()) {
    await t.database.db.insert(users).values({
      name: `عميل ${i}`,
      email: `joined-${i}@example.com`,
      phone: '+966551234567',
      passwordHash: 'x',
      createdAt: new Date(at),
    });
  }
  await t.database.db.insert(users).values({
    name: 'موظف',
    email: 'staff-new@example.com',
    phone: '+966551234567',
    passwordHash: 'x',
    role: 'admin',
    createdAt: new Date('2026-03-02T10:00:00Z'),
  });
});
afterAll(() => t.close());
afterEach(expectNo5xx);

async function statsFor(query: string, token = admin.token) {
  const res = await send('GET', `/admin/stats${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Stats }).data;
}

/** Every day from `from` to `to`, both included. */
function daysFrom(from: string, to: string) {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= to;
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** The figures of a period, added up here from the rows in the database (minor units). */
async function expectedFigures(from: string, to: string) {
  const db = t.database.db;
  const allOrders = await db.select().from(orders);
  const inRange = (at: Date | null) => at !== null && riyadhDay(at) >= from && riyadhDay(at) <= to;
  const isSale = (o: typeof orders.$inferSelect) =>
    o.status !== 'cancelled' && !o.isTest && !(o.paymentMethodType === 'card' && o.paymentStatus === 'unpaid');
  const sales = allOrders.filter((o) => isSale(o) && inRange(o.createdAt));
  const notSold = new Set(allOrders.filter((o) => o.status === 'cancelled' || o.isTest).map((o) => o.id));
  const given = (await db.select().from(refunds)).filter(
    (r) => r.status === 'done' && inRange(r.doneAt) && !notSold.has(r.orderId),
  );
  const customers = (await db.select().from(users)).filter((u) => u.role === 'user' && inRange(u.createdAt));
  const salesSum = sales.reduce((sum, o) => sum + o.totalOrderPrice, 0);
  const refundSum = given.reduce((sum, r) => sum + r.amount, 0);
  const daily = daysFrom(from, to).map((date) => {
    const daySales = sales.filter((o) => riyadhDay(o.createdAt) === date);
    const dayRefunds = given.filter((r) => r.doneAt && riyadhDay(r.doneAt) === date);
    const s = daySales.reduce((sum, o) => sum + o.totalOrderPrice, 0) / 100;
    const r = dayRefunds.reduce((sum, x) => sum + x.amount, 0) / 100;
    return { date, orders: daySales.length, sales: s, refunds: r, netSales: s - r };
  });
  return {
    figures: {
      from,
      to,
      orders: sales.length,
      sales: salesSum / 100,
      refunds: refundSum / 100,
      netSales: (salesSum - refundSum) / 100,
      averageOrderValue: sales.length ? Math.round(salesSum / sales.length) / 100 : 0,
      newCustomers: customers.length,
    },
    daily,
    sales,
  };
}

describe('GET /admin/stats: the figures', () => {
  it('adds up the sales placed in the range by shop day, less the refunds done in it', async () => {
    const stats = await statsFor('?from=2026-03-01&to=2026-03-03');
    const current = await expectedFigures('2026-03-01', '2026-03-03');
    const previous = await expectedFigures('2026-02-26', '2026-02-28');
    const { previous: answeredPrevious, byStatus, daily, topProducts, topVariants, lowStock, ...figures } = stats;
    expect(figures).toMatchObject(current.figures);
    expect(answeredPrevious).toEqual(previous.figures);
    expect(daily).toEqual(current.daily);
    // The same figures written out by hand, so the rules above are the ones meant (docs/dashboard.md):
    // 250.50 (00:01 on 1 March) + 80 + 300; the cancelled order, the test order, the unpaid card and
    // the order at 00:00 on 4 March are not sales; refunds 50 (23:00 on 3 March) + 30 (an older order's).
    expect(figures).toMatchObject({
      orders: 3,
      sales: 630.5,
      refunds: 80,
      netSales: 550.5,
      averageOrderValue: 210.17,
      newCustomers: 2,
      currency: 'SAR',
    });
    expect(answeredPrevious).toMatchObject({ orders: 2, sales: 220, refunds: 0, newCustomers: 1 });
    expect(daily.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(daily[0]).toEqual({ date: '2026-03-01', orders: 2, sales: 550.5, refunds: 30, netSales: 520.5 });
  });

  it('has one day for every day of the range, zeros included, across a month end', async () => {
    const stats = await statsFor('?from=2026-02-20&to=2026-03-10');
    expect(stats.daily.map((d) => d.date)).toEqual(daysFrom('2026-02-20', '2026-03-10'));
    expect(stats.daily.find((d) => d.date === '2026-02-22')).toEqual({
      date: '2026-02-22',
      orders: 0,
      sales: 0,
      refunds: 0,
      netSales: 0,
    });
    expect(stats.previous).toMatchObject({ from: '2026-02-01', to: '2026-02-19' });
    const expected = await expectedFigures('2026-02-20', '2026-03-10');
    expect(stats).toMatchObject(expected.figures);
  });

  it('ranks products and variants by units, then sales, from the sales of the range only', async () => {
    const stats = await statsFor('?from=2026-03-01&to=2026-03-03');
    // Independently: the lines of the range's sales, added up by product and by variant.
    const { sales } = await expectedFigures('2026-03-01', '2026-03-03');
    const ids = new Set(sales.map((o) => o.id));
    const lines = (await t.database.db.select().from(orderItems)).filter((line) => ids.has(line.orderId));
    const add = (key: (line: (typeof lines)[number]) => string) => {
      const sums = new Map<string, { units: number; sales: number }>();
      for (const line of lines) {
        const sum = sums.get(key(line)) ?? { units: 0, sales: 0 };
        sums.set(key(line), { units: sum.units + line.count, sales: sum.sales + (line.count * line.price) / 100 });
      }
      return sums;
    };
    const byProduct = add((line) => line.productId ?? '');
    expect(stats.topProducts.map(({ productId, units, sales }) => ({ productId, units, sales }))).toEqual([
      { productId: shoe.id, ...byProduct.get(shoe.id) },
      { productId: cap.id, ...byProduct.get(cap.id) },
    ]);
    expect(stats.topProducts[0]).toMatchObject({ units: 6, sales: 560 });
    const byVariant = add((line) => line.variantId ?? line.sku);
    expect(stats.topVariants.map(({ variantId, sku, units, sales }) => ({ variantId, sku, units, sales }))).toEqual([
      { variantId: shoe.small, sku: 'SH-40', ...byVariant.get(shoe.small) },
      { variantId: null, sku: 'CAP', ...byVariant.get('CAP') },
      { variantId: shoe.large, sku: 'SH-44', ...byVariant.get(shoe.large) },
    ]);
  });

  it('lists the orders waiting for action, whatever the range, and the low-stock products, emptiest first', async () => {
    const stats = await statsFor('?from=2026-03-01&to=2026-03-01');
    const all = await t.database.db.select().from(orders);
    const count = (status: string) => all.filter((o) => o.status === status).length;
    expect(stats.byStatus).toEqual({ pending: count('pending'), processing: count('processing'), shipped: 0 });
    expect(stats.byStatus.pending).toBe(4);
    // The default threshold is 5: the shoe (0 left) then the cap (3); the bag (50) is not low.
    expect(stats.lowStockThreshold).toBe(5);
    expect(stats.lowStock.map((p) => [p.title, p.quantity])).toEqual([
      ['حذاء جري', 0],
      ['قبعة', 3],
    ]);
    const low = (await t.database.db.select().from(products)).filter((p) => p.quantity <= 5);
    expect(stats.lowStock).toHaveLength(low.length);
  });

  it('answers the last 30 days ending today when no range is given', async () => {
    const stats = await statsFor('');
    const today = riyadhDay(new Date());
    expect(stats.to).toBe(today);
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)?.date).toBe(today);
    expect(stats.previous.to).toBe(stats.daily[0] && daysBefore(stats.daily[0].date));
  });

  it('reads Arabic-Indic digits, and takes the first and last days a calendar has', async () => {
    const stats = await statsFor('?from=٢٠٢٦-٠٣-٠١&to=٢٠٢٦-٠٣-٠٣');
    expect(stats).toMatchObject({ from: '2026-03-01', to: '2026-03-03', orders: 3 });
    expect((await statsFor('?from=0001-01-01&to=0001-12-31')).orders).toBe(0);
    expect((await statsFor('?from=9999-01-01&to=9999-12-31')).daily).toHaveLength(365);
  });
});

const daysBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('GET /admin/stats: who and what it refuses', () => {
  it('is for staff only: anonymous 401, a customer 403', async () => {
    expectFail(await send('GET', '/admin/stats'), 401);
    expectFail(await send('GET', '/admin/stats', { token: customer.token }), 403);
  });

  it('refuses bad days, one day without the other, to before from and more than 366 days, each with its code', async () => {
    const cases: [string, string, string][] = [
      ['?from=2026-02-30&to=2026-03-01', 'from', m.dateFilterInvalid],
      ['?from=yesterday&to=2026-03-01', 'from', m.dateFilterInvalid],
      ['?from=2026-03-01', 'to', m.dateFilterInvalid],
      ['?to=2026-03-01', 'from', m.dateFilterInvalid],
      ['?from=2026-03-02&to=2026-03-01', 'to', m.dateRangeInvalid],
      ['?from=2025-01-01&to=2026-01-02', 'to', m.reportRangeTooLong],
      ['?from=0001-01-01&to=9999-12-31', 'to', m.reportRangeTooLong],
    ];
    for (const [query, param, message] of cases) {
      const res = await send('GET', `/admin/stats${query}`, { token: admin.token });
      expect(res.statusCode, query).toBe(400);
      expect(firstError(res), query).toMatchObject({ param, msg: message });
    }
    // A leap year's 366 days are one range.
    expect((await statsFor('?from=2028-01-01&to=2028-12-31')).daily).toHaveLength(366);
  });
});
