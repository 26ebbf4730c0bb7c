import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_KEYWORD_MAX } from '../../src/contract/constants.js';
import { shopDay } from '../../src/contract/dates.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Order } from '../../src/contract/types.js';
import { orderItems, orders, users } from '../../src/db/schema.js';
import { EXPORT_BATCH } from '../../src/server/modules/orders/export-csv.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, expectFail, firstError } from '../helpers/shopping.js';

/*
 * The order list's search and filters, and its CSV export (docs/orders.md, "The admin orders
 * list"; SECURITY.md, "Order export"). Orders are written straight into the database, so each
 * test sets the days, methods and customers it needs.
 */

let t: TestApp;
let admin: Account;
const { send, expectNo5xx } = apiClient(() => t);

type Customer = Account & { name: string; phone: string };
const customers = {} as Record<'salma' | 'omar' | 'hostile' | 'wild', Customer>;

async function customer(name: string, phone: string, email?: string): Promise<Customer> {
  const account = await createAccount(t, 'user', name);
  const values = { name, phone, ...(email ? { email } : {}) };
  await t.database.db.update(users).set(values).where(eq(users.id, account.id));
  return { ...account, ...values, email: email ?? account.email };
}

async function order(
  who: Customer,
  values: { at: string; method?: 'cash' | 'card'; isPaid?: boolean; isDelivered?: boolean; city?: string },
) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId: who.id,
      shippingAddress: {
        details: 'شارع العليا 5',
        phone: who.phone,
        city: values.city ?? 'الرياض',
        postalCode: '11511',
      },
      subtotal: 10_000,
      discount: 1_000,
      shippingPrice: 2_500,
      codFee: values.method === 'card' ? 0 : 1_500,
      taxPrice: 1_696,
      totalOrderPrice: 13_000,
      vatRateBasisPoints: 1_500,
      paymentMethodType: values.method ?? 'cash',
      isPaid: values.isPaid ?? false,
      paymentStatus: values.isPaid ? 'paid' : 'unpaid',
      isDelivered: values.isDelivered ?? false,
      createdAt: new Date(values.at),
      updatedAt: new Date(values.at),
    })
    .returning();
  if (!row) throw new Error('no order');
  // Two lines: a shoe in a size and colour, and a plain product (its SKU only).
  await t.database.db.insert(orderItems).values([
    {
      orderId: row.id,
      title: 'حذاء جري',
      sku: 'SH-42B',
      options: { المقاس: '42', اللون: '#000000' },
      count: 2,
      price: 3_000,
    },
    { orderId: row.id, title: 'قبعة', sku: 'CAP-1', count: 1, price: 4_000 },
  ]);
  return row;
}

let placed: Record<
  'salmaCash' | 'salmaCard' | 'omarLate' | 'omarEarly' | 'hostile' | 'wild',
  typeof orders.$inferSelect
>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  customers.salma = await customer('سلمى أحمد', '+966551234567', 'salma@example.com');
  customers.omar = await customer('عُمَر الفاروق', '+966509876543', 'omar@example.com');
  customers.hostile = await customer('=HYPERLINK("http://x","اضغط")', '+966501112223', 'h@example.com');
  customers.wild = await customer('نادية, "الشمري"\nالثانية', '+966502223334', 'a_b%c@example.com');
  placed = {
    salmaCash: await order(customers.salma, { at: '2026-03-01T10:00:00Z', method: 'cash' }),
    salmaCard: await order(customers.salma, { at: '2026-03-02T23:59:59Z', method: 'card', isPaid: true }),
    omarLate: await order(customers.omar, { at: '2026-03-03T00:00:00Z', method: 'cash', isDelivered: true }),
    omarEarly: await order(customers.omar, { at: '2026-02-28T23:59:59Z', method: 'card', isPaid: true }),
    hostile: await order(customers.hostile, { at: '2026-01-15T12:00:00Z', city: '@SUM(1+1)' }),
    wild: await order(customers.wild, { at: '2026-01-16T12:00:00Z', city: 'جدة, "البلد"' }),
  };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const list = async (query: Record<string, string>, token = admin.token) => {
  const res = await send('GET', `/orders?${new URLSearchParams({ limit: '100', ...query })}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: number; data: Order[] };
};
const numbersOf = async (query: Record<string, string>, token?: string) =>
  (await list(query, token)).data.map((o) => o.number).sort((a, b) => a - b);
const numbers = (...rows: { number: number }[]) => rows.map((row) => row.number).sort((a, b) => a - b);

describe('GET /orders: search', () => {
  it('finds an order by its number, with or without #, in Arabic-Indic digits too', async () => {
    const n = placed.omarLate.number;
    const arabic = String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    for (const keyword of [String(n), `#${n}`, `# ${n}`, arabic, `#${arabic}`]) {
      expect(await numbersOf({ keyword }), keyword).toContain(n);
    }
    // A number far past any order's is no error.
    expect(await numbersOf({ keyword: '99999999999999999999' })).toEqual([]);
  });

  it("finds a customer's orders by the phone typed in national or international form, or part of it", async () => {
    const salmas = numbers(placed.salmaCash, placed.salmaCard);
    for (const keyword of ['0551234567', '٠٥٥١٢٣٤٥٦٧', '055 123 4567', '+966551234567', '00966551234567', '1234567']) {
      expect(await numbersOf({ keyword }), keyword).toEqual(salmas);
    }
  });

  it('finds by e-mail and by name, with Arabic spelling folded', async () => {
    expect(await numbersOf({ keyword: 'OMAR@example' })).toEqual(numbers(placed.omarLate, placed.omarEarly));
    // Stored with tashkeel (عُمَر); typed without. Stored سلمى أحمد; typed سلمي احمد.
    expect(await numbersOf({ keyword: 'عمر' })).toEqual(numbers(placed.omarLate, placed.omarEarly));
    expect(await numbersOf({ keyword: 'سلمي احمد' })).toEqual(numbers(placed.salmaCash, placed.salmaCard));
    expect(await numbersOf({ keyword: 'سلمى الفاروق' })).toEqual([]);
  });

  it('finds a name with an invisible character inside, and a query with one', async () => {
    // A zero-width non-joiner and a right-to-left mark stored; a zero-width space typed.
    const hidden = await customer('مر\u200Cيم\u200F القحطاني', '+966503334445', 'maryam@example.com');
    const theirs = await order(hidden, { at: '2026-01-20T12:00:00Z' });
    try {
      expect(await numbersOf({ keyword: 'مريم' })).toEqual(numbers(theirs));
      expect(await numbersOf({ keyword: 'القح\u200Bطاني' })).toEqual(numbers(theirs));
    } finally {
      // The other tests count every order.
      await t.database.db.delete(orders).where(eq(orders.id, theirs.id));
    }
  });

  it("finds an order by its delivery phone, typed in any form, when it is not the account's", async () => {
    const sender = await customer('هدى المرسلة', '+966507778889', 'huda@example.com');
    const [gift] = await t.database.db
      .insert(orders)
      .values({
        userId: sender.id,
        shippingAddress: { details: 'حي الروضة', phone: '+966534445556', city: 'جدة', postalCode: '' },
        totalOrderPrice: 5_000,
        paymentMethodType: 'cash',
        createdAt: new Date('2026-01-21T12:00:00Z'),
      })
      .returning();
    if (!gift) throw new Error('no order');
    try {
      for (const keyword of ['0534445556', '٠٥٣٤٤٤٥٥٥٦', '+966534445556', '+٩٦٦٥٣٤٤٤٥٥٥٦', '4445556']) {
        expect(await numbersOf({ keyword }), keyword).toEqual(numbers(gift));
      }
      // The account's own number still finds it.
      expect(await numbersOf({ keyword: '0507778889' })).toEqual(numbers(gift));
    } finally {
      await t.database.db.delete(orders).where(eq(orders.id, gift.id));
    }
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await numbersOf({ keyword: '%' })).toEqual(numbers(placed.wild));
    expect(await numbersOf({ keyword: '_' })).toEqual(numbers(placed.wild));
    expect(await numbersOf({ keyword: 'a_b%c' })).toEqual(numbers(placed.wild));
    expect(await numbersOf({ keyword: 'a%c' })).toEqual([]);
    expect(await numbersOf({ keyword: 's_lma' })).toEqual([]);
    expect(await numbersOf({ keyword: '\\' })).toEqual([]);
  });
});

describe('GET /orders: filters', () => {
  it('filters by method, paid and delivered, and combines them with the keyword', async () => {
    expect(await numbersOf({ method: 'card' })).toEqual(numbers(placed.salmaCard, placed.omarEarly));
    expect(await numbersOf({ isPaid: 'true', keyword: 'سلمى' })).toEqual(numbers(placed.salmaCard));
    expect(await numbersOf({ isDelivered: 'true' })).toEqual(numbers(placed.omarLate));
    expect(await numbersOf({ method: 'cash', keyword: 'omar' })).toEqual(numbers(placed.omarLate));
  });

  it("filters by days, both included, the shop's days (Riyadh, UTC+3), not UTC's", async () => {
    // In Riyadh: omarEarly 1 March 02:59, salmaCash 1 March 13:00, salmaCard 3 March 02:59, omarLate 3 March 03:00.
    expect(await numbersOf({ from: '2026-03-01', to: '2026-03-02' })).toEqual(
      numbers(placed.omarEarly, placed.salmaCash),
    );
    expect(await numbersOf({ from: '2026-03-03' })).toEqual(numbers(placed.salmaCard, placed.omarLate));
    expect(await numbersOf({ to: '2026-02-28', from: '2026-02-01' })).toEqual([]);
    expect(await numbersOf({ from: '٢٠٢٦-٠٣-٠٣', to: '٢٠٢٦-٠٣-٠٣' })).toEqual(
      numbers(placed.salmaCard, placed.omarLate),
    );
  });

  it("a shop day runs from its midnight to the next, in the shop's zone: 22:30 UTC on 31 October is 1 November", async () => {
    const night = await customer('نادر الساهر', '+966505556667', 'night@example.com');
    const lastOfOctober = await order(night, { at: '2026-10-31T20:59:59Z' }); // 23:59:59 in Riyadh
    const firstOfNovember = await order(night, { at: '2026-10-31T22:30:00Z' }); // 01:30 on 1 November
    const endOfNovemberFirst = await order(night, { at: '2026-11-01T20:59:59Z' }); // 23:59:59 on 1 November
    const secondOfNovember = await order(night, { at: '2026-11-01T21:00:00Z' }); // 00:00 on 2 November
    const keyword = 'night@example.com';
    expect(await numbersOf({ keyword, from: '2026-11-01', to: '2026-11-01' })).toEqual(
      numbers(firstOfNovember, endOfNovemberFirst),
    );
    expect(await numbersOf({ keyword, from: '2026-10-31', to: '2026-10-31' })).toEqual(numbers(lastOfOctober));
    expect(await numbersOf({ keyword, from: '2026-11-02' })).toEqual(numbers(secondOfNovember));
    // The export takes the same days.
    const csv = await send(
      'GET',
      `/orders/export.csv?${new URLSearchParams({ keyword, from: '2026-11-01', to: '2026-11-01' })}`,
      {
        token: admin.token,
      },
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const exportedNumbers = csv.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Number(line.split(',')[0]));
    expect(exportedNumbers.sort((a, b) => a - b)).toEqual(numbers(firstOfNovember, endOfNovemberFirst));
    // The other tests count every order: these go.
    await t.database.db.delete(orders).where(eq(orders.userId, night.id));
  });

  it('keeps paging: results count every match, limit=2 still gives two', async () => {
    const page = await list({ limit: '2', method: 'cash' });
    expect(page.results).toBe(4);
    expect(page.data).toHaveLength(2);
    // Empty filters are filters left alone (a GET form sends them).
    expect((await list({ keyword: '', method: '', from: '', to: '', isPaid: '' })).results).toBe(6);
  });

  it('shows a customer only their own orders, whatever the filters say', async () => {
    const token = customers.salma.token;
    expect(await numbersOf({}, token)).toEqual(numbers(placed.salmaCash, placed.salmaCard));
    expect(await numbersOf({ keyword: 'omar' }, token)).toEqual([]);
    expect(await numbersOf({ keyword: String(placed.omarLate.number) }, token)).toEqual([]);
    expect(await numbersOf({ keyword: '0509876543' }, token)).toEqual([]);
    expect(await numbersOf({ method: 'card' }, token)).toEqual(numbers(placed.salmaCard));
  });

  it('refuses bad values with a 400 in the validation shape', async () => {
    const refused = async (query: string, message: string, param: string) => {
      const res = await send('GET', `/orders?${query}`, { token: admin.token });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(firstError(res), query).toMatchObject({ msg: message, param, location: 'query' });
    };
    await refused(`keyword=${'x'.repeat(ORDER_KEYWORD_MAX + 1)}`, m.keywordTooLong, 'keyword');
    await refused('method=cheque', m.paymentMethodInvalid, 'method');
    await refused('from=2026-02-30', m.dateFilterInvalid, 'from');
    await refused('to=2026-13-01', m.dateFilterInvalid, 'to');
    await refused('from=0000-01-01', m.dateFilterInvalid, 'from');
    await refused('from=1/3/2026', m.dateFilterInvalid, 'from');
    await refused('from=2026-03-01T00:00:00Z', m.dateFilterInvalid, 'from');
    await refused('from=2026-03-02&to=2026-03-01', m.dateRangeInvalid, 'to');
    await refused('isPaid=yes', m.flagFilterInvalid, 'isPaid');
    await refused('isDelivered=1', m.flagFilterInvalid, 'isDelivered');
    // The widest days are answered, not a 500.
    expect(await numbersOf({ from: '0001-01-01', to: '9999-12-31' })).toHaveLength(6);
  });
});

describe('GET /orders/export.csv', () => {
  const exported = async (query: Record<string, string> = {}, token = admin.token) =>
    send('GET', `/orders/export.csv?${new URLSearchParams(query)}`, { token });

  /** RFC 4180 rows of a CSV text (quoted cells may hold commas, quotes and line breaks). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      const next = text[i + 1];
      if (quoted && c === '"' && next === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = !quoted;
      } else if (quoted || (c !== ',' && !(c === '\r' && next === '\n'))) {
        cell += c;
      } else {
        row.push(cell);
        cell = '';
        if (c === '\r') {
          rows.push(row);
          row = [];
          i++;
        }
      }
    }
    return rows;
  }

  it('is staff only: anonymous 401, customers 403', async () => {
    expectFail(await exported({}, ''), 401, m.notLoggedIn);
    expectFail(await exported({}, customers.salma.token), 403, m.forbidden);
  });

  it('is UTF-8 with a BOM, CRLF lines, an attachment that no cache keeps', async () => {
    const res = await exported();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // Named after today in the shop's zone (Riyadh), not UTC's day.
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-${shopDay(new Date(), 'Asia/Riyadh')}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const [heading, ...rows] = parseCsv(text);
    expect(heading).toEqual([
      'رقم الطلب',
      'التاريخ',
      'العميل',
      'البريد الإلكتروني',
      'الجوال',
      'المدينة',
      'المنتجات',
      'طريقة الدفع',
      'الحالة',
      'حالة الدفع',
      'قيمة المنتجات',
      'الخصم',
      'الشحن',
      'رسوم الدفع عند الاستلام',
      'ضريبة القيمة المضافة',
      'الإجمالي',
      'العملة',
    ]);
    expect(rows).toHaveLength(6);
    const salma = rows.find((row) => row[0] === String(placed.salmaCard.number));
    expect(salma).toEqual([
      String(placed.salmaCard.number),
      // 23:59:59 UTC on 2 March is 02:59 on 3 March in Riyadh (the shop's zone, docs/dates.md).
      '2026-03-03 02:59',
      'سلمى أحمد',
      'salma@example.com',
      '+966551234567',
      'الرياض',
      // Each line names its variant: title, options as stored (a colour by its Arabic name), SKU, count.
      'حذاء جري (اللون: أسود، المقاس: 42) · SH-42B × 2 | قبعة · CAP-1 × 1',
      'بطاقة',
      'قيد المراجعة',
      'مدفوع',
      '100.00',
      '10.00',
      '25.00',
      '0.00',
      '16.96',
      '130.00',
      'SAR',
    ]);
  });

  it('quotes commas, quotes and line breaks, and neutralises formulas', async () => {
    const rows = parseCsv((await exported({ keyword: '@example.com' })).rawPayload.toString('utf8').slice(1));
    const wild = rows.find((row) => row[0] === String(placed.wild.number));
    expect(wild?.[2]).toBe('نادية, "الشمري"\nالثانية');
    expect(wild?.[5]).toBe('جدة, "البلد"');
    const hostile = rows.find((row) => row[0] === String(placed.hostile.number));
    expect(hostile?.[2]).toBe(`'=HYPERLINK("http://x","اضغط")`);
    expect(hostile?.[5]).toBe("'@SUM(1+1)");
    // A plain number is no formula: phones keep their + and nothing before it.
    expect(hostile?.[4]).toBe('+966501112223');
  });

  it('applies the filters, and refuses bad ones as the list does', async () => {
    const rows = parseCsv(
      (await exported({ method: 'card', keyword: '0551234567' })).rawPayload.toString('utf8').slice(1),
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual([String(placed.salmaCard.number)]);
    const bad = await exported({ from: '2026-03-05', to: '2026-03-01' });
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad)).toMatchObject({ msg: m.dateRangeInvalid, param: 'to' });
  });

  it(`reads past one batch (${EXPORT_BATCH} rows) without losing or repeating an order`, async () => {
    const many = await customer('كثير الطلبات', '+966503334445', 'many@example.com');
    const values = Array.from({ length: EXPORT_BATCH + 7 }, () => ({
      userId: many.id,
      shippingAddress: { details: 'د', phone: many.phone, city: 'الرياض', postalCode: '11511' },
      totalOrderPrice: 100,
      paymentMethodType: 'cash' as const,
      createdAt: new Date('2026-04-01T00:00:00Z'),
    }));
    const inserted = await t.database.db.insert(orders).values(values).returning({ number: orders.number });
    const rows = parseCsv((await exported({ keyword: 'many@' })).rawPayload.toString('utf8').slice(1)).slice(1);
    expect(rows.map((row) => Number(row[0])).sort((a, b) => a - b)).toEqual(numbers(...inserted));
    // Newest number first.
    expect(Number(rows[0]?.[0])).toBe(Math.max(...inserted.map((row) => row.number)));
  });
});

describe('GET /orders: status and payment state', () => {
  /** Orders moved along their lifecycle through the API, on days of their own (2025-06). */
  let moved: Record<'waiting' | 'preparing' | 'cancelled' | 'partlyRefunded', typeof orders.$inferSelect>;
  let layla: Customer;

  beforeAll(async () => {
    layla = await customer('ليلى حسن', '+966504445556', 'layla@example.com');
    const day = (n: number) => `2025-06-0${n}T12:00:00Z`;
    moved = {
      waiting: await order(layla, { at: day(1) }),
      preparing: await order(layla, { at: day(2) }),
      cancelled: await order(layla, { at: day(3) }),
      partlyRefunded: await order(layla, { at: day(4) }),
    };
    const ok = async (method: 'PUT' | 'POST', url: string, payload?: object) => {
      const res = await send(method, url, { token: admin.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    };
    await ok('PUT', `/orders/${moved.preparing.id}/status`, { status: 'processing' });
    // A paid cash order cancelled by staff: its money counted as given back (refunded).
    await ok('PUT', `/orders/${moved.cancelled.id}/pay`);
    await ok('POST', `/orders/${moved.cancelled.id}/cancel`, { reason: 'نفد المخزون' });
    await ok('PUT', `/orders/${moved.partlyRefunded.id}/pay`);
    await ok('POST', `/orders/${moved.partlyRefunded.id}/refunds`, { amount: 10, reason: 'قطعة تالفة' });
  });

  const june = { from: '2025-06-01', to: '2025-06-30' };

  it('filters by status', async () => {
    expect(await numbersOf({ ...june, status: 'pending' })).toEqual(numbers(moved.waiting, moved.partlyRefunded));
    expect(await numbersOf({ ...june, status: 'processing' })).toEqual(numbers(moved.preparing));
    expect(await numbersOf({ status: 'cancelled' })).toEqual(numbers(moved.cancelled));
    expect(await numbersOf({ status: 'shipped' })).toEqual([]);
  });

  it('filters by payment state, after a cancel and after a refund', async () => {
    expect(await numbersOf({ paymentStatus: 'refunded' })).toEqual(numbers(moved.cancelled));
    expect(await numbersOf({ paymentStatus: 'partially_refunded' })).toEqual(numbers(moved.partlyRefunded));
    expect(await numbersOf({ ...june, paymentStatus: 'unpaid' })).toEqual(numbers(moved.waiting, moved.preparing));
    expect(await numbersOf({ ...june, paymentStatus: 'paid' })).toEqual([]);
  });

  it('combines them with each other and with the other filters', async () => {
    expect(await numbersOf({ status: 'pending', paymentStatus: 'partially_refunded', keyword: 'ليلى' })).toEqual(
      numbers(moved.partlyRefunded),
    );
    expect(await numbersOf({ status: 'cancelled', paymentStatus: 'unpaid' })).toEqual([]);
    expect(await numbersOf({ status: 'pending', keyword: 'layla@', to: '2025-06-01' })).toEqual(numbers(moved.waiting));
    expect(await numbersOf({ paymentStatus: 'refunded', isPaid: 'true', method: 'cash' })).toEqual(
      numbers(moved.cancelled),
    );
    expect(await numbersOf({ paymentStatus: 'refunded', method: 'card' })).toEqual([]);
    // Empty means left alone, as a GET form sends it.
    expect(await numbersOf({ ...june, status: '', paymentStatus: '' })).toHaveLength(4);
  });

  it('shows a customer only their own orders in a state', async () => {
    expect(await numbersOf({ status: 'cancelled' }, layla.token)).toEqual(numbers(moved.cancelled));
    expect(await numbersOf({ status: 'cancelled' }, customers.salma.token)).toEqual([]);
  });

  it('refuses an unknown status or payment state with a 400 and its code', async () => {
    for (const [query, message, param, code] of [
      ['status=lost', m.orderStatusInvalid, 'status', 'ORDER_STATUS_INVALID'],
      ['status=PENDING', m.orderStatusInvalid, 'status', 'ORDER_STATUS_INVALID'],
      ['status=pending&status=shipped', m.orderStatusInvalid, 'status', 'ORDER_STATUS_INVALID'],
      ['paymentStatus=free', m.paymentStatusInvalid, 'paymentStatus', 'PAYMENT_STATUS_INVALID'],
      ['paymentStatus=partially%20refunded', m.paymentStatusInvalid, 'paymentStatus', 'PAYMENT_STATUS_INVALID'],
    ] as const) {
      for (const path of ['/orders', '/orders/export.csv']) {
        const res = await send('GET', `${path}?${query}`, { token: admin.token });
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
        expect(firstError(res), query).toMatchObject({ msg: message, param, location: 'query', code });
      }
    }
  });

  it('exports only the orders in that state, and only to staff', async () => {
    const exported = async (query: Record<string, string>, token = admin.token) =>
      send('GET', `/orders/export.csv?${new URLSearchParams(query)}`, { token });
    const numbersIn = (csv: string) =>
      csv
        .slice(1)
        .split('\r\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[0]))
        .sort((a, b) => a - b);
    const cancelled = await exported({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(numbersIn(cancelled.body)).toEqual(numbers(moved.cancelled));
    const pending = await exported({ ...june, status: 'pending' });
    expect(numbersIn(pending.body)).toEqual(numbers(moved.waiting, moved.partlyRefunded));
    expectFail(await exported({ status: 'cancelled' }, layla.token), 403, m.forbidden);
    expectFail(await exported({ paymentStatus: 'refunded' }, ''), 401, m.notLoggedIn);
  });
});
