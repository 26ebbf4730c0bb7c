import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '../../src/contract/markets.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { phoneInvalidMessage } from '../../src/contract/phone-messages.js';
import type { Order } from '../../src/contract/types.js';
import { checkoutSessions, orders, type products } from '../../src/db/schema.js';
import { vatIncluded } from '../../src/server/modules/pricing/quote.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import {
  apiClient,
  createTaxonomy,
  expectFail,
  firstError,
  insertCoupon,
  insertProduct,
  customerWithCart as shopperWithCart,
  stockOf as stockOfProduct,
} from '../helpers/shopping.js';

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);
const address = { details: 'شارع العليا 5، الدور الثالث', phone: '0551234567', city: 'الرياض', postalCode: '11511' };
/** The address as stored: the phone in E.164. */
const storedAddress = { ...address, phone: '+966551234567' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const product = (values: Partial<typeof products.$inferInsert> = {}) => insertProduct(t, refs, values);
const stockOf = (id: string) => stockOfProduct(t, id);

const customerWithCart = (lines: { productId: string; count?: number }[]) => shopperWithCart(t, send, lines);

const placeCash = (user: Account, cartId: string, shippingAddress: unknown = address) =>
  send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });

const orderCount = async () => (await t.database.db.select().from(orders)).length;

describe('cash orders', () => {
  it('creates the order from the cart, takes stock, empties the cart and mails the customer', async () => {
    const a = await product({ price: 25_000, priceAfterDiscount: 20_000, quantity: 5 });
    const b = await product({ price: 3_333, quantity: 9 });
    const { user, cartId } = await customerWithCart([{ productId: a.id, count: 2 }, { productId: b.id }]);
    const res = await placeCash(user, cartId);
    expect(res.statusCode, res.body).toBe(201);
    const { status, data } = res.json() as { status: string; data: Order };
    expect(status).toBe('success');
    expect(data).toMatchObject({
      paymentMethodType: 'cash',
      isPaid: false,
      isDelivered: false,
      subtotal: 433.33,
      discount: 0,
      totalOrderPrice: 433.33,
      // The VAT the total includes at the market's rate; the default zone ships free, without a fee.
      taxPrice: vatIncluded(43_333, MARKETS[t.config.country].vatRateBasisPoints) / 100,
      shippingPrice: 0,
      codFee: 0,
      shippingAddress: storedAddress,
      user: { _id: user.id, email: user.email },
    });
    expect(data._id).toBe(data.id);
    expect(Number.isInteger(data.number)).toBe(true);
    expect(data.cartItems.map((i) => [i.product.title, i.count, i.price]).sort()).toEqual(
      [
        [a.title, 2, 200],
        [b.title, 1, 33.33],
      ].sort(),
    );
    expect(await stockOf(a.id)).toEqual({ quantity: 3, sold: 2 });
    expect(await stockOf(b.id)).toEqual({ quantity: 8, sold: 1 });
    const cart = (await send('GET', '/cart', { token: user.token })).json();
    expect(cart.numOfCartItems).toBe(0);

    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')));
    const mail = mails.find((x) => x.to === user.email);
    expect(mail?.subject).toContain(String(data.number));
    expect(mail?.text).toContain(a.title);
  });

  it('applies the cart coupon to the order total', async () => {
    const p = await product({ price: 10_000 });
    const coupon = await insertCoupon(t, { discount: 25 });
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    await send('PUT', '/cart/applyCoupon', { token: user.token, payload: { couponName: coupon.name.toLowerCase() } });
    const res = await placeCash(user, cartId);
    expect(res.json().data).toMatchObject({ totalOrderPrice: 75, coupon: coupon.name });
  });

  it('refuses an empty cart, another customer’s cart and a missing address', async () => {
    const { user, cartId } = await customerWithCart([]);
    const own = (await send('GET', '/cart', { token: user.token })).json().data._id;
    expectFail(await placeCash(user, own), 400, m.cartEmpty);
    expect(cartId).toBe('');

    const p = await product();
    const other = await customerWithCart([{ productId: p.id }]);
    expectFail(await placeCash(user, other.cartId), 404, m.cartNotFound);
    expect((await send('GET', '/cart', { token: other.user.token })).json().numOfCartItems).toBe(1);

    expect(firstError(await placeCash(other.user, other.cartId, { details: '', phone: '1', city: '' })).msg).toBe(
      m.detailsRequired,
    );
    expect(
      firstError(await send('POST', `/orders/${other.cartId}`, { token: other.user.token, payload: {} })).param,
    ).toBe('shippingAddress');
    expect(firstError(await placeCash(other.user, 'not-an-id')).msg).toBe(m.invalidId);
  });

  it('refuses a short-stock order with a clear message and keeps the cart and the stock', async () => {
    const p = await product({ quantity: 1 });
    const { user, cartId } = await customerWithCart([{ productId: p.id, count: 2 }]);
    expectFail(await placeCash(user, cartId), 409, `${m.stockShort}: ${p.title}`);
    expect(await stockOf(p.id)).toEqual({ quantity: 1, sold: 0 });
    expect((await send('GET', '/cart', { token: user.token })).json().numOfCartItems).toBe(1);
  });

  it('never oversells: 20 customers order the last 5 units at once → exactly 5 orders', async () => {
    const p = await product({ quantity: 5 });
    const before = await orderCount();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customerWithCart([{ productId: p.id }])));
    const results = await Promise.all(buyers.map(({ user, cartId }) => placeCash(user, cartId)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    for (const refused of results.filter((r) => r.statusCode !== 201)) {
      expectFail(refused, 409, `${m.stockShort}: ${p.title}`);
    }
    expect(await stockOf(p.id)).toEqual({ quantity: 0, sold: 5 });
    expect(await orderCount()).toBe(before + 5);
  });

  it('makes one order when the same cart is submitted twice at once', async () => {
    const p = await product({ quantity: 10 });
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    const before = await orderCount();
    const results = await Promise.all([placeCash(user, cartId), placeCash(user, cartId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(p.id)).toEqual({ quantity: 9, sold: 1 });
  });
});

describe('card checkout', () => {
  async function startCheckout(query = new URLSearchParams(address).toString()) {
    const p = await product({ price: 15_000, quantity: 4 });
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    const res = await send('GET', `/orders/checkout-session/${cartId}?${query}`, { token: user.token });
    return { p, user, cartId, res };
  }
  const pagePath = (url: string) => new URL(url).pathname;
  /** The provider's hosted page lives outside /api/v1; its buttons need the cookie the page sets. */
  const hosted = (method: 'GET' | 'POST', url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  /** Opens the hosted page as the customer's browser does, and presses one of its buttons. */
  async function press(url: string, button: 'pay' | 'cancel') {
    const page = await hosted('GET', pagePath(url));
    const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0];
    return hosted('POST', `${pagePath(url)}/${button}`, cookie);
  }

  it('opens the provider page holding the units, and paying creates exactly one paid order', async () => {
    const { p, user, res } = await startCheckout();
    expect(res.statusCode, res.body).toBe(200);
    const { status, session } = res.json();
    expect(status).toBe('success');
    expect(session.url).toMatch(/\/pay\/test\/test_[0-9a-f]{32}$/);
    // The unit is held for this checkout (others see it gone), but nothing is sold or ordered yet.
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 0 });

    const page = await hosted('GET', pagePath(session.url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ادفع الآن');
    expect(page.body).toContain('150');
    expect(String(page.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);

    const before = await orderCount();
    const paid = await press(session.url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/user\/allOrders\?paid=1&checkout=[0-9a-f-]{36}$/);
    // Paying again (the page, or a replayed webhook) creates nothing more.
    expect((await press(session.url, 'pay')).statusCode).toBe(409);
    expect(await orderCount()).toBe(before + 1);

    const list = (await send('GET', '/orders', { token: user.token })).json();
    expect(list.results).toBe(1);
    expect(list.data[0]).toMatchObject({ paymentMethodType: 'card', isPaid: true, totalOrderPrice: 150, isTest: true });
    expect(list.data[0].paidAt).toBeTruthy();
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 1 });
    expect((await send('GET', '/cart', { token: user.token })).json().numOfCartItems).toBe(0);
  });

  it('the hosted page’s buttons work as a browser posts them (an empty url-encoded form)', async () => {
    const { res } = await startCheckout();
    const url = pagePath(res.json().session.url);
    const cookieOf = async (path: string) =>
      String((await hosted('GET', path)).headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: await cookieOf(url) };
    const paid = await t.app.inject({ method: 'POST', url: `${url}/pay`, headers: form, payload: '' });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toMatch(/\/user\/allOrders\?paid=1&checkout=/);

    const other = await startCheckout();
    const otherUrl = pagePath(other.res.json().session.url);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${otherUrl}/cancel`,
      headers: { ...form, cookie: await cookieOf(otherUrl) },
      payload: '',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(303);
    // Cancelling goes back to the payment screen, which says so (docs/payments.md, step 4).
    expect(cancelled.headers.location).toMatch(/\/order\/paymethoud\?payment=cancelled&checkout=[0-9a-f-]{36}$/);
  });

  it('the hosted page’s buttons refuse a browser that did not open it (no cookie, another page’s cookie)', async () => {
    const { p, res } = await startCheckout();
    const { session } = res.json();
    const bare = await hosted('POST', `${pagePath(session.url)}/pay`);
    expect(bare.statusCode).toBe(403);
    expect(bare.body).toContain('افتح صفحة الدفع من المتجر');
    const other = await startCheckout();
    const otherCookie = String((await hosted('GET', pagePath(other.res.json().session.url))).headers['set-cookie']);
    const borrowed = await hosted('POST', `${pagePath(session.url)}/pay`, otherCookie.split(';')[0]);
    expect(borrowed.statusCode).toBe(403);
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 0 });
  });

  it('uses a saved address by id and refuses someone else’s', async () => {
    const p = await product();
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    const saved = await send('POST', '/addresses', { token: user.token, payload: { alias: 'البيت', ...address } });
    const addressId = saved.json().data[0]._id;
    const ok = await send('GET', `/orders/checkout-session/${cartId}?addressId=${addressId}`, { token: user.token });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, ok.json().session.id));
    // The checkout keeps whether the city was recognised, for the order it becomes (docs/pricing.md).
    expect(row?.shippingAddress).toEqual({ ...storedAddress, cityRecognised: true });

    const stranger = await customerWithCart([{ productId: p.id }]);
    const refused = await send('GET', `/orders/checkout-session/${stranger.cartId}?addressId=${addressId}`, {
      token: stranger.user.token,
    });
    expectFail(refused, 404, m.addressNotFound);
  });

  it('without an address (the original client’s GET sends none): the saved address last used or added', async () => {
    const p = await product({ quantity: 20 });
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    const none = await send('GET', `/orders/checkout-session/${cartId}`, { token: user.token });
    expectFail(none, 400, m.addressRequired);
    expect(none.json().code).toBe('ADDRESS_REQUIRED');

    const save = async (alias: string, details: string) =>
      send('POST', '/addresses', { token: user.token, payload: { alias, ...address, details } });
    await save('البيت', 'شارع العليا 5');
    await save('العمل', 'شارع التحلية 9');
    const shippedTo = async () => {
      const res = await send('GET', `/orders/checkout-session/${cartId}`, { token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSessionId, res.json().session.id));
      return row?.shippingAddress.details;
    };
    expect(await shippedTo()).toBe('شارع التحلية 9');
    // A cash order to the older address makes it the last used.
    await send('POST', '/cart', { token: user.token, payload: { productId: p.id } });
    expect((await placeCash(user, cartId, { ...address, details: 'شارع العليا 5' })).statusCode).toBe(201);
    await send('POST', '/cart', { token: user.token, payload: { productId: p.id } });
    expect(await shippedTo()).toBe('شارع العليا 5');
  });

  it('validates the address fields in the query', async () => {
    const { res } = await startCheckout('details=x&phone=123');
    const error = firstError(res);
    expect(error).toMatchObject({ param: 'phone', msg: phoneInvalidMessage('SA'), location: 'query' });
  });

  it('cancelling creates no order and gives the unit back, and a forged webhook is refused', async () => {
    const { res, p } = await startCheckout();
    const { session } = res.json();
    const before = await orderCount();
    const forged = await send('POST', '/payments/webhook/test', {
      payload: JSON.stringify({ type: 'checkout.completed', sessionId: session.id }),
      headers: { 'content-type': 'application/json', 'x-matjar-signature': `t=${Math.floor(Date.now() / 1000)},v1=00` },
    });
    expectFail(forged, 400, m.webhookSignatureInvalid);
    const cancelled = await press(session.url, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect((await press(session.url, 'pay')).statusCode).toBe(409);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(p.id)).toEqual({ quantity: 4, sold: 0 });
    expect((await hosted('GET', pagePath(session.url))).body).toContain('انتهت صلاحية');
  });
});

describe('reading and managing orders', () => {
  let mine: Order;
  let customer: Account;
  let other: Account;

  beforeAll(async () => {
    const p = await product({ quantity: 50 });
    const first = await customerWithCart([{ productId: p.id }]);
    customer = first.user;
    mine = (await placeCash(customer, first.cartId)).json().data;
    const second = await customerWithCart([{ productId: p.id }]);
    other = second.user;
    await placeCash(other, second.cartId);
  });

  it('lists a customer’s own orders and every order for staff, newest first', async () => {
    const own = (await send('GET', '/orders', { token: customer.token })).json();
    expect(own.data.map((o: Order) => o.user._id)).toEqual([customer.id]);
    const all = (await send('GET', '/orders?limit=2&page=1', { token: admin.token })).json();
    expect(all.results).toBe(await orderCount());
    expect(all.paginationResult).toMatchObject({ currentPage: 1, limit: 2 });
    const numbers = all.data.map((o: Order) => o.number);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
  });

  it('shows an order to its owner and staff only', async () => {
    expect((await send('GET', `/orders/${mine.id}`, { token: customer.token })).json().data.id).toBe(mine.id);
    expect((await send('GET', `/orders/${mine.id}`, { token: admin.token })).json().data.id).toBe(mine.id);
    expectFail(await send('GET', `/orders/${mine.id}`, { token: other.token }), 404, m.orderNotFound);
    expectFail(await send('GET', `/orders/${mine.id}`), 401);
    expectFail(await send('GET', '/orders'), 401);
  });

  it('lets staff mark an order paid and delivered, and only staff', async () => {
    for (const action of ['pay', 'deliver']) {
      expectFail(await send('PUT', `/orders/${mine.id}/${action}`), 401);
      expectFail(await send('PUT', `/orders/${mine.id}/${action}`, { token: customer.token }), 403);
    }
    const paid = await send('PUT', `/orders/${mine.id}/pay`, { token: admin.token });
    expect(paid.json()).toMatchObject({ status: 'Success', data: { isPaid: true } });
    expect(paid.json().data.paidAt).toBeTruthy();
    const delivered = await send('PUT', `/orders/${mine.id}/deliver`, { token: admin.token, payload: {} });
    expect(delivered.json().data).toMatchObject({ isDelivered: true, isPaid: true });
    const unpaid = await send('PUT', `/orders/${mine.id}/pay`, { token: admin.token, payload: { isPaid: false } });
    expect(unpaid.json().data.isPaid).toBe(false);
    expect(unpaid.json().data.paidAt).toBeUndefined();
    expectFail(
      await send('PUT', '/orders/00000000-0000-4000-8000-000000000000/pay', { token: admin.token }),
      404,
      m.orderNotFound,
    );
    expect(
      firstError(await send('PUT', `/orders/${mine.id}/pay`, { token: admin.token, payload: { isPaid: 'yes' } })).param,
    ).toBe('isPaid');
  });

  it('refuses shopping calls from staff and from anonymous visitors', async () => {
    expectFail(await send('POST', `/orders/${mine.id}`, { payload: { shippingAddress: address } }), 401);
    expectFail(
      await send('POST', `/orders/${mine.id}`, { token: admin.token, payload: { shippingAddress: address } }),
      403,
    );
    expectFail(await send('GET', `/orders/checkout-session/${mine.id}`), 401);
    expectFail(await send('GET', `/orders/checkout-session/${mine.id}`, { token: admin.token }), 403);
  });
});
