import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addresses, products } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { multipart, pngImage } from '../helpers/multipart.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertProduct,
  type ProductRow,
  unique,
} from '../helpers/shopping.js';

/*
 * Drafts (docs/catalogue.md § Drafts): staff see them, nobody else does — not by id, not in the
 * listing, the keyword search, the suggestions, a category's or a brand's products, nor a cart.
 */

let t: TestApp;
let admin: Account;
let customer: Account;
let refs: { categoryId: string; brandId: string };
let draft: ProductRow;
let active: ProductRow;
const word = `مسودةتجريب${Date.now() % 1000}`;
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  customer = await createAccount(t);
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
  draft = await insertProduct(t, refs, { title: `${word} مخفي`, status: 'draft' });
  active = await insertProduct(t, refs, { title: `${word} ظاهر` });
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const idsOf = (res: { json: () => { data: { id: string }[] } }) => res.json().data.map((p) => p.id);
const setStatus = (id: string, status: 'active' | 'draft') =>
  t.database.db.update(products).set({ status }).where(eq(products.id, id));

describe('a draft by id', () => {
  it('is PRODUCT_NOT_FOUND to anonymous visitors, customers and bad tokens, like an id that names nothing', async () => {
    for (const token of [undefined, customer.token, 'not-a-token']) {
      expectFail(await send('GET', `/products/${draft.id}`, { token }), 404, 'No product for this id');
    }
  });

  it('is shown to staff with its status, and an active product says it is active', async () => {
    const res = await send('GET', `/products/${draft.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: draft.id, status: 'draft' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await send('GET', `/products/${active.id}`)).json().data.status).toBe('active');
  });

  it('its reviews are as hidden as it is: PRODUCT_NOT_FOUND but to staff', async () => {
    for (const token of [undefined, customer.token]) {
      expectFail(await send('GET', `/products/${draft.id}/reviews`, { token }), 404, 'No product for this id');
    }
    expect((await send('GET', `/products/${draft.id}/reviews`, { token: admin.token })).statusCode).toBe(200);
    expect((await send('GET', `/products/${active.id}/reviews`)).statusCode).toBe(200);
  });
});

describe('every public place leaves drafts out', () => {
  it('the listing, for everyone, staff included when they do not ask for drafts', async () => {
    for (const token of [undefined, customer.token, admin.token]) {
      const ids = idsOf(await send('GET', '/products?limit=100', { token }));
      expect(ids).toContain(active.id);
      expect(ids).not.toContain(draft.id);
    }
  });

  it('the keyword search and its count', async () => {
    const res = await send('GET', `/products?keyword=${encodeURIComponent(word)}`);
    expect(idsOf(res)).toEqual([active.id]);
    expect(res.json().results).toBe(1);
  });

  it('the suggestions', async () => {
    const res = await send('GET', `/products/suggest?keyword=${encodeURIComponent(word)}`);
    const ids = res.json().data.map((s: { id: string }) => s.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(draft.id);
  });

  it("a category's and a brand's products (the group pages and the sitemap read these lists)", async () => {
    for (const filter of [`category=${refs.categoryId}`, `brand=${refs.brandId}`]) {
      const res = await send('GET', `/products?${filter}`);
      expect(idsOf(res)).toEqual([active.id]);
      expect(res.json().results).toBe(1);
    }
  });
});

describe('GET /products?status=', () => {
  it('staff list drafts, active products or both', async () => {
    const list = (status: string) =>
      send('GET', `/products?status=${status}&category=${refs.categoryId}`, { token: admin.token });
    expect(idsOf(await list('draft'))).toEqual([draft.id]);
    expect(idsOf(await list('active'))).toEqual([active.id]);
    expect(new Set(idsOf(await list('all')))).toEqual(new Set([draft.id, active.id]));
  });

  it('anyone may ask for active products; drafts are refused: 401 anonymous, 403 a customer', async () => {
    expect(idsOf(await send('GET', `/products?status=active&category=${refs.categoryId}`))).toEqual([active.id]);
    for (const status of ['draft', 'all']) {
      expectFail(await send('GET', `/products?status=${status}`), 401);
      expectFail(await send('GET', `/products?status=${status}`, { token: customer.token }), 403);
    }
  });

  it('an unknown status is PRODUCT_STATUS_INVALID', async () => {
    expect(firstError(await send('GET', '/products?status=hidden', { token: admin.token }))).toMatchObject({
      param: 'status',
      code: 'PRODUCT_STATUS_INVALID',
    });
  });
});

describe('staff set the status on create and update', () => {
  it('a product made as a draft stays one when other fields change, and is published by status=active', async () => {
    const title = unique('منتج مسودة');
    const form = multipart(
      { title, description: 'وصف', quantity: '3', price: '20', category: refs.categoryId, status: 'draft' },
      { imageCover: await pngImage() },
    );
    const created = await send('POST', '/products', { token: admin.token, ...form });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.status).toBe('draft');
    expectFail(await send('GET', `/products/${id}`), 404);

    const renamed = await send('PUT', `/products/${id}`, { token: admin.token, ...multipart({ quantity: '4' }) });
    expect(renamed.json().data).toMatchObject({ status: 'draft', quantity: 4 });
    const published = await send('PUT', `/products/${id}`, { token: admin.token, ...multipart({ status: 'active' }) });
    expect(published.json().data.status).toBe('active');
    expect((await send('GET', `/products/${id}`)).statusCode).toBe(200);
  });

  it('without a status a new product is active; an unknown one is refused', async () => {
    const form = multipart(
      { title: unique('منتج'), description: 'وصف', quantity: '3', price: '20', category: refs.categoryId },
      { imageCover: await pngImage() },
    );
    const created = await send('POST', '/products', { token: admin.token, ...form });
    expect(created.json().data.status).toBe('active');
    const bad = await send('PUT', `/products/${active.id}`, { token: admin.token, ...multipart({ status: 'hidden' }) });
    expect(firstError(bad)).toMatchObject({ param: 'status', code: 'PRODUCT_STATUS_INVALID' });
  });
});

describe('a draft cannot be bought', () => {
  it('adding it to a cart or the wishlist is PRODUCT_NOT_FOUND', async () => {
    expectFail(await send('POST', '/cart', { token: customer.token, payload: { productId: draft.id } }), 404);
    expectFail(await send('POST', '/wishlist', { token: customer.token, payload: { productId: draft.id } }), 404);
  });

  it('a cart holding a product moved to draft since is refused by the quote and at checkout (cash and card) with PRODUCT_UNAVAILABLE; nothing is sold', async () => {
    const product = await insertProduct(t, refs, { quantity: 5 });
    const shopper = await customerWithCart(t, send, [{ productId: product.id }]);
    const [address] = await t.database.db
      .insert(addresses)
      .values({ userId: shopper.user.id, alias: 'البيت', ...shippingAddress })
      .returning();
    const quote = () =>
      send(
        'GET',
        `/orders/quote?${new URLSearchParams({ cartId: shopper.cartId, addressId: address?.id ?? '', method: 'cash' })}`,
        {
          token: shopper.user.token,
        },
      );
    expect((await quote()).statusCode).toBe(200);
    await setStatus(product.id, 'draft');
    expectFail(await quote(), 409, 'A product in your cart is no longer for sale');
    const order = await send('POST', `/orders/${shopper.cartId}`, {
      token: shopper.user.token,
      payload: { shippingAddress },
    });
    expectFail(order, 409, 'A product in your cart is no longer for sale');
    const card = await send(
      'GET',
      `/orders/checkout-session/${shopper.cartId}?${new URLSearchParams(shippingAddress)}`,
      { token: shopper.user.token },
    );
    expectFail(card, 409, 'A product in your cart is no longer for sale');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ quantity: 5, sold: 0 });
    // Published again, the same cart is ordered.
    await setStatus(product.id, 'active');
    const again = await send('POST', `/orders/${shopper.cartId}`, {
      token: shopper.user.token,
      payload: { shippingAddress },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
