import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '../../src/contract/dates.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { coupons } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import {
  apiClient,
  createTaxonomy,
  expectClientError,
  expectEnvelope,
  expectFail,
  firstError,
  hostileBodies,
  insertProduct,
} from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
let user: Account;
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  user = await createAccount(t, 'user');
});
afterAll(() => t.close());
// Whatever a test sends, the server never answers with a 5xx.
afterEach(expectNo5xx);

type CouponData = {
  _id: string;
  id: string;
  name: string;
  expire: string;
  discount: number;
  createdAt: string;
  updatedAt: string;
};

const code = () => `sale${randomUUID().slice(0, 8)}`;
const post = (payload: unknown, token = admin.token) => send('POST', '/coupons', { token, payload });
const put = (id: string, payload: unknown, token = admin.token) => send('PUT', `/coupons/${id}`, { token, payload });

function dataOf(res: LightMyRequestResponse, status = 200): CouponData {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['data']);
  const data = body.data as CouponData;
  expect(data._id).toBe(data.id);
  expect(new Date(data.expire).toISOString()).toBe(data.expire);
  return data;
}

async function create(values: Record<string, unknown> = {}) {
  return dataOf(await post({ name: code(), expire: '2099-12-31', discount: 10, ...values }), 201);
}

describe('POST /coupons', () => {
  it('creates a coupon → 201 { data: { _id, id, name (upper case), expire ISO, discount } }', async () => {
    const name = code();
    const res = await post({ name: `  ${name}  `, expire: '2099-12-31', discount: 15 });
    const data = dataOf(res, 201);
    // A day lasts to its end in the shop's zone (Riyadh, UTC+3; docs/dates.md).
    expect(data).toMatchObject({ name: name.toUpperCase(), expire: '2099-12-31T20:59:59.999Z', discount: 15 });
    expect(typeof data.createdAt).toBe('string');
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, data.id));
    expect(row?.name).toBe(name.toUpperCase());
  });

  it('keeps a full timestamp as sent; a date-only expiry lasts to the end of that day (UTC)', async () => {
    expect((await create({ expire: '2099-06-01T12:30:00.000Z' })).expire).toBe('2099-06-01T12:30:00.000Z');
    expect((await create({ expire: '2099-06-01T12:30:00+02:00' })).expire).toBe('2099-06-01T10:30:00.000Z');
    expect((await create({ expire: '٢٠٩٩-٠١-٠٢' })).expire).toBe('2099-01-02T20:59:59.999Z');
    expect((await create({ expire: '2024-02-29' })).expire).toBe('2024-02-29T20:59:59.999Z');
  });

  it('a coupon expiring today (date only) can still be used today; one from yesterday cannot', async () => {
    const { category } = await createTaxonomy(t);
    const p = await insertProduct(t, { categoryId: category.id }, { price: 10_000 });
    await send('POST', '/cart', { token: user.token, payload: { productId: p.id } });
    // The shop's day, not UTC's: a date-only expiry ends at the shop's midnight (docs/dates.md).
    const today = shopDay(new Date(), t.config.timeZone);
    const yesterday = shopDay(new Date(Date.now() - 86_400_000), t.config.timeZone);
    const live = await create({ expire: today, discount: 25 });
    const gone = await create({ expire: yesterday, discount: 25 });
    const applied = await send('PUT', '/cart/applyCoupon', { token: user.token, payload: { couponName: live.name } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ coupon: live.name, totalAfterDiscount: 75 });
    expectFail(
      await send('PUT', '/cart/applyCoupon', { token: user.token, payload: { couponName: gone.name } }),
      400,
      m.couponInvalid,
    );
  });

  it('accepts numbers as text (and in Arabic-Indic digits) for the discount', async () => {
    expect((await create({ discount: '20' })).discount).toBe(20);
    expect((await create({ discount: '٣٥' })).discount).toBe(35);
  });

  it('names the missing field, first error first', async () => {
    expect(firstError(await post({}))).toMatchObject({ msg: m.couponNameRequired, param: 'name', location: 'body' });
    expect(firstError(await post({ expire: '2099-01-01', discount: 5 }))).toMatchObject({
      msg: m.couponNameRequired,
      param: 'name',
    });
    expect(firstError(await post({ name: '   ', expire: '2099-01-01', discount: 5 })).msg).toBe(m.couponNameRequired);
    expect(firstError(await post({ name: code(), discount: 5 }))).toMatchObject({
      msg: m.couponExpireRequired,
      param: 'expire',
    });
    expect(firstError(await post({ name: code(), expire: '', discount: 5 })).msg).toBe(m.couponExpireRequired);
    expect(firstError(await post({ name: code(), expire: '2099-01-01' }))).toMatchObject({
      msg: m.couponDiscountRequired,
      param: 'discount',
    });
    expect(firstError(await post({ name: code(), expire: '2099-01-01', discount: '' })).msg).toBe(
      m.couponDiscountRequired,
    );
    const all = (await post({})).json().errors.map((e: { param: string }) => e.param);
    expect(all).toEqual(['name', 'expire', 'discount']);
  });

  it("discount must be a whole number from 1 to 100: 'Discount must be between 1 and 100'", async () => {
    for (const discount of [0, -1, 101, 10.5, 1e9]) {
      expect(firstError(await post({ name: code(), expire: '2099-01-01', discount })), String(discount)).toMatchObject({
        msg: m.couponDiscountRange,
        param: 'discount',
      });
    }
    for (const discount of ['abc', null, true, [10], { v: 10 }]) {
      expect(firstError(await post({ name: code(), expire: '2099-01-01', discount })).param).toBe('discount');
    }
    expect((await create({ discount: 1 })).discount).toBe(1);
    expect((await create({ discount: 100 })).discount).toBe(100);
  });

  it('refuses expiry values that are not dates (or not real days)', async () => {
    for (const expire of ['not a date', '2099-02-30', '2099-13-01', '2023-02-29', '0000-01-01', '10000-01-01']) {
      expect(firstError(await post({ name: code(), expire, discount: 5 })), expire).toMatchObject({
        msg: m.couponExpireInvalid,
        param: 'expire',
      });
    }
    for (const expire of ['-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', 12345, null, ['2099-01-01']]) {
      expect(firstError(await post({ name: code(), expire, discount: 5 })).param).toBe('expire');
    }
  });

  it("refuses a duplicate name in any case: 400 'Coupon name already exists'", async () => {
    const existing = await create();
    for (const name of [existing.name, existing.name.toLowerCase(), ` ${existing.name} `]) {
      expect(firstError(await post({ name, expire: '2099-01-01', discount: 5 }))).toMatchObject({
        msg: m.couponNameTaken,
        param: 'name',
      });
    }
    const [total] = await t.database.db.select({ value: count() }).from(coupons).where(eq(coupons.name, existing.name));
    expect(total?.value).toBe(1);
  });

  it('refuses names that are too long, wrongly typed or contain NUL; odd Unicode never makes a 5xx', async () => {
    expect(firstError(await post({ name: 'A'.repeat(51), expire: '2099-01-01', discount: 5 })).param).toBe('name');
    expect(firstError(await post({ name: 'A'.repeat(200_000), expire: '2099-01-01', discount: 5 })).param).toBe('name');
    for (const name of [42, null, ['A'], { n: 'A' }, 'A\u0000B']) {
      expect(firstError(await post({ name, expire: '2099-01-01', discount: 5 }))).toMatchObject({ param: 'name' });
    }
    for (const name of ['ǅ', 'ß', 'straße', 'istanbul', 'ﬀ', 'ŉ', 'ᾳ', 'ა', 'خصم', '\ud800', '😀']) {
      const res = await post({ name: `${name}${randomUUID().slice(0, 4)}`, expire: '2099-01-01', discount: 5 });
      if (res.statusCode !== 201) expectClientError(res);
    }
    // Arabic names are kept as typed.
    const arabic = `خصم${randomUUID().slice(0, 4)}`;
    expect((await create({ name: arabic })).name).toBe(arabic.toUpperCase());
  });

  it('ignores fields the client may not set', async () => {
    const id = randomUUID();
    const data = await create({ _id: id, id, createdAt: '2000-01-01T00:00:00.000Z' });
    expect(data.id).not.toBe(id);
    expect(data).not.toHaveProperty('createdAt', '2000-01-01T00:00:00.000Z');
  });
});

describe('GET /coupons', () => {
  it('lists with the contract envelope and paging', async () => {
    for (let i = 0; i < 3; i++) await create();
    const [total] = await t.database.db.select({ value: count() }).from(coupons);
    const results = total?.value ?? 0;
    const all = await send('GET', '/coupons', { token: admin.token });
    expect(all.statusCode).toBe(200);
    expectEnvelope(all.json(), { results, currentPage: 1, limit: 50, length: Math.min(results, 50) });
    const page1 = await send('GET', '/coupons?limit=2', { token: admin.token });
    expectEnvelope(page1.json(), { results, currentPage: 1, limit: 2, length: 2 });
    const page2 = await send('GET', '/coupons?limit=2&page=2', { token: admin.token });
    expectEnvelope(page2.json(), { results, currentPage: 2, limit: 2 });
    const ids1 = page1.json().data.map((c: CouponData) => c.id);
    const ids2 = page2.json().data.map((c: CouponData) => c.id);
    expect(ids1.filter((id: string) => ids2.includes(id))).toEqual([]);
    // Newest first.
    const listed = all.json().data as CouponData[];
    const times = listed.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const beyond = await send('GET', '/coupons?limit=2&page=1000', { token: admin.token });
    expectEnvelope(beyond.json(), { results, currentPage: 1000, limit: 2, length: 0 });
    for (const coupon of all.json().data as CouponData[]) {
      expect(Object.keys(coupon).sort()).toEqual(['_id', 'createdAt', 'discount', 'expire', 'id', 'name', 'updatedAt']);
    }
  });

  it('400 errors for bad paging', async () => {
    expect(firstError(await send('GET', '/coupons?page=0', { token: admin.token }))).toMatchObject({
      msg: m.pageInvalid,
      param: 'page',
      location: 'query',
    });
    expect(firstError(await send('GET', '/coupons?limit=101', { token: admin.token })).msg).toBe(m.limitInvalid);
    expect(firstError(await send('GET', '/coupons?limit=1.5', { token: admin.token })).msg).toBe(m.limitInvalid);
  });
});

describe('GET/PUT/DELETE /coupons/:id', () => {
  it('gets one → { data }', async () => {
    const created = await create();
    expect(dataOf(await send('GET', `/coupons/${created.id}`, { token: admin.token }))).toEqual(created);
  });

  it('updates any subset of fields; the name is upper-cased, the rest kept', async () => {
    const created = await create({ discount: 10, expire: '2099-01-01' });
    const renamed = code();
    const res = dataOf(await put(created.id, { name: renamed }));
    expect(res).toMatchObject({ name: renamed.toUpperCase(), discount: 10, expire: created.expire });
    const reExpired = dataOf(await put(created.id, { expire: '2099-03-04' }));
    expect(reExpired).toMatchObject({ name: renamed.toUpperCase(), expire: '2099-03-04T20:59:59.999Z' });
    expect(dataOf(await put(created.id, { discount: 55 })).discount).toBe(55);
    expect(dataOf(await send('GET', `/coupons/${created.id}`, { token: admin.token })).discount).toBe(55);
    // Its own name again is not a duplicate; an empty body changes nothing.
    expect(dataOf(await put(created.id, { name: renamed.toLowerCase() })).name).toBe(renamed.toUpperCase());
    expect(dataOf(await put(created.id, {}))).toMatchObject({ name: renamed.toUpperCase(), discount: 55 });
  });

  it('update allows discount 0 (switched off) but not below 0 or above 100', async () => {
    const created = await create();
    expect(dataOf(await put(created.id, { discount: 0 })).discount).toBe(0);
    for (const discount of [-1, 101, 2.5]) {
      expect(firstError(await put(created.id, { discount }))).toMatchObject({
        msg: m.couponDiscountEditRange,
        param: 'discount',
      });
    }
    expect(dataOf(await put(created.id, { discount: 100 })).discount).toBe(100);
  });

  it('update validates like create: empty name, bad expiry, a name taken by another coupon', async () => {
    const [a, b] = [await create(), await create()];
    expect(firstError(await put(a.id, { name: '' })).msg).toBe(m.couponNameRequired);
    expect(firstError(await put(a.id, { expire: 'soon' })).msg).toBe(m.couponExpireInvalid);
    expect(firstError(await put(a.id, { name: b.name.toLowerCase() }))).toMatchObject({
      msg: m.couponNameTaken,
      param: 'name',
    });
    expect(dataOf(await send('GET', `/coupons/${a.id}`, { token: admin.token }))).toEqual(a);
  });

  it('deletes → 204 with an empty body; then 404', async () => {
    const created = await create();
    const res = await send('DELETE', `/coupons/${created.id}`, { token: admin.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectFail(await send('GET', `/coupons/${created.id}`, { token: admin.token }), 404, m.couponNotFound);
    expectFail(await send('DELETE', `/coupons/${created.id}`, { token: admin.token }), 404, m.couponNotFound);
  });

  it('404 fail for an unknown id, 400 errors for a malformed one', async () => {
    const id = randomUUID();
    expectFail(await send('GET', `/coupons/${id}`, { token: admin.token }), 404, m.couponNotFound);
    expectFail(await put(id, { discount: 5 }), 404, m.couponNotFound);
    expectFail(await send('DELETE', `/coupons/${id}`, { token: admin.token }), 404, m.couponNotFound);
    for (const [method, payload] of [['GET'], ['PUT', { discount: 5 }], ['DELETE']] as const) {
      expect(firstError(await send(method, '/coupons/123', { token: admin.token, payload }))).toMatchObject({
        msg: m.invalidId,
        param: 'id',
        location: 'params',
        value: '123',
      });
    }
  });
});

describe('authorization', () => {
  const id = randomUUID();
  const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
    ['GET', '/coupons'],
    ['GET', `/coupons/${id}`],
    ['POST', '/coupons', { name: 'X', expire: '2099-01-01', discount: 5 }],
    ['PUT', `/coupons/${id}`, { discount: 5 }],
    ['DELETE', `/coupons/${id}`],
  ];

  it('anonymous → 401 fail on every coupon endpoint', async () => {
    for (const [method, url, payload] of endpoints) {
      expectFail(await send(method, url, { payload }), 401, m.notLoggedIn);
      expectFail(await send(method, url, { payload, token: 'garbage' }), 401, m.tokenInvalid);
    }
  });

  it('role user → 403 fail on every coupon endpoint, before validating anything; nothing changes', async () => {
    const existing = await create({ discount: 30 });
    for (const [method, url, payload] of [
      ...endpoints,
      ['GET', `/coupons/${existing.id}`],
      ['PUT', `/coupons/${existing.id}`, { discount: 99 }],
      ['DELETE', `/coupons/${existing.id}`],
      ['POST', '/coupons', {}],
      ['GET', '/coupons/not-an-id'],
    ] as typeof endpoints) {
      expectFail(await send(method, url, { payload, token: user.token }), 403, m.forbidden);
    }
    expect(dataOf(await send('GET', `/coupons/${existing.id}`, { token: admin.token }))).toEqual(existing);
  });
});

describe('bad input', () => {
  for (const { label, payload, contentType } of hostileBodies) {
    it(`4xx in the contract's shape for ${label}`, async () => {
      const existing = await create();
      const headers = { 'content-type': contentType ?? 'application/json' };
      expectClientError(await send('POST', '/coupons', { token: admin.token, payload, headers }));
      expectClientError(await send('PUT', `/coupons/${existing.id}`, { token: admin.token, payload, headers }));
      expect(dataOf(await send('GET', `/coupons/${existing.id}`, { token: admin.token }))).toEqual(existing);
    });
  }
});
