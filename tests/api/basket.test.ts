import { eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_TTL_MS } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Product } from '../../src/contract/types.js';
import { carts, products } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { multipart, pngImage } from '../helpers/multipart.js';
import {
  apiClient,
  createTaxonomy,
  expectFail,
  insertProduct,
  type ProductRow,
  setDefaultVariant,
  unique,
} from '../helpers/shopping.js';

/* A guest's basket and its merge into the customer's cart (docs/decisions/0021-guest-basket.md). */

let t: TestApp;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

type Line = {
  _id: string;
  product: { _id: string; title: string };
  variant: { _id: string; options: Record<string, string> };
  count: number;
  price: number;
};
type BasketBody = {
  status: string;
  message?: string;
  numOfCartItems: number;
  basketKey?: string;
  data: { _id: string; cartOwner: null; products: Line[]; totalCartPrice: number } | null;
};
type MergeBody = {
  numOfCartItems: number;
  data: { cartOwner: string; products: Line[]; totalCartPrice: number };
  dropped: { productId: string; title: string }[];
  capped: { productId: string; title: string }[];
};

const product = (values: Partial<typeof products.$inferInsert> = {}) => insertProduct(t, refs, values);
const keyed = (key: string | undefined): Record<string, string> => (key ? { 'x-basket-key': key } : {});

function basketOf(res: LightMyRequestResponse): BasketBody {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as BasketBody;
}
const getBasket = async (key?: string) => basketOf(await send('GET', '/basket', { headers: keyed(key) }));
const addToBasket = (productId: string, key?: string, variantId?: string) =>
  send('POST', '/basket', { headers: keyed(key), payload: { productId, variantId } });

/** A new basket holding `count` of each product; its key. */
async function basketWith(...lines: [ProductRow, number][]): Promise<string> {
  let key: string | undefined;
  for (const [row, count] of lines) {
    for (let i = 0; i < count; i++) {
      const body = basketOf(await addToBasket(row.id, key));
      key ??= body.basketKey;
    }
  }
  if (!key) throw new Error('no basket was made');
  return key;
}
const countOf = (body: { data: { products: Line[] } | null }, row: ProductRow) =>
  body.data?.products.find((line) => line.product._id === row.id)?.count;
const merge = async (user: Account, key: string) => {
  const res = await send('POST', '/cart/merge', { token: user.token, headers: keyed(key) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MergeBody;
};
const customerCart = async (user: Account) => (await send('GET', '/cart', { token: user.token })).json() as MergeBody;

describe('guest basket', () => {
  it('no key, or a key naming no basket: an empty answer, and no row is made', async () => {
    const before = await t.database.db.select().from(carts).where(isNotNull(carts.guestKeyHash));
    expect(await getBasket()).toEqual({ status: 'success', numOfCartItems: 0, data: null });
    expect((await getBasket('A'.repeat(43))).data).toBeNull();
    const after = await t.database.db.select().from(carts).where(isNotNull(carts.guestKeyHash));
    expect(after.length).toBe(before.length);
  });

  it('the first addition makes a basket and answers its key once; the key finds it again', async () => {
    const row = await product({ price: 2_500 });
    const first = basketOf(await addToBasket(row.id));
    expect(first.message).toBe(m.productAddedToCart);
    expect(first.basketKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const key = first.basketKey ?? '';
    const second = basketOf(await addToBasket(row.id, key));
    expect(second.basketKey).toBeUndefined();
    expect(countOf(second, row)).toBe(2);
    const shown = await getBasket(key);
    expect(shown.numOfCartItems).toBe(1);
    expect(shown.data?.cartOwner).toBeNull();
    expect(shown.data?.totalCartPrice).toBe(50);
    // Only the key's hash is kept.
    const [stored] = await t.database.db
      .select()
      .from(carts)
      .where(eq(carts.id, shown.data?._id ?? ''));
    expect(stored?.guestKeyHash).not.toBe(key);
    expect(stored?.guestKeyHash).toHaveLength(64);
  });

  it('a refused addition makes no basket (a bot adding nothing costs no row)', async () => {
    const soldOut = await product({ quantity: 0 });
    await setDefaultVariant(t.database.db, soldOut.id, { quantity: 0 });
    const before = await t.database.db.select().from(carts).where(isNotNull(carts.guestKeyHash));
    expectFail(await addToBasket(soldOut.id), 400, m.outOfStock);
    const after = await t.database.db.select().from(carts).where(isNotNull(carts.guestKeyHash));
    expect(after.length).toBe(before.length);
  });

  it('changes and removes lines within stock, as the customer cart does; emptying deletes it', async () => {
    const row = await product({ quantity: 3 });
    const key = await basketWith([row, 1]);
    const lineId = (await getBasket(key)).data?.products[0]?._id ?? '';
    const changed = basketOf(await send('PUT', `/basket/${lineId}`, { headers: keyed(key), payload: { count: 3 } }));
    expect(countOf(changed, row)).toBe(3);
    expectFail(await send('PUT', `/basket/${lineId}`, { headers: keyed(key), payload: { count: 4 } }), 400);
    expectFail(await addToBasket(row.id, key), 400, m.notEnoughStock);
    const removed = basketOf(await send('DELETE', `/basket/${lineId}`, { headers: keyed(key) }));
    expect(removed.data?.products).toEqual([]);
    await basketWith([row, 1]);
    const other = await basketWith([row, 1]);
    expect((await send('DELETE', '/basket', { headers: keyed(other) })).statusCode).toBe(204);
    expect((await getBasket(other)).data).toBeNull();
  });

  it("another guest's key reaches neither the basket nor its lines", async () => {
    const row = await product();
    const mine = await basketWith([row, 1]);
    const theirs = await basketWith([row, 1]);
    const myLine = (await getBasket(mine)).data?.products[0]?._id ?? '';
    expectFail(await send('PUT', `/basket/${myLine}`, { headers: keyed(theirs), payload: { count: 2 } }), 404);
    expectFail(await send('DELETE', `/basket/${myLine}`, { headers: keyed(theirs) }), 404);
    // Without a basket of one's own, a line id finds nothing either.
    expectFail(await send('DELETE', `/basket/${myLine}`), 404);
    expect(countOf(await getBasket(mine), row)).toBe(1);
  });

  it('a malformed key is 400 BASKET_KEY_INVALID, never looked up', async () => {
    for (const key of ['short', `${'a'.repeat(42)}!`, 'ب'.repeat(43)]) {
      const res = await send('GET', '/basket', { headers: { 'x-basket-key': key } });
      expectFail(res, 400);
      expect(res.json().code).toBe('BASKET_KEY_INVALID');
    }
  });

  it('an expired basket is ignored, and swept when a new one is made', async () => {
    const row = await product();
    const key = await basketWith([row, 1]);
    const id = (await getBasket(key)).data?._id ?? '';
    await t.database.db
      .update(carts)
      .set({ guestExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(carts.id, id));
    expect((await getBasket(key)).data).toBeNull();
    expectFail(await send('DELETE', `/basket/${id}`, { headers: keyed(key) }), 404);
    // Adding with the dead key starts a new basket with a new key.
    const fresh = basketOf(await addToBasket(row.id, key));
    expect(fresh.basketKey).toBeDefined();
    expect(fresh.basketKey).not.toBe(key);
    expect(await t.database.db.select().from(carts).where(eq(carts.id, id))).toEqual([]);
  });

  it('a change starts the basket’s 30 days again', async () => {
    const row = await product();
    const key = await basketWith([row, 1]);
    const id = (await getBasket(key)).data?._id ?? '';
    const soon = new Date(Date.now() + 60_000);
    await t.database.db.update(carts).set({ guestExpiresAt: soon }).where(eq(carts.id, id));
    await addToBasket(row.id, key);
    const [stored] = await t.database.db.select().from(carts).where(eq(carts.id, id));
    expect(stored?.guestExpiresAt?.getTime()).toBeGreaterThan(Date.now() + BASKET_TTL_MS - 60_000);
  });
});

const SIZE = 'المقاس';
const COLOR = 'اللون';

/** A dress in sizes S and M, red and blue, through the products API: red M has 2 units, the rest 5. */
async function createDress(): Promise<Product> {
  const admin = await createAccount(t, 'admin');
  const sku = unique('DR').replaceAll(' ', '-');
  const variants = ['S', 'M'].flatMap((size) =>
    ['#ff0000', '#0000ff'].map((color) => ({
      sku: `${sku}-${size}-${color.slice(1)}`,
      options: { [SIZE]: size, [COLOR]: color },
      price: 200,
      quantity: size === 'M' && color === '#ff0000' ? 2 : 5,
    })),
  );
  const form = multipart(
    {
      title: unique('فستان'),
      description: 'فستان قطن',
      category: refs.categoryId,
      options: JSON.stringify([
        { name: SIZE, values: ['S', 'M'] },
        { name: COLOR, values: ['#ff0000', '#0000ff'] },
      ]),
      variants: JSON.stringify(variants),
    },
    { imageCover: await pngImage() },
  );
  const res = await send('POST', '/products', { token: admin.token, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

const variantOf = (product: Product, size: string, color: string) => {
  const found = product.variants.find((v) => v.options[SIZE] === size && v.options[COLOR] === color);
  if (!found) throw new Error(`no variant ${size} ${color}`);
  return found.id;
};

describe('merging a basket into the customer cart', () => {
  it('a product in sizes and colours: each variant its own line, the same one added up and capped by its own stock', async () => {
    const dress = await createDress();
    const [smallRed, mediumRed, mediumBlue] = [
      variantOf(dress, 'S', '#ff0000'),
      variantOf(dress, 'M', '#ff0000'),
      variantOf(dress, 'M', '#0000ff'),
    ];
    const user = await createAccount(t, 'user');
    const held = await send('POST', '/cart', {
      token: user.token,
      payload: { productId: dress.id, variantId: mediumRed },
    });
    expect(held.statusCode, held.body).toBe(200);
    let key: string | undefined;
    for (const variantId of [smallRed, mediumRed, mediumRed, mediumBlue, mediumBlue]) {
      const body = basketOf(await addToBasket(dress.id, key, variantId));
      key ??= body.basketKey;
    }
    const merged = await merge(user, key ?? '');
    const counts = Object.fromEntries(merged.data.products.map((line) => [line.variant._id, line.count]));
    // Two sizes stay two lines; red M: 1 in the cart + 2 from the basket, capped by its 2 units
    // (not by the dress's 17); blue M: 2, the same size in another colour, its own line.
    expect(counts).toEqual({ [smallRed]: 1, [mediumRed]: 2, [mediumBlue]: 2 });
    expect(merged.numOfCartItems).toBe(3);
    expect(merged.capped).toEqual([{ productId: dress.id, title: dress.title }]);
    expect(merged.dropped).toEqual([]);
  });

  it('adds the counts of the same product, capped by stock, and deletes the basket', async () => {
    const shared = await product({ quantity: 3 });
    const only = await product({ quantity: 5 });
    const user = await createAccount(t, 'user');
    await send('POST', '/cart', { token: user.token, payload: { productId: shared.id } });
    await send('POST', '/cart', { token: user.token, payload: { productId: shared.id } });
    const key = await basketWith([shared, 2], [only, 2]);
    const merged = await merge(user, key);
    expect(merged.data.cartOwner).toBe(user.id);
    expect(countOf(merged, shared)).toBe(3);
    expect(countOf(merged, only)).toBe(2);
    expect(merged.capped).toEqual([{ productId: shared.id, title: shared.title }]);
    expect(merged.dropped).toEqual([]);
    expect((await getBasket(key)).data).toBeNull();
  });

  it('drops, and names, a line whose product is out of stock or back in draft', async () => {
    const gone = await product();
    const soldOut = await product();
    const kept = await product();
    const key = await basketWith([gone, 1], [soldOut, 1], [kept, 1]);
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, gone.id));
    await setDefaultVariant(t.database.db, soldOut.id, { quantity: 0 });
    const user = await createAccount(t, 'user');
    const merged = await merge(user, key);
    expect(merged.data.products.map((line) => line.product._id)).toEqual([kept.id]);
    expect(merged.dropped).toEqual([
      { productId: gone.id, title: gone.title },
      { productId: soldOut.id, title: soldOut.title },
    ]);
  });

  it('keeps the merged cart within the order-total limit: counts cut, a line with no room dropped', async () => {
    // Prices near the limit (MAX_ORDER_TOTAL_MINOR): each cart is under it, the two together are not.
    const big = await product({ price: 4 * 10 ** 12 });
    const cheap = await product({ price: 10 ** 12 });
    const user = await createAccount(t, 'user');
    for (let i = 0; i < 2; i++) await send('POST', '/cart', { token: user.token, payload: { productId: big.id } });
    const key = await basketWith([cheap, 3], [big, 1]);
    const merged = await merge(user, key);
    expect(countOf(merged, cheap)).toBe(2);
    expect(countOf(merged, big)).toBe(2);
    expect(merged.capped).toEqual([{ productId: cheap.id, title: cheap.title }]);
    expect(merged.dropped).toEqual([{ productId: big.id, title: big.title }]);
    // The merged cart can still be changed: lowering a count is not refused.
    const line = merged.data.products.find((entry) => entry.product._id === cheap.id);
    const lowered = await send('PUT', `/cart/${line?._id}`, { token: user.token, payload: { count: 1 } });
    expect(lowered.statusCode, lowered.body).toBe(200);
  });

  it('drops, and names, a line the customer cart already holds the whole stock of', async () => {
    const row = await product({ quantity: 1 });
    const user = await createAccount(t, 'user');
    const key = await basketWith([row, 1]);
    await send('POST', '/cart', { token: user.token, payload: { productId: row.id } });
    const merged = await merge(user, key);
    expect(countOf(merged, row)).toBe(1);
    expect(merged.capped).toEqual([]);
    expect(merged.dropped).toEqual([{ productId: row.id, title: row.title }]);
  });

  it('two merges at once (two tabs) move the lines once', async () => {
    const row = await product({ quantity: 10 });
    const key = await basketWith([row, 2]);
    const user = await createAccount(t, 'user');
    const [a, b] = await Promise.all([merge(user, key), merge(user, key)]);
    expect([countOf(a, row), countOf(b, row)].sort()).toEqual([2, 2]);
    expect(countOf(await customerCart(user), row)).toBe(2);
  });

  it('an unknown, expired or already merged key merges nothing; a missing key is refused', async () => {
    const row = await product();
    const user = await createAccount(t, 'user');
    const key = await basketWith([row, 1]);
    await merge(user, key);
    const again = await merge(user, key);
    expect(countOf(again, row)).toBe(1);
    expect(again.dropped).toEqual([]);
    const missing = await send('POST', '/cart/merge', { token: user.token });
    expectFail(missing, 400);
    expect(missing.json().code).toBe('BASKET_KEY_INVALID');
  });

  it('is for customers only: a guest or staff cannot merge', async () => {
    const row = await product();
    const key = await basketWith([row, 1]);
    expectFail(await send('POST', '/cart/merge', { headers: keyed(key) }), 401);
    const admin = await createAccount(t, 'admin');
    expectFail(await send('POST', '/cart/merge', { token: admin.token, headers: keyed(key) }), 403);
    expect(countOf(await getBasket(key), row)).toBe(1);
  });

  it('a basket is no cart to order from', async () => {
    const row = await product();
    const key = await basketWith([row, 1]);
    const basketId = (await getBasket(key)).data?._id ?? '';
    const user = await createAccount(t, 'user');
    const res = await send('GET', `/orders/quote?cartId=${basketId}&addressId=${basketId}&method=cash`, {
      token: user.token,
    });
    expectFail(res, 404);
    expect(res.json().code).toBe('CART_NOT_FOUND');
  });
});
