import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_KEYWORD_MAX } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Customer, CustomerDetail } from '../../src/contract/types.js';
import { addresses, orders, users } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, expectFail, firstError } from '../helpers/shopping.js';

/*
 * The customers staff read (docs/customers.md): `GET /users` and `GET /users/:id`. Orders are
 * written straight into the database with every status, refund and test flag that changes the
 * figures, and the test adds the figures up again itself from the rows it wrote.
 */

let t: TestApp;
let admin: Account;
const { send, expectNo5xx } = apiClient(() => t);

type Person = Account & { name: string; phone: string };
const people = {} as Record<'salma' | 'omar' | 'newcomer', Person>;
type OrderRow = typeof orders.$inferSelect;
const placed: OrderRow[] = [];

async function person(name: string, phone: string, email: string, joined: string): Promise<Person> {
  const account = await createAccount(t, 'user', name);
  await t.database.db
    .update(users)
    .set({ name, phone, email, createdAt: new Date(joined) })
    .where(eq(users.id, account.id));
  return { ...account, name, phone, email };
}

type OrderValues = Partial<Pick<OrderRow, 'status' | 'paymentStatus' | 'isTest' | 'refundedAmount'>> & {
  at: string;
  total: number;
  deliveryPhone?: string;
};

async function order(who: Person, values: OrderValues) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId: who.id,
      shippingAddress: {
        details: 'شارع العليا 5',
        phone: values.deliveryPhone ?? who.phone,
        city: 'الرياض',
        postalCode: '11511',
      },
      subtotal: values.total,
      totalOrderPrice: values.total,
      paymentMethodType: 'cash',
      status: values.status ?? 'pending',
      paymentStatus: values.paymentStatus ?? 'unpaid',
      isPaid: values.paymentStatus === 'paid' || values.paymentStatus === 'partially_refunded',
      isTest: values.isTest ?? false,
      refundedAmount: values.refundedAmount ?? 0,
      createdAt: new Date(values.at),
      updatedAt: new Date(values.at),
    })
    .returning();
  if (!row) throw new Error('no order');
  placed.push(row);
  return row;
}

/** The figures docs/customers.md defines, added up here from the orders this file wrote. */
function expectedFigures(who: Person) {
  const theirs = placed.filter((row) => row.userId === who.id);
  const counted = theirs.filter((row) => row.status !== 'cancelled' && !row.isTest);
  const newest = theirs.map((row) => row.createdAt.getTime()).sort((a, b) => b - a)[0];
  return {
    ordersCount: theirs.length,
    // Minor units added up, answered in major units (SAR: halalas / 100) as every amount of the API.
    totalSpent: counted.reduce((sum, row) => sum + row.totalOrderPrice - row.refundedAmount, 0) / 100,
    lastOrderAt: newest === undefined ? null : new Date(newest).toISOString(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin', 'المدير');
  await t.database.db.update(users).set({ phone: '+966500000001' }).where(eq(users.id, admin.id));
  people.salma = await person('سلمى أحمد', '+966551234567', 'salma@example.com', '2026-01-01T08:00:00Z');
  people.omar = await person('عُمَر الفاروق', '+966509876543', 'omar@example.com', '2026-02-01T08:00:00Z');
  people.newcomer = await person('ناصر الجديد', '+201098765432', 'nasser@example.com', '2026-03-01T08:00:00Z');
  await t.database.db.insert(addresses).values([
    { userId: people.salma.id, alias: 'البيت', details: 'حي النرجس', phone: '+966551234567', city: 'الرياض' },
    { userId: people.salma.id, alias: 'العمل', details: 'طريق الملك فهد', phone: '+966551234567', city: 'الرياض' },
  ]);
  // 12 345.67 + 500 (paid, 200 refunded) count; a cancelled one and a test one do not.
  await order(people.salma, { at: '2026-01-05T10:00:00Z', total: 1_234_567 });
  await order(people.salma, {
    at: '2026-02-10T10:00:00Z',
    total: 50_000,
    status: 'delivered',
    paymentStatus: 'partially_refunded',
    refundedAmount: 20_000,
  });
  await order(people.salma, {
    at: '2026-03-10T10:00:00Z',
    total: 99_999,
    status: 'cancelled',
    paymentStatus: 'refunded',
    refundedAmount: 99_999,
  });
  await order(people.omar, { at: '2026-02-15T10:00:00Z', total: 7_000, paymentStatus: 'paid', isTest: true });
  await order(people.omar, { at: '2026-02-16T09:00:00Z', total: 13_000, status: 'shipped' });
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const list = async (query: Record<string, string>, token = admin.token) => {
  const res = await send('GET', `/users?${new URLSearchParams(query)}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    results: number;
    paginationResult: { currentPage: number; limit: number; numberOfPages: number; nextPage?: number };
    data: Customer[];
  };
};
const emailsOf = async (keyword: string) => (await list({ keyword })).data.map((customer) => customer.email).sort();
const detail = async (id: string) => {
  const res = await send('GET', `/users/${id}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CustomerDetail }).data;
};

describe('GET /users: the customers list', () => {
  it("gives each customer their orders' figures, computed from the orders, and their addresses", async () => {
    const { data, results } = await list({});
    expect(results).toBe(4);
    // Newest account first: the admin was made now, the others on their joining days.
    expect(data.map((customer) => customer.email)).toEqual([
      admin.email,
      'nasser@example.com',
      'omar@example.com',
      'salma@example.com',
    ]);
    for (const who of Object.values(people)) {
      const customer = data.find((row) => row.id === who.id);
      expect(customer, who.name).toMatchObject({ name: who.name, phone: who.phone, ...expectedFigures(who) });
    }
    // Worked by hand too, so a wrong rule in both places would still fail.
    expect(data.find((row) => row.id === people.salma.id)).toMatchObject({
      ordersCount: 3,
      totalSpent: 12_645.67,
      lastOrderAt: '2026-03-10T10:00:00.000Z',
      createdAt: '2026-01-01T08:00:00.000Z',
    });
    expect(data.find((row) => row.id === people.omar.id)).toMatchObject({ ordersCount: 2, totalSpent: 130 });
    expect(data.find((row) => row.id === people.newcomer.id)).toMatchObject({
      ordersCount: 0,
      totalSpent: 0,
      lastOrderAt: null,
      addresses: [],
    });
    const salma = data.find((row) => row.id === people.salma.id);
    expect(salma?.addresses.map((address) => address.alias).sort()).toEqual(['البيت', 'العمل']);
  });

  it('never answers a password hash, a token version or a reset code', async () => {
    const { data } = await list({});
    const one = await detail(people.salma.id);
    for (const customer of [...data, one]) {
      expect(Object.keys(customer)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/password|token|reset|hash/i)]),
      );
    }
    const body = JSON.stringify({ data, one });
    expect(body).not.toMatch(/argon|\$scrypt|passwordHash|tokenVersion/i);
  });

  it('finds by name (Arabic spelling folded), by e-mail, and by phone in any form typed', async () => {
    expect(await emailsOf('عمر')).toEqual(['omar@example.com']);
    expect(await emailsOf('سلمي احمد')).toEqual(['salma@example.com']);
    expect(await emailsOf('SALMA@EXAMPLE')).toEqual(['salma@example.com']);
    for (const keyword of ['0551234567', '٠٥٥١٢٣٤٥٦٧', '055 123 4567', '+966551234567', '00966551234567', '1234567']) {
      expect(await emailsOf(keyword), keyword).toEqual(['salma@example.com']);
    }
    // Another market's number with its code, in Eastern Arabic-Indic digits.
    expect(await emailsOf('+۲۰۱۰۹۸۷۶۵۴۳۲')).toEqual(['nasser@example.com']);
    expect(await emailsOf('لا أحد')).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await emailsOf('%')).toEqual([]);
  });

  it('pages like the other lists: results is the total, numberOfPages = ceil(results / limit)', async () => {
    const first = await list({ limit: '3' });
    expect(first.results).toBe(4);
    expect(first.paginationResult).toEqual({ currentPage: 1, limit: 3, numberOfPages: 2, nextPage: 2 });
    const second = await list({ limit: '3', page: '2' });
    expect(second.paginationResult).toEqual({ currentPage: 2, limit: 3, numberOfPages: 2, prevPage: 1 });
    expect(second.data).toHaveLength(1);
    const ids = [...first.data, ...second.data].map((customer) => customer.id);
    expect(new Set(ids).size).toBe(4);
    // A page past the last is empty, not an error; a search pages its matches only.
    expect((await list({ limit: '3', page: '9' })).data).toEqual([]);
    expect((await list({ keyword: 'example.com', limit: '1' })).paginationResult.numberOfPages).toBe(4);
  });

  it('refuses bad input with a code, never a 500', async () => {
    const long = await send('GET', `/users?keyword=${'ا'.repeat(CUSTOMER_KEYWORD_MAX + 1)}`, { token: admin.token });
    expect(firstError(long)).toMatchObject({ param: 'keyword', msg: m.keywordTooLong, code: 'KEYWORD_TOO_LONG' });
    expect(firstError(await send('GET', '/users?limit=1000', { token: admin.token })).param).toBe('limit');
    expect(firstError(await send('GET', '/users?page=0', { token: admin.token })).param).toBe('page');
    expect(firstError(await send('GET', '/users?keyword=a&keyword=b', { token: admin.token })).param).toBe('keyword');
  });
});

describe('GET /users/:id: one customer', () => {
  it('answers the figures and their orders, newest first, each to open by its id', async () => {
    const salma = await detail(people.salma.id);
    expect(salma).toMatchObject({ id: people.salma.id, email: 'salma@example.com', ...expectedFigures(people.salma) });
    const theirs = placed
      .filter((row) => row.userId === people.salma.id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(salma.orders.map((row) => [row.id, row.number, row.total, row.status])).toEqual(
      theirs.map((row) => [row.id, row.number, row.totalOrderPrice / 100, row.status]),
    );
    expect(salma.addresses).toHaveLength(2);
    expect((await detail(people.newcomer.id)).orders).toEqual([]);
  });

  it('is for staff only: anonymous 401, a customer 403 for their own id and for another’s', async () => {
    expectFail(await send('GET', `/users/${people.salma.id}`), 401);
    expectFail(await send('GET', `/users/${people.salma.id}`, { token: people.salma.token }), 403);
    expectFail(await send('GET', `/users/${people.salma.id}`, { token: people.omar.token }), 403);
    expectFail(await send('GET', '/users', { token: people.omar.token }), 403);
    expectFail(await send('GET', '/users'), 401);
  });

  it('answers an unknown id 404 CUSTOMER_NOT_FOUND and a malformed one 400 INVALID_ID', async () => {
    const unknown = await send('GET', '/users/6f1c1f3e-8f0e-4a55-9a53-9d0f6b1c2d3e', { token: admin.token });
    expectFail(unknown, 404, m.customerNotFound);
    expect(unknown.json().code).toBe('CUSTOMER_NOT_FOUND');
    for (const bad of ['not-a-uuid', '١٢٣', `${people.salma.id}x`]) {
      const res = await send('GET', `/users/${encodeURIComponent(bad)}`, { token: admin.token });
      expect(firstError(res), bad).toMatchObject({ param: 'id', code: 'INVALID_ID' });
    }
    // The named routes keep their meaning.
    expect((await send('GET', '/users/getMe', { token: people.salma.token })).statusCode).toBe(200);
  });
});
