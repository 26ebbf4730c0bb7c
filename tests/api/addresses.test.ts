import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { phoneInvalidMessage } from '../../src/contract/phone-messages.js';
import { addresses } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, expectClientError, expectFail, firstError, hostileBodies } from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
});
afterAll(() => t.close());
// Whatever a test sends, the server never answers with a 5xx.
afterEach(expectNo5xx);

type AddressData = {
  _id: string;
  id: string;
  alias: string;
  details: string;
  phone: string;
  city: string;
  postalCode: string;
};

const customer = () => createAccount(t, 'user');
const home = { alias: 'المنزل', details: 'شارع التحلية ١٢، الدور الثالث', phone: '+966551234567', city: 'الرياض' };
const post = (user: Account, payload: unknown) => send('POST', '/addresses', { token: user.token, payload });
const put = (user: Account, id: string, payload: unknown) =>
  send('PUT', `/addresses/${id}`, { token: user.token, payload });

function listOf(res: LightMyRequestResponse, message: string): AddressData[] {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
  expect(body).toMatchObject({ status: 'success', message });
  for (const address of body.data as AddressData[]) {
    expect(Object.keys(address).sort()).toEqual(['_id', 'alias', 'city', 'details', 'id', 'phone', 'postalCode']);
    expect(address._id).toBe(address.id);
  }
  return body.data;
}

async function addressesOf(user: Account): Promise<AddressData[]> {
  const res = await send('GET', '/addresses', { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'results', 'status']);
  expect(body.status).toBe('success');
  expect(body.results).toBe(body.data.length);
  return body.data;
}

async function added(user: Account, payload: Record<string, unknown> = home): Promise<AddressData> {
  const list = listOf(await post(user, payload), m.addressAdded);
  const last = list.at(-1);
  if (!last) throw new Error('no address returned');
  return last;
}

describe('POST /addresses', () => {
  it("adds an address → { status: 'success', message, data: [all addresses] }", async () => {
    const user = await customer();
    const first = await added(user, { ...home, postalCode: '11511' });
    expect(first).toMatchObject({ ...home, postalCode: '11511' });
    const work = { alias: 'العمل', details: 'مبنى ٥', phone: '+966561234567', city: 'جدة', postalCode: '12611' };
    const list = listOf(await post(user, work), m.addressAdded);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual(first);
    expect(list[1]).toMatchObject(work);
  });

  it('postalCode is optional (empty by default) and typed digits are normalised', async () => {
    const user = await customer();
    expect((await added(user, home)).postalCode).toBe(t.config.defaultPostalCode);
    expect((await added(user, { ...home, postalCode: '' })).postalCode).toBe(t.config.defaultPostalCode);
    expect((await added(user, { ...home, postalCode: ' ١٢٣٤٥ ' })).postalCode).toBe('12345');
  });

  it("accepts the Saudi shop's mobile numbers in their usual forms, other markets' with their code, stored as E.164", async () => {
    const user = await customer();
    const cases: [typed: string, stored: string][] = [
      ['0551234567', '+966551234567'],
      ['551234567', '+966551234567'],
      ['٠٥٥١٢٣٤٥٦٧', '+966551234567'],
      ['۰۵۶۱۲۳۴۵۶۷', '+966561234567'],
      ['055 123 4567', '+966551234567'],
      ['056-123-4567', '+966561234567'],
      ['+966 55 123 4567', '+966551234567'],
      ['00966551234567', '+966551234567'],
      ['966551234567', '+966551234567'],
      ['+201512345678', '+201512345678'],
      ['00971501234567', '+971501234567'],
    ];
    for (const [phone, stored] of cases) {
      expect((await added(user, { ...home, phone })).phone, phone).toBe(stored);
    }
  });

  it('refuses other numbers with a message naming the rule (PHONE_INVALID)', async () => {
    const user = await customer();
    for (const phone of [
      '01012345678',
      '+9660551234567',
      '0131234567',
      '123',
      'abc',
      '055123456',
      '05512345679',
      '+12125550100',
    ]) {
      expect(firstError(await post(user, { ...home, phone })), phone).toMatchObject({
        msg: phoneInvalidMessage('SA'),
        code: 'PHONE_INVALID',
        param: 'phone',
        location: 'body',
      });
    }
    expect(await addressesOf(user)).toEqual([]);
  });

  it('names each missing field with its message, first error first', async () => {
    const user = await customer();
    const messages = {
      alias: m.aliasRequired,
      details: m.detailsRequired,
      phone: m.phoneRequired,
      city: m.cityRequired,
    } as const;
    for (const [field, msg] of Object.entries(messages)) {
      const { [field as keyof typeof home]: _omitted, ...rest } = home;
      expect(firstError(await post(user, rest)), field).toMatchObject({ msg, param: field, location: 'body' });
      expect(firstError(await post(user, { ...home, [field]: '' })).msg).toBe(msg);
      expect(firstError(await post(user, { ...home, [field]: '   ' })).msg).toBe(msg);
      expect(firstError(await post(user, { ...home, [field]: null })).msg).toBe(msg);
    }
    const all = (await post(user, {})).json().errors.map((e: { param: string; msg: string }) => [e.param, e.msg]);
    expect(all).toEqual(Object.entries(messages));
    expect(await addressesOf(user)).toEqual([]);
  });

  it('refuses wrong types, arrays, huge strings and NUL characters with 400 errors', async () => {
    const user = await customer();
    for (const field of ['alias', 'details', 'phone', 'city', 'postalCode']) {
      for (const value of [42, true, ['x'], { v: 'x' }, 'x'.repeat(100_000), 'a\u0000b']) {
        const res = await post(user, { ...home, [field]: value });
        expect(firstError(res).param, `${field} ${JSON.stringify(value).slice(0, 20)}`).toBe(field);
      }
    }
    expect(firstError(await post(user, { ...home, alias: 'ا'.repeat(51) })).param).toBe('alias');
    expect(firstError(await post(user, { ...home, details: 'ا'.repeat(501) })).param).toBe('details');
    expect(firstError(await post(user, { ...home, city: 'ا'.repeat(81) })).param).toBe('city');
    expect(firstError(await post(user, { ...home, postalCode: '1'.repeat(21) })).param).toBe('postalCode');
    expect(await addressesOf(user)).toEqual([]);
  });

  it('ignores fields the client may not set (owner, id)', async () => {
    const [user, other] = [await customer(), await customer()];
    const id = randomUUID();
    const address = await added(user, { ...home, _id: id, id, userId: other.id, user: other.id });
    expect(address.id).not.toBe(id);
    expect(await addressesOf(other)).toEqual([]);
    expect(await addressesOf(user)).toEqual([address]);
  });

  it('keeps at most 20 addresses per customer', async () => {
    const user = await customer();
    await t.database.db
      .insert(addresses)
      .values(Array.from({ length: 20 }, (_, i) => ({ ...home, alias: `عنوان ${i}`, userId: user.id })));
    expectFail(await post(user, home), 400, m.addressLimit);
    expect(await addressesOf(user)).toHaveLength(20);
  });

  it('keeps the limit when 40 addresses are sent at once (counted under a lock on the customer)', async () => {
    const user = await customer();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send('POST', '/addresses', { token: user.token, payload: { ...home, alias: `ع ${i}` } }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(20);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) expectFail(res, 400, m.addressLimit);
    const [stored] = await t.database.db
      .select({ value: count() })
      .from(addresses)
      .where(eq(addresses.userId, user.id));
    expect(stored?.value).toBe(20);
  });
});

describe('GET /addresses and /addresses/:id', () => {
  it("lists the caller's addresses in the order they were added", async () => {
    const user = await customer();
    expect(await addressesOf(user)).toEqual([]);
    const a = await added(user, { ...home, alias: 'أ' });
    const b = await added(user, { ...home, alias: 'ب' });
    expect(await addressesOf(user)).toEqual([a, b]);
    expect(await addressesOf(await customer())).toEqual([]);
  });

  it("GET /:id → { status: 'success', data }", async () => {
    const user = await customer();
    const a = await added(user);
    const res = await send('GET', `/addresses/${a.id}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: a });
  });

  it('404 fail for an unknown id, 400 errors for a malformed one', async () => {
    const user = await customer();
    const id = randomUUID();
    expectFail(await send('GET', `/addresses/${id}`, { token: user.token }), 404, m.addressNotFound);
    expectFail(await put(user, id, { city: 'x' }), 404, m.addressNotFound);
    expectFail(await send('DELETE', `/addresses/${id}`, { token: user.token }), 404, m.addressNotFound);
    for (const [method, payload] of [['GET'], ['PUT', { city: 'x' }], ['DELETE']] as const) {
      expect(firstError(await send(method, '/addresses/xyz', { token: user.token, payload }))).toMatchObject({
        msg: m.invalidId,
        param: 'id',
        location: 'params',
        value: 'xyz',
      });
    }
  });
});

describe('PUT /addresses/:id', () => {
  it('updates the given fields only → { status, message, data: [all] }', async () => {
    const user = await customer();
    const a = await added(user, { ...home, postalCode: '11511' });
    const b = await added(user, { ...home, alias: 'العمل' });
    const list = listOf(await put(user, a.id, { city: 'الدمام', phone: '٠٥٠٢٢٣٣٤٤٥' }), m.addressUpdated);
    expect(list).toEqual([{ ...a, city: 'الدمام', phone: '+966502233445' }, b]);
    expect(listOf(await put(user, a.id, {}), m.addressUpdated)).toEqual(list);
    expect(listOf(await put(user, a.id, { postalCode: '' }), m.addressUpdated)[0]?.postalCode).toBe('');
  });

  it('validates like POST', async () => {
    const user = await customer();
    const a = await added(user);
    expect(firstError(await put(user, a.id, { phone: '01012345678' })).msg).toBe(phoneInvalidMessage('SA'));
    expect(firstError(await put(user, a.id, { alias: '  ' })).msg).toBe(m.aliasRequired);
    expect(firstError(await put(user, a.id, { details: '' })).msg).toBe(m.detailsRequired);
    expect(firstError(await put(user, a.id, { city: '' })).msg).toBe(m.cityRequired);
    expect(firstError(await put(user, a.id, { phone: '' })).msg).toBe(m.phoneRequired);
    expect(firstError(await put(user, a.id, { alias: ['x'] })).param).toBe('alias');
    expect(firstError(await put(user, a.id, { city: 'x\u0000' })).param).toBe('city');
    expect(await addressesOf(user)).toEqual([a]);
  });
});

describe('DELETE /addresses/:id', () => {
  it('removes one → { status, message, data: [remaining] }; again → 404', async () => {
    const user = await customer();
    const a = await added(user);
    const b = await added(user, { ...home, alias: 'العمل' });
    expect(listOf(await send('DELETE', `/addresses/${a.id}`, { token: user.token }), m.addressRemoved)).toEqual([b]);
    expectFail(await send('DELETE', `/addresses/${a.id}`, { token: user.token }), 404, m.addressNotFound);
    expect(listOf(await send('DELETE', `/addresses/${b.id}`, { token: user.token }), m.addressRemoved)).toEqual([]);
  });
});

describe('ownership (no IDOR)', () => {
  it("another customer's address id → 404 for GET, PUT and DELETE, and it stays unchanged", async () => {
    const [owner, intruder] = [await customer(), await customer()];
    const a = await added(owner, { ...home, postalCode: '11511' });
    const own = await added(intruder, { ...home, alias: 'بيتي' });
    expectFail(await send('GET', `/addresses/${a.id}`, { token: intruder.token }), 404, m.addressNotFound);
    expectFail(await put(intruder, a.id, { city: 'مدينة أخرى', phone: '0599999999' }), 404, m.addressNotFound);
    expectFail(await send('DELETE', `/addresses/${a.id}`, { token: intruder.token }), 404, m.addressNotFound);
    expect(await addressesOf(owner)).toEqual([a]);
    expect(await addressesOf(intruder)).toEqual([own]);
    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, a.id));
    expect(row).toMatchObject({ userId: owner.id, city: home.city, phone: home.phone });
  });
});

describe('authorization', () => {
  const id = randomUUID();
  const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
    ['GET', '/addresses'],
    ['GET', `/addresses/${id}`],
    ['POST', '/addresses', home],
    ['PUT', `/addresses/${id}`, { city: 'x' }],
    ['DELETE', `/addresses/${id}`],
  ];

  it('anonymous → 401 fail on every address endpoint', async () => {
    for (const [method, url, payload] of endpoints) {
      expectFail(await send(method, url, { payload }), 401, m.notLoggedIn);
      expectFail(await send(method, url, { payload, headers: { authorization: 'Basic abc' } }), 401, m.notLoggedIn);
      expectFail(await send(method, url, { payload, token: 'a.b.c' }), 401, m.tokenInvalid);
    }
  });

  it('admin → 403 fail on every address endpoint (customers only), even for their own rows', async () => {
    const [row] = await t.database.db
      .insert(addresses)
      .values({ ...home, userId: admin.id })
      .returning();
    for (const [method, url, payload] of [
      ...endpoints,
      ['GET', `/addresses/${row?.id}`],
      ['DELETE', `/addresses/${row?.id}`],
      ['POST', '/addresses', {}],
    ] as typeof endpoints) {
      expectFail(await send(method, url, { payload, token: admin.token }), 403, m.forbidden);
    }
    const [still] = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, row?.id ?? ''));
    expect(still).toBeDefined();
  });
});

describe('bad input', () => {
  for (const { label, payload, contentType } of hostileBodies) {
    it(`4xx in the contract's shape for ${label}`, async () => {
      const user = await customer();
      const a = await added(user);
      const headers = { 'content-type': contentType ?? 'application/json' };
      expectClientError(await send('POST', '/addresses', { token: user.token, payload, headers }));
      expectClientError(await send('PUT', `/addresses/${a.id}`, { token: user.token, payload, headers }));
      expect(await addressesOf(user)).toEqual([a]);
    });
  }
});
