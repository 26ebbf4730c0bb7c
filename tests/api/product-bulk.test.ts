import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_PRODUCTS } from '../../src/contract/constants.js';
import { orderItems, productSubcategories, products, subcategories } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertProduct,
  type ProductRow,
} from '../helpers/shopping.js';

/*
 * `POST /products/bulk` and the admin list's filters (docs/catalogue.md § Bulk actions, § Low stock):
 * staff only, one transaction, all or nothing.
 */

let t: TestApp;
let admin: Account;
let customer: Account;
let refs: { categoryId: string; brandId: string };
let other: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  customer = await createAccount(t);
  const first = await createTaxonomy(t);
  const second = await createTaxonomy(t);
  refs = { categoryId: first.category.id, brandId: first.brand.id };
  other = { categoryId: second.category.id, brandId: second.brand.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

/** As staff unless another token, or null for none, is given. */
const bulk = (payload: unknown, token: string | null = admin.token) =>
  send('POST', '/products/bulk', { token: token ?? undefined, payload });
const rowsOf = (ids: string[]) => t.database.db.select().from(products).where(inArray(products.id, ids));
const two = async (values: Partial<ProductRow> = {}) => [
  await insertProduct(t, refs, values),
  await insertProduct(t, refs, values),
];

describe('who may call it', () => {
  it('anonymous 401, a customer 403, staff 200; nothing changes for the refused', async () => {
    const [a] = await two();
    if (!a) throw new Error('no product');
    expectFail(await bulk({ ids: [a.id], action: 'draft' }, null), 401);
    expectFail(await bulk({ ids: [a.id], action: 'draft' }, customer.token), 403);
    expect((await rowsOf([a.id]))[0]?.status).toBe('active');
    const ok = await bulk({ ids: [a.id], action: 'draft' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { updated: 1 } });
  });
});

describe('each action', () => {
  it('draft then publish change the status of every product named (an id twice counts once)', async () => {
    const products2 = await two();
    const ids = products2.map((p) => p.id);
    expect((await bulk({ ids: [...ids, ids[0]], action: 'draft' })).json().data.updated).toBe(2);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['draft', 'draft']);
    expect((await send('GET', `/products/${ids[0]}`)).statusCode).toBe(404);
    expect((await bulk({ ids, action: 'publish' })).json().data.updated).toBe(2);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['active', 'active']);
  });

  it('move puts them in the category, drops sub-categories of the old one and re-derives the search text', async () => {
    const [a, b] = await two();
    if (!a || !b) throw new Error('no product');
    const [sub] = await t.database.db
      .insert(subcategories)
      .values({ name: `فرعي ${randomUUID().slice(0, 6)}`, slug: 'sub', categoryId: refs.categoryId })
      .returning();
    if (!sub) throw new Error('no subcategory');
    await t.database.db.insert(productSubcategories).values({ productId: a.id, subcategoryId: sub.id });
    const res = await bulk({ ids: [a.id, b.id], action: 'move', categoryId: other.categoryId });
    expect(res.json().data.updated).toBe(2);
    const rows = await rowsOf([a.id, b.id]);
    expect(rows.map((r) => r.categoryId)).toEqual([other.categoryId, other.categoryId]);
    expect(
      await t.database.db.select().from(productSubcategories).where(eq(productSubcategories.productId, a.id)),
    ).toEqual([]);
    expect(rows.every((r) => r.searchGroups !== a.searchGroups)).toBe(true);
  });

  it('move needs a category that exists', async () => {
    const [a] = await two();
    if (!a) throw new Error('no product');
    expect(firstError(await bulk({ ids: [a.id], action: 'move' }))).toMatchObject({
      param: 'categoryId',
      code: 'CATEGORY_REQUIRED',
    });
    const missing = await bulk({ ids: [a.id], action: 'move', categoryId: randomUUID() });
    expect(missing.json().errors[0]).toMatchObject({ param: 'categoryId', code: 'CATEGORY_NOT_FOUND' });
    expect((await rowsOf([a.id]))[0]?.categoryId).toBe(refs.categoryId);
  });

  it('delete removes them; one that orders name goes too, as a single delete does (orders keep their lines)', async () => {
    const [a, b] = await two();
    if (!a || !b) throw new Error('no product');
    const shopper = await customerWithCart(t, send, [{ productId: a.id }]);
    const order = await send('POST', `/orders/${shopper.cartId}`, {
      token: shopper.user.token,
      payload: { shippingAddress },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await bulk({ ids: [a.id, b.id], action: 'delete' })).json().data.updated).toBe(2);
    expect(await rowsOf([a.id, b.id])).toEqual([]);
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.json().data._id));
    expect(line).toMatchObject({ productId: null, title: a.title });
  });
});

describe('all or nothing', () => {
  it('an id that names no product changes none of the others: PRODUCT_NOT_FOUND', async () => {
    const [a] = await two();
    if (!a) throw new Error('no product');
    expectFail(await bulk({ ids: [a.id, randomUUID()], action: 'draft' }), 404, 'No product for this id');
    expectFail(await bulk({ ids: [a.id, randomUUID()], action: 'delete' }), 404);
    expect((await rowsOf([a.id]))[0]?.status).toBe('active');
  });

  it('refuses no ids, more than the limit, bad ids and unknown actions', async () => {
    const tooMany = Array.from({ length: MAX_BULK_PRODUCTS + 1 }, () => randomUUID());
    for (const ids of [[], tooMany, 'all', null]) {
      expect(firstError(await bulk({ ids, action: 'draft' }))).toMatchObject({
        param: 'ids',
        code: 'BULK_IDS_INVALID',
      });
    }
    expect(firstError(await bulk({ ids: ['x'], action: 'draft' }))).toMatchObject({ code: 'INVALID_ID' });
    expect(firstError(await bulk({ ids: [randomUUID()], action: 'hide' }))).toMatchObject({
      param: 'action',
      code: 'BULK_ACTION_INVALID',
    });
  });
});

describe('the admin list: stock filter', () => {
  it('in, low (1 to the threshold), out; staff see drafts among them with status=all', async () => {
    const category = other.categoryId;
    const out = await insertProduct(t, { categoryId: category }, { quantity: 0 });
    const low = await insertProduct(t, { categoryId: category }, { quantity: 5, status: 'draft' });
    const plenty = await insertProduct(t, { categoryId: category }, { quantity: 6 });
    const list = async (stock: string) =>
      (
        await send('GET', `/products?category=${category}&status=all&stock=${stock}&sort=quantity`, {
          token: admin.token,
        })
      )
        .json()
        .data.map((p: { id: string }) => p.id)
        .filter((id: string) => [out.id, low.id, plenty.id].includes(id));
    expect(await list('all')).toEqual([out.id, low.id, plenty.id]);
    expect(await list('in')).toEqual([low.id, plenty.id]);
    expect(await list('low')).toEqual([low.id]);
    expect(await list('out')).toEqual([out.id]);
    const raised = await send('PUT', '/settings', { token: admin.token, payload: { lowStockThreshold: 6 } });
    expect(raised.statusCode).toBe(200);
    expect(await list('low')).toEqual([low.id, plenty.id]);
    await send('PUT', '/settings', { token: admin.token, payload: { lowStockThreshold: 5 } });
    expect(firstError(await send('GET', '/products?stock=few'))).toMatchObject({
      param: 'stock',
      code: 'STOCK_FILTER_INVALID',
    });
  });
});
