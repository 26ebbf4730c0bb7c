import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { carts, coupons, products } from '../../src/db/schema.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import {
  apiClient,
  createTaxonomy,
  expectClientError,
  expectFail,
  firstError,
  hostileBodies,
  insertCoupon,
  insertProduct,
  type ProductRow,
  setDefaultVariant,
} from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
let names: { category: string; brand: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
  names = { category: category.name, brand: brand.name };
});
afterAll(() => t.close());
// Whatever a test sends, the server never answers with a 5xx.
afterEach(expectNo5xx);

type Line = {
  _id: string;
  product: { _id: string; title: string; imageCover: string | null; category: { name: string } };
  count: number;
  color: string;
  price: number;
};
type CartBody = {
  status: string;
  message?: string;
  numOfCartItems: number;
  data: {
    _id: string;
    products: Line[];
    totalCartPrice: number;
    coupon?: string;
    totalAfterDiscount?: number;
  };
};

const product = (values: Partial<typeof products.$inferInsert> = {}) => insertProduct(t, refs, values);
const customer = () => createAccount(t, 'user');

function cartOf(res: LightMyRequestResponse, status = 200): CartBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as CartBody;
  expect(body.status).toBe('success');
  expect(body.numOfCartItems).toBe(body.data.products.length);
  expect(typeof body.data._id).toBe('string');
  return body;
}

const getCart = async (user: Account) => cartOf(await send('GET', '/cart', { token: user.token }));
const add = (user: Account, productId: string, color?: string) =>
  send('POST', '/cart', { token: user.token, payload: color === undefined ? { productId } : { productId, color } });
async function added(user: Account, productId: string, color?: string) {
  const body = cartOf(await add(user, productId, color));
  expect(body.message).toBe(m.productAddedToCart);
  return body;
}
const setCount = (user: Account, itemId: string, count: unknown) =>
  send('PUT', `/cart/${itemId}`, { token: user.token, payload: { count } });
const applyCoupon = (user: Account, couponName: unknown) =>
  send('PUT', '/cart/applyCoupon', { token: user.token, payload: { couponName } });
const lineOf = (body: CartBody, productId: string, color = '') => {
  const line = body.data.products.find((l) => l.product._id === productId && l.color === color);
  if (!line) throw new Error(`no line for ${productId} ${color}`);
  return line;
};

describe('GET /cart', () => {
  it('returns an empty cart (200, not 404) when the customer has none yet, and the same cart after', async () => {
    const user = await customer();
    const res = await send('GET', '/cart', { token: user.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } });
    expect(typeof body.data._id).toBe('string');
    expect(body.data).not.toHaveProperty('coupon');
    expect(body.data).not.toHaveProperty('totalAfterDiscount');
    expect(body).not.toHaveProperty('message');
    expect((await getCart(user)).data._id).toBe(body.data._id);
  });

  it('each customer has their own cart', async () => {
    const [a, b] = [await customer(), await customer()];
    const p = await product();
    await added(a, p.id);
    expect((await getCart(b)).data.products).toEqual([]);
    expect((await getCart(a)).data._id).not.toBe((await getCart(b)).data._id);
  });
});

describe('POST /cart', () => {
  it('adds a line with the contract shape and a message; the same product again → count + 1', async () => {
    const user = await customer();
    const p = await product({ price: 12_550, quantity: 5, ratingsAverage: 4.5, ratingsQuantity: 2 });
    const first = await added(user, p.id);
    expect(first.numOfCartItems).toBe(1);
    const [line] = first.data.products;
    expect(line).toMatchObject({
      count: 1,
      color: '',
      price: 125.5,
      product: {
        _id: p.id,
        title: p.title,
        category: { name: names.category },
        brand: { name: names.brand },
        ratingsAverage: 4.5,
        ratingsQuantity: 2,
      },
    });
    expect(typeof line?._id).toBe('string');
    expect(line?.product.imageCover).toMatch(/^https?:\/\/[^/]+\/media\/products\/.+\.webp$/);
    expect(first.data.totalCartPrice).toBe(125.5);

    const second = await added(user, p.id);
    expect(second.numOfCartItems).toBe(1);
    expect(second.data.products[0]).toMatchObject({ _id: line?._id, count: 2 });
    expect(second.data.totalCartPrice).toBe(251);
  });

  it('numOfCartItems counts lines, not units', async () => {
    const user = await customer();
    const [p1, p2] = [await product({ price: 1000 }), await product({ price: 250 })];
    await added(user, p1.id);
    await added(user, p1.id);
    const body = await added(user, p2.id);
    expect(body.numOfCartItems).toBe(2);
    expect(body.data.totalCartPrice).toBe(22.5);
    // Lines keep the order they were first added in.
    expect(body.data.products.map((l) => l.product._id)).toEqual([p1.id, p2.id]);
  });

  describe('colours', () => {
    let coloured: ProductRow;
    beforeAll(async () => {
      coloured = await product({ price: 5000, quantity: 10, availableColors: ['#ff0000', '#0000ff'] });
    });

    it("requires a colour when the product offers colours: 'color is required for this product'", async () => {
      const user = await customer();
      expectFail(await add(user, coloured.id), 400, m.colorRequired);
      expectFail(await add(user, coloured.id, ''), 400, m.colorRequired);
      expectFail(await add(user, coloured.id, '   '), 400, m.colorRequired);
      expect((await getCart(user)).data.products).toEqual([]);
    });

    it('refuses a colour the product does not offer', async () => {
      const user = await customer();
      expectFail(await add(user, coloured.id, '#00ff00'), 400, m.colorNotAvailable);
      expectFail(await add(user, coloured.id, 'red'), 400, m.colorNotAvailable);
      expect((await getCart(user)).data.products).toEqual([]);
    });

    it('same colour → count + 1; another colour → a new line (colour compared without case)', async () => {
      const user = await customer();
      await added(user, coloured.id, '#ff0000');
      const same = await added(user, coloured.id, ' #FF0000 ');
      expect(same.numOfCartItems).toBe(1);
      expect(same.data.products[0]).toMatchObject({ color: '#ff0000', count: 2 });
      const other = await added(user, coloured.id, '#0000ff');
      expect(other.numOfCartItems).toBe(2);
      expect(lineOf(other, coloured.id, '#ff0000').count).toBe(2);
      expect(lineOf(other, coloured.id, '#0000ff').count).toBe(1);
      expect(other.data.totalCartPrice).toBe(150);
    });

    it('ignores a colour for a product without colours', async () => {
      const user = await customer();
      const plain = await product();
      const body = await added(user, plain.id, '#ff0000');
      expect(body.data.products[0]?.color).toBe('');
      const again = await added(user, plain.id, '#0000ff');
      expect(again.numOfCartItems).toBe(1);
      expect(again.data.products[0]).toMatchObject({ color: '', count: 2 });
    });
  });

  describe('stock', () => {
    it('400 fail for a product out of stock (quantity 0)', async () => {
      const user = await customer();
      const soldOut = await product({ quantity: 0 });
      expectFail(await add(user, soldOut.id), 400, m.outOfStock);
      expect((await getCart(user)).data.products).toEqual([]);
    });

    it('400 fail when adding one more than the stock, counting every colour of the product', async () => {
      const user = await customer();
      const two = await product({ quantity: 2 });
      await added(user, two.id);
      await added(user, two.id);
      expectFail(await add(user, two.id), 400, m.notEnoughStock);
      expect((await getCart(user)).data.products[0]?.count).toBe(2);

      const colours = await product({ quantity: 2, availableColors: ['#ff0000', '#0000ff'] });
      await added(user, colours.id, '#ff0000');
      await added(user, colours.id, '#0000ff');
      expectFail(await add(user, colours.id, '#ff0000'), 400, m.notEnoughStock);
      const after = await getCart(user);
      expect(lineOf(after, colours.id, '#ff0000').count).toBe(1);
      expect(lineOf(after, colours.id, '#0000ff').count).toBe(1);
    });

    it('adds sent at the same time never put more in the cart than the stock', async () => {
      const user = await customer();
      const three = await product({ quantity: 3 });
      const results = await Promise.all(Array.from({ length: 8 }, () => add(user, three.id)));
      const ok = results.filter((r) => r.statusCode === 200);
      for (const r of results) if (r.statusCode !== 200) expectFail(r, 400, m.notEnoughStock);
      expect(ok).toHaveLength(3);
      expect((await getCart(user)).data.products[0]?.count).toBe(3);
    });
  });

  it('404 fail for an unknown product', async () => {
    const user = await customer();
    expectFail(await add(user, randomUUID()), 404, m.productNotFound);
  });

  it('400 errors for a missing or malformed productId', async () => {
    const user = await customer();
    expect(firstError(await send('POST', '/cart', { token: user.token, payload: {} }))).toMatchObject({
      msg: m.productIdRequired,
      param: 'productId',
      location: 'body',
    });
    expect(firstError(await add(user, 'not-an-id'))).toMatchObject({
      msg: m.invalidId,
      param: 'productId',
      value: 'not-an-id',
    });
    for (const productId of [42, null, ['x'], { id: 'x' }, `${randomUUID()}' OR 1=1 --`]) {
      expect(firstError(await send('POST', '/cart', { token: user.token, payload: { productId } })).param).toBe(
        'productId',
      );
    }
    const p = await product({ availableColors: ['#ff0000'] });
    for (const color of [7, ['#ff0000'], { c: 1 }, 'x'.repeat(10_000)]) {
      expect(
        firstError(await send('POST', '/cart', { token: user.token, payload: { productId: p.id, color } })).param,
      ).toBe('color');
    }
    expect((await getCart(user)).data.products).toEqual([]);
  });

  it('ignores totals, prices and counts sent by the client', async () => {
    const user = await customer();
    const p = await product({ price: 10_000 });
    const res = await send('POST', '/cart', {
      token: user.token,
      payload: {
        productId: p.id,
        price: 0.01,
        count: 50,
        totalCartPrice: 0,
        totalAfterDiscount: 0,
        cartOwner: admin.id,
      },
    });
    const body = cartOf(res);
    expect(body.data.products[0]).toMatchObject({ count: 1, price: 100 });
    expect(body.data.totalCartPrice).toBe(100);
    expect(body.data).not.toHaveProperty('totalAfterDiscount');
  });
});

describe('PUT /cart/:itemId', () => {
  it('sets the count and returns the cart with the new total', async () => {
    const user = await customer();
    const p = await product({ price: 1999, quantity: 10 });
    const itemId = (await added(user, p.id)).data.products[0]?._id ?? '';
    const res = cartOf(await setCount(user, itemId, 3));
    expect(res).not.toHaveProperty('message');
    expect(res.data.products[0]).toMatchObject({ _id: itemId, count: 3, price: 19.99 });
    expect(res.data.totalCartPrice).toBe(59.97);
    // Numbers typed as text, and with Arabic-Indic digits, are understood.
    expect(cartOf(await setCount(user, itemId, '4')).data.products[0]?.count).toBe(4);
    expect(cartOf(await setCount(user, itemId, '٥')).data.products[0]?.count).toBe(5);
    expect(cartOf(await setCount(user, itemId, 10)).data.products[0]?.count).toBe(10);
  });

  it('400 errors for counts that are not whole numbers of 1 or more', async () => {
    const user = await customer();
    const p = await product({ quantity: 10 });
    const itemId = (await added(user, p.id)).data.products[0]?._id ?? '';
    for (const count of [0, -1, 1.5, 'abc', '', null, true, [2], { n: 2 }, '1e400', 1e12]) {
      expect(firstError(await setCount(user, itemId, count)), JSON.stringify(count)).toMatchObject({
        msg: m.countInvalid,
        param: 'count',
        location: 'body',
      });
    }
    expect(firstError(await send('PUT', `/cart/${itemId}`, { token: user.token, payload: {} })).param).toBe('count');
    expect((await getCart(user)).data.products[0]?.count).toBe(1);
  });

  it('400 fail above the stock, counting the product’s other colours', async () => {
    const user = await customer();
    const p = await product({ quantity: 5, availableColors: ['#ff0000', '#0000ff'] });
    await added(user, p.id, '#ff0000');
    const body = await added(user, p.id, '#0000ff');
    const red = lineOf(body, p.id, '#ff0000');
    expectFail(await setCount(user, red._id, 5), 400, m.notEnoughStock);
    expect(cartOf(await setCount(user, red._id, 4)).data.totalCartPrice).toBe(500);
    expectFail(await setCount(user, red._id, 6), 400, m.notEnoughStock);
    expect(lineOf(await getCart(user), p.id, '#ff0000').count).toBe(4);
  });

  it('404 for an unknown item and for another customer’s item, whose cart stays unchanged', async () => {
    const [owner, other] = [await customer(), await customer()];
    const p = await product({ quantity: 10 });
    const ownerCart = await added(owner, p.id);
    const itemId = ownerCart.data.products[0]?._id ?? '';
    expectFail(await setCount(other, randomUUID(), 2), 404, m.cartItemNotFound);
    expectFail(await setCount(other, itemId, 7), 404, m.cartItemNotFound);
    expectFail(await send('DELETE', `/cart/${itemId}`, { token: other.token }), 404, m.cartItemNotFound);
    const after = await getCart(owner);
    expect(after.data).toEqual(ownerCart.data);
    expect((await getCart(other)).data.products).toEqual([]);
  });

  it('400 errors for a malformed item id', async () => {
    const user = await customer();
    expect(firstError(await setCount(user, 'abc', 2))).toMatchObject({
      msg: m.invalidId,
      param: 'itemId',
      location: 'params',
      value: 'abc',
    });
    expect(firstError(await send('DELETE', '/cart/abc', { token: user.token }))).toMatchObject({
      param: 'itemId',
      location: 'params',
    });
  });

  it('ignores a price or total sent with the count', async () => {
    const user = await customer();
    const p = await product({ price: 2500 });
    const itemId = (await added(user, p.id)).data.products[0]?._id ?? '';
    const res = await send('PUT', `/cart/${itemId}`, {
      token: user.token,
      payload: { count: 2, price: 0, totalCartPrice: 1, color: '#123456', product: randomUUID() },
    });
    expect(cartOf(res).data.products[0]).toMatchObject({ product: { _id: p.id }, count: 2, price: 25, color: '' });
    expect(cartOf(res).data.totalCartPrice).toBe(50);
  });
});

describe('DELETE /cart/:itemId and DELETE /cart', () => {
  it('removes one line and returns the cart; the same id again → 404', async () => {
    const user = await customer();
    const [p1, p2] = [await product({ price: 1000 }), await product({ price: 2000 })];
    await added(user, p1.id);
    const both = await added(user, p2.id);
    const res = cartOf(await send('DELETE', `/cart/${lineOf(both, p1.id)._id}`, { token: user.token }));
    expect(res.numOfCartItems).toBe(1);
    expect(res.data.products[0]?.product._id).toBe(p2.id);
    expect(res.data.totalCartPrice).toBe(20);
    expectFail(
      await send('DELETE', `/cart/${lineOf(both, p1.id)._id}`, { token: user.token }),
      404,
      m.cartItemNotFound,
    );
  });

  it('DELETE /cart → 204 with an empty body; the cart is empty and its coupon cleared', async () => {
    const user = await customer();
    const coupon = await insertCoupon(t, { discount: 20 });
    await added(user, (await product()).id);
    cartOf(await applyCoupon(user, coupon.name));
    const res = await send('DELETE', '/cart', { token: user.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const empty = await getCart(user);
    expect(empty).toMatchObject({ numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } });
    expect(empty.data).not.toHaveProperty('coupon');
    const refilled = await added(user, (await product({ price: 1000 })).id);
    expect(refilled.data).not.toHaveProperty('coupon');
    expect(refilled.data).not.toHaveProperty('totalAfterDiscount');
    // Clearing an empty cart (or one never made) is fine too.
    expect((await send('DELETE', '/cart', { token: (await customer()).token })).statusCode).toBe(204);
  });

  it('DELETE /cart clears only the caller’s cart', async () => {
    const [a, b] = [await customer(), await customer()];
    const before = await added(a, (await product()).id);
    expect((await send('DELETE', '/cart', { token: b.token })).statusCode).toBe(204);
    expect((await getCart(a)).data).toEqual(before.data);
  });
});

describe('prices', () => {
  it('a line costs the product’s current effective price (priceAfterDiscount when present)', async () => {
    const user = await customer();
    const p = await product({ price: 20_000, priceAfterDiscount: 15_000 });
    const body = await added(user, p.id);
    expect(body.data.products[0]?.price).toBe(150);
    expect(body.data.totalCartPrice).toBe(150);
  });

  it('follows later price changes of the product, and the total is recomputed', async () => {
    const user = await customer();
    const p = await product({ price: 20_000, priceAfterDiscount: 15_000, quantity: 10 });
    const cheap = await product({ price: 1_000 });
    const itemId = (await added(user, p.id)).data.products[0]?._id ?? '';
    await added(user, cheap.id);
    cartOf(await setCount(user, itemId, 2));
    expect((await getCart(user)).data.totalCartPrice).toBe(310);

    await setDefaultVariant(t.database.db, p.id, { priceAfterDiscount: null });
    let body = await getCart(user);
    expect(lineOf(body, p.id).price).toBe(200);
    expect(body.data.totalCartPrice).toBe(410);

    await setDefaultVariant(t.database.db, p.id, { price: 30_000, priceAfterDiscount: 29_999 });
    body = await getCart(user);
    expect(lineOf(body, p.id).price).toBe(299.99);
    expect(body.data.totalCartPrice).toBe(609.98);
  });

  it('a product deleted from the catalogue leaves the cart', async () => {
    const user = await customer();
    const [gone, kept] = [await product({ price: 1000 }), await product({ price: 500 })];
    await added(user, gone.id);
    await added(user, kept.id);
    await t.database.db.delete(products).where(eq(products.id, gone.id));
    const body = await getCart(user);
    expect(body.data.products.map((l) => l.product._id)).toEqual([kept.id]);
    expect(body.data.totalCartPrice).toBe(5);
  });

  it('prices are exact in major units (no binary-float drift)', async () => {
    const user = await customer();
    const [a, b, c] = [await product({ price: 10 }), await product({ price: 20 }), await product({ price: 3333 })];
    await added(user, a.id);
    await added(user, b.id);
    const body = await added(user, c.id);
    expect(body.data.products.map((l) => l.price)).toEqual([0.1, 0.2, 33.33]);
    expect(body.data.totalCartPrice).toBe(33.63);
  });
});

describe('PUT /cart/applyCoupon', () => {
  it('applies a live coupon by name in any case: the cart shows coupon and totalAfterDiscount', async () => {
    const user = await customer();
    const coupon = await insertCoupon(t, { name: `save${randomUUID().slice(0, 6)}`, discount: 10 });
    const p = await product({ price: 3333, quantity: 10 });
    const itemId = (await added(user, p.id)).data.products[0]?._id ?? '';
    cartOf(await setCount(user, itemId, 3));

    const res = await applyCoupon(user, `  ${coupon.name.toLowerCase()}  `.trim());
    const body = cartOf(res);
    expect(body.data).toMatchObject({ coupon: coupon.name, totalCartPrice: 99.99, totalAfterDiscount: 89.99 });
    expect(body.numOfCartItems).toBe(1);
    // The discount stays applied on later reads and is recomputed after every change.
    expect((await getCart(user)).data).toMatchObject({ coupon: coupon.name, totalAfterDiscount: 89.99 });
    const more = await added(user, (await product({ price: 1001 })).id);
    expect(more.data).toMatchObject({ coupon: coupon.name, totalCartPrice: 110, totalAfterDiscount: 99 });
    expect(cartOf(await setCount(user, itemId, 1)).data).toMatchObject({
      totalCartPrice: 43.34,
      totalAfterDiscount: 39.01,
    });
    const removed = cartOf(await send('DELETE', `/cart/${itemId}`, { token: user.token }));
    expect(removed.data).toMatchObject({ coupon: coupon.name, totalCartPrice: 10.01, totalAfterDiscount: 9.01 });
  });

  it('rounds the discounted total to the minor unit', async () => {
    const cases: [price: number, discount: number, total: number, after: number][] = [
      [1999, 15, 19.99, 16.99], // 1699.15 → 1699
      [1005, 50, 10.05, 5.03], // 502.5 → 503 (half up)
      [9999, 33, 99.99, 66.99], // 6699.33 → 6699
      [1, 50, 0.01, 0.01], // 0.5 → 1
      [12_345_678, 100, 123_456.78, 0],
      [101, 1, 1.01, 1], // 99.99 → 100
    ];
    for (const [price, discount, total, after] of cases) {
      const user = await customer();
      const coupon = await insertCoupon(t, { discount });
      await added(user, (await product({ price })).id);
      expect(cartOf(await applyCoupon(user, coupon.name)).data, `${price} − ${discount}%`).toMatchObject({
        totalCartPrice: total,
        totalAfterDiscount: after,
      });
    }
  });

  it("400 { status: 'fail', message: 'Coupon is invalid or expired', code: 'COUPON_INVALID' } for an unknown or expired coupon", async () => {
    const user = await customer();
    await added(user, (await product()).id);
    const expired = await insertCoupon(t, { expire: new Date(Date.now() - 1000) });
    expect((await applyCoupon(user, expired.name)).json()).toEqual({
      status: 'fail',
      message: m.couponInvalid,
      code: 'COUPON_INVALID',
    });
    expectFail(await applyCoupon(user, expired.name), 400, m.couponInvalid);
    expectFail(await applyCoupon(user, 'NO-SUCH-COUPON'), 400, m.couponInvalid);
    expectFail(await applyCoupon(user, "' OR 1=1 --"), 400, m.couponInvalid);
    const body = await getCart(user);
    expect(body.data).not.toHaveProperty('coupon');
    expect(body.data).not.toHaveProperty('totalAfterDiscount');
  });

  it('a failed apply keeps the coupon already applied', async () => {
    const user = await customer();
    const good = await insertCoupon(t, { discount: 50 });
    await added(user, (await product({ price: 1000 })).id);
    cartOf(await applyCoupon(user, good.name));
    expectFail(await applyCoupon(user, 'NO-SUCH-COUPON'), 400, m.couponInvalid);
    expect((await getCart(user)).data).toMatchObject({ coupon: good.name, totalAfterDiscount: 5 });
  });

  it('a newer coupon replaces the older one', async () => {
    const user = await customer();
    const [c10, c25] = [await insertCoupon(t, { discount: 10 }), await insertCoupon(t, { discount: 25 })];
    await added(user, (await product({ price: 1000 })).id);
    cartOf(await applyCoupon(user, c10.name));
    expect(cartOf(await applyCoupon(user, c25.name)).data).toMatchObject({ coupon: c25.name, totalAfterDiscount: 7.5 });
  });

  it('a coupon that expires (or is deleted) after being applied stops counting', async () => {
    const user = await customer();
    const coupon = await insertCoupon(t, { discount: 20 });
    await added(user, (await product({ price: 1000 })).id);
    expect(cartOf(await applyCoupon(user, coupon.name)).data.totalAfterDiscount).toBe(8);
    await t.database.db
      .update(coupons)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(coupons.id, coupon.id));
    const expired = await getCart(user);
    expect(expired.data).not.toHaveProperty('coupon');
    expect(expired.data).not.toHaveProperty('totalAfterDiscount');
    expect(expired.data.totalCartPrice).toBe(10);

    const other = await customer();
    const live = await insertCoupon(t, { discount: 20 });
    await added(other, (await product({ price: 1000 })).id);
    cartOf(await applyCoupon(other, live.name));
    expect((await send('DELETE', `/coupons/${live.id}`, { token: admin.token })).statusCode).toBe(204);
    const deleted = await getCart(other);
    expect(deleted.data).not.toHaveProperty('coupon');
    expect(deleted.data.totalCartPrice).toBe(10);
  });

  it('ignores a total or discount sent by the client', async () => {
    const user = await customer();
    const coupon = await insertCoupon(t, { discount: 10 });
    await added(user, (await product({ price: 1000 })).id);
    const res = await send('PUT', '/cart/applyCoupon', {
      token: user.token,
      payload: { couponName: coupon.name, discount: 100, totalAfterDiscount: 0, totalCartPrice: 0 },
    });
    expect(cartOf(res).data).toMatchObject({ totalCartPrice: 10, totalAfterDiscount: 9 });
  });

  it('400 errors for a missing, empty or wrongly typed couponName', async () => {
    const user = await customer();
    for (const payload of [{}, { couponName: '' }, { couponName: '   ' }, { couponName: 5 }, { couponName: ['A'] }]) {
      expect(
        firstError(await send('PUT', '/cart/applyCoupon', { token: user.token, payload })),
        JSON.stringify(payload),
      ).toMatchObject({ msg: m.couponNameRequired, param: 'couponName' });
    }
    expect(firstError(await applyCoupon(user, 'X'.repeat(100_000))).param).toBe('couponName');
  });

  it('uses the currency’s own minor unit (KWD has 3 digits)', async () => {
    const kwd = await createTestApp({ currency: 'KWD' });
    try {
      const { category } = await createTaxonomy(kwd);
      const user = await createAccount(kwd, 'user');
      const p = await insertProduct(kwd, { categoryId: category.id }, { price: 3333 });
      const coupon = await insertCoupon(kwd, { discount: 10 });
      const options = (payload: unknown) => ({ token: user.token, payload, app: kwd });
      const line = cartOf(await send('POST', '/cart', options({ productId: p.id })));
      cartOf(await send('PUT', `/cart/${line.data.products[0]?._id}`, options({ count: 3 })));
      const body = cartOf(await send('PUT', '/cart/applyCoupon', options({ couponName: coupon.name })));
      expect(body.data).toMatchObject({ totalCartPrice: 9.999, totalAfterDiscount: 8.999 });
      expect(body.data.products[0]?.price).toBe(3.333);
    } finally {
      await kwd.close();
    }
    // A second application and database: allow for start-up on a busy machine.
  }, 120_000);
});

describe('authorization', () => {
  const id = randomUUID();
  const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
    ['GET', '/cart'],
    ['POST', '/cart', { productId: id }],
    ['PUT', '/cart/applyCoupon', { couponName: 'X' }],
    ['PUT', `/cart/${id}`, { count: 1 }],
    ['DELETE', `/cart/${id}`],
    ['DELETE', '/cart'],
  ];

  it('anonymous → 401 fail on every cart endpoint, even with an invalid body', async () => {
    for (const [method, url, payload] of endpoints) {
      expectFail(await send(method, url, { payload }), 401, m.notLoggedIn);
      expectFail(await send(method, url, { payload: payload ? { junk: true } : undefined }), 401, m.notLoggedIn);
      expectFail(await send(method, url, { payload, token: 'not.a.jwt' }), 401, m.tokenInvalid);
    }
  });

  it('admin → 403 fail on every cart endpoint (customers only)', async () => {
    for (const [method, url, payload] of endpoints) {
      expectFail(await send(method, url, { payload, token: admin.token }), 403, m.forbidden);
      expectFail(await send(method, url, { payload: payload ? {} : undefined, token: admin.token }), 403, m.forbidden);
    }
    const [cart] = await t.database.db.select().from(carts).where(eq(carts.userId, admin.id));
    expect(cart).toBeUndefined();
  });
});

describe('bad input', () => {
  for (const { label, payload, contentType } of hostileBodies) {
    it(`4xx in the contract's shape for ${label}`, async () => {
      const user = await customer();
      const itemId = (await added(user, (await product()).id)).data.products[0]?._id ?? '';
      const headers = { 'content-type': contentType ?? 'application/json' };
      for (const [method, url] of [
        ['POST', '/cart'],
        ['PUT', `/cart/${itemId}`],
        ['PUT', '/cart/applyCoupon'],
      ] as const) {
        expectClientError(await send(method, url, { token: user.token, payload, headers }));
      }
      expect((await getCart(user)).data.products[0]?.count).toBe(1);
    });
  }

  it('strings with NUL, lone surrogates and odd Unicode are refused or handled, never 5xx', async () => {
    const user = await customer();
    const p = await product({ availableColors: ['#ff0000'] });
    for (const text of ['\u0000', '#ff0000\u0000', '\ud800', 'ǅ', 'ß', '😀'.repeat(30), 'İ', 'ﬀ']) {
      const color = await add(user, p.id, text);
      expect(color.statusCode, color.body).toBeGreaterThanOrEqual(400);
      expectClientError(color);
      expectClientError(await applyCoupon(user, text));
    }
  });
});

describe('with the demo catalogue', () => {
  it('seeded products go into the cart with their real prices and images', async () => {
    const seeded = await createTestApp();
    try {
      await seedDatabase({
        db: seeded.database.db,
        config: seeded.config,
        media: mediaStoreOf({ ...seeded.config, maxImagePixels: 1e8 }),
      });
      const user = await createAccount(seeded, 'user');
      const rows = await seeded.database.db.select().from(products).limit(20);
      const inStock = rows.filter((r) => r.quantity > 0).slice(0, 3);
      expect(inStock.length).toBeGreaterThan(0);
      let expected = 0;
      let body: CartBody | undefined;
      for (const row of inStock) {
        const payload = { productId: row.id, color: row.availableColors[0] };
        body = cartOf(await send('POST', '/cart', { token: user.token, payload, app: seeded }));
        expected += row.priceAfterDiscount ?? row.price;
      }
      expect(body?.data.totalCartPrice).toBe(expected / 100);
      for (const line of body?.data.products ?? []) {
        const image = await send('GET', new URL(String(line.product.imageCover)).pathname, { app: seeded });
        expect(image.statusCode).toBe(200);
      }
    } finally {
      await seeded.close();
    }
    // Seeding encodes every demo image: allow for it on a busy machine.
  }, 180_000);
});
