import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { products, wishlistItems } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import {
  apiClient,
  createTaxonomy,
  expectClientError,
  expectFail,
  firstError,
  hostileBodies,
  insertProduct,
} from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());
// Whatever a test sends, the server never answers with a 5xx.
afterEach(expectNo5xx);

const product = (values: Partial<typeof products.$inferInsert> = {}) => insertProduct(t, refs, values);
const customer = () => createAccount(t, 'user');
const addTo = (user: Account, productId: unknown) =>
  send('POST', '/wishlist', { token: user.token, payload: { productId } });
const removeFrom = (user: Account, productId: string) =>
  send('DELETE', `/wishlist/${productId}`, { token: user.token });

function idsOf(res: LightMyRequestResponse, message: string): string[] {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
  expect(body).toMatchObject({ status: 'success', message });
  expect(Array.isArray(body.data)).toBe(true);
  for (const id of body.data) expect(typeof id).toBe('string');
  return body.data;
}

type ProductData = { _id: string; id: string; title: string; imageCover: string; price: number; category: string };
async function listOf(user: Account): Promise<ProductData[]> {
  const res = await send('GET', '/wishlist', { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'results', 'status']);
  expect(body.status).toBe('success');
  expect(body.results).toBe(body.data.length);
  return body.data;
}

describe('wishlist', () => {
  it('starts empty', async () => {
    expect(await listOf(await customer())).toEqual([]);
  });

  it("POST { productId } → { status: 'success', message, data: [productIds] }, newest first", async () => {
    const user = await customer();
    const [p1, p2] = [await product(), await product()];
    expect(idsOf(await addTo(user, p1.id), m.wishlistAdded)).toEqual([p1.id]);
    expect(idsOf(await addTo(user, p2.id), m.wishlistAdded)).toEqual([p2.id, p1.id]);
  });

  it('adding the same product again changes nothing (idempotent)', async () => {
    const user = await customer();
    const [p1, p2] = [await product(), await product()];
    await addTo(user, p1.id);
    await addTo(user, p2.id);
    expect(idsOf(await addTo(user, p1.id), m.wishlistAdded)).toEqual([p2.id, p1.id]);
    const together = await Promise.all([addTo(user, p1.id), addTo(user, p1.id), addTo(user, p1.id)]);
    for (const res of together) expect(idsOf(res, m.wishlistAdded)).toEqual([p2.id, p1.id]);
    const rows = await t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('GET → full products with absolute image URLs and major-unit prices, newest first', async () => {
    const user = await customer();
    const p1 = await product({ price: 12_550, priceAfterDiscount: 9_999, availableColors: ['#ff0000'] });
    const p2 = await product({ price: 500 });
    await addTo(user, p1.id);
    await addTo(user, p2.id);
    const list = await listOf(user);
    expect(list.map((p) => p.id)).toEqual([p2.id, p1.id]);
    const [second, first] = list;
    expect(first).toMatchObject({
      _id: p1.id,
      id: p1.id,
      title: p1.title,
      price: 125.5,
      priceAfterDiscount: 99.99,
      availableColors: ['#ff0000'],
      category: refs.categoryId,
      brand: refs.brandId,
      quantity: p1.quantity,
    });
    expect(second).toMatchObject({ _id: p2.id, price: 5 });
    for (const p of list) expect(p.imageCover).toMatch(/^https?:\/\/[^/]+\/media\/products\/.+\.webp$/);
    // The same shape as the catalogue's own product endpoint.
    const catalogue = await send('GET', `/products/${p1.id}`);
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    expect(first).toEqual(catalogue.json().data);
  });

  it('DELETE /:productId → the updated ids; removing one not in the list is harmless', async () => {
    const user = await customer();
    const [p1, p2] = [await product(), await product()];
    await addTo(user, p1.id);
    await addTo(user, p2.id);
    expect(idsOf(await removeFrom(user, p1.id), m.wishlistRemoved)).toEqual([p2.id]);
    expect(idsOf(await removeFrom(user, p1.id), m.wishlistRemoved)).toEqual([p2.id]);
    expect(idsOf(await removeFrom(user, randomUUID()), m.wishlistRemoved)).toEqual([p2.id]);
    expect((await listOf(user)).map((p) => p.id)).toEqual([p2.id]);
    expect(idsOf(await removeFrom(user, p2.id), m.wishlistRemoved)).toEqual([]);
    expect(await listOf(user)).toEqual([]);
  });

  it('each customer has their own list; removing from one leaves the other', async () => {
    const [a, b] = [await customer(), await customer()];
    const p = await product();
    await addTo(a, p.id);
    expect(await listOf(b)).toEqual([]);
    await addTo(b, p.id);
    idsOf(await removeFrom(b, p.id), m.wishlistRemoved);
    expect((await listOf(a)).map((x) => x.id)).toEqual([p.id]);
  });

  it('a product deleted from the catalogue leaves every wishlist', async () => {
    const user = await customer();
    const [gone, kept] = [await product(), await product()];
    await addTo(user, gone.id);
    await addTo(user, kept.id);
    await t.database.db.delete(products).where(eq(products.id, gone.id));
    expect((await listOf(user)).map((p) => p.id)).toEqual([kept.id]);
  });

  it('404 fail for an unknown product', async () => {
    const user = await customer();
    expectFail(await addTo(user, randomUUID()), 404, m.productNotFound);
    expect(await listOf(user)).toEqual([]);
  });

  it('400 errors for a missing, malformed or wrongly typed productId', async () => {
    const user = await customer();
    expect(firstError(await send('POST', '/wishlist', { token: user.token, payload: {} }))).toMatchObject({
      msg: m.productIdRequired,
      param: 'productId',
      location: 'body',
    });
    expect(firstError(await addTo(user, 'abc'))).toMatchObject({ msg: m.invalidId, param: 'productId', value: 'abc' });
    for (const productId of [1, null, true, [randomUUID()], { id: randomUUID() }, 'a'.repeat(100_000), '\u0000']) {
      expect(firstError(await addTo(user, productId)).param).toBe('productId');
    }
    expect(firstError(await removeFrom(user, 'abc'))).toMatchObject({
      msg: m.invalidId,
      param: 'productId',
      location: 'params',
    });
  });
});

describe('authorization', () => {
  const id = randomUUID();
  const endpoints: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown][] = [
    ['GET', '/wishlist'],
    ['POST', '/wishlist', { productId: id }],
    ['DELETE', `/wishlist/${id}`],
  ];

  it('anonymous → 401 fail', async () => {
    for (const [method, url, payload] of endpoints) {
      expectFail(await send(method, url, { payload }), 401, m.notLoggedIn);
      expectFail(await send(method, url, { payload, token: 'x.y.z' }), 401, m.tokenInvalid);
    }
  });

  it('admin → 403 fail (customers only), even with an invalid body', async () => {
    for (const [method, url, payload] of endpoints) {
      expectFail(await send(method, url, { payload, token: admin.token }), 403, m.forbidden);
    }
    expectFail(await send('POST', '/wishlist', { payload: {}, token: admin.token }), 403, m.forbidden);
    expectFail(await send('DELETE', '/wishlist/abc', { token: admin.token }), 403, m.forbidden);
  });
});

describe('bad input', () => {
  for (const { label, payload, contentType } of hostileBodies) {
    it(`4xx in the contract's shape for ${label}`, async () => {
      const user = await customer();
      const headers = { 'content-type': contentType ?? 'application/json' };
      expectClientError(await send('POST', '/wishlist', { token: user.token, payload, headers }));
      expect(await listOf(user)).toEqual([]);
    });
  }
});
