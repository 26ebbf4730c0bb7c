/**
 * Guarantee 6 (money and stock) beyond the basics in orders.test.ts and cart.test.ts: no oversell
 * under heavier concurrency (multi-line carts, and two server processes on one PostgreSQL), orders
 * all-or-nothing, totals never taken from the client, the payment webhook verified and idempotent.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '../../src/contract/markets.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { openDatabase } from '../../src/db/client.js';
import { checkoutSessions, orders, type products } from '../../src/db/schema.js';
import { vatIncluded } from '../../src/server/modules/pricing/quote.js';
import { signPayload } from '../../src/server/payments/signature.js';
import { type Account, createTestApp, type TestApp } from '../helpers/app.js';
import { fillCart, ledger, seedShop, shippingAddress, signIn } from '../helpers/fixtures.js';
import { killAllServers, postgresUrl, startServer, throwawayDatabase } from '../helpers/server.js';
import {
  apiClient,
  createTaxonomy,
  expectFail,
  insertCoupon,
  insertProduct,
  setDefaultVariant,
  customerWithCart as shopperWithCart,
  stockOf as stockOfProduct,
} from '../helpers/shopping.js';

let t: TestApp;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(async () => {
  await killAllServers();
  await t.close();
});
afterEach(expectNo5xx);

const product = (values: Partial<typeof products.$inferInsert> = {}) => insertProduct(t, refs, values);
const stockOf = (id: string) => stockOfProduct(t, id);
const ordersOf = (user: Account) => t.database.db.select().from(orders).where(eq(orders.userId, user.id));

const customerWithCart = (lines: { productId: string; count?: number }[]) => shopperWithCart(t, send, lines);
const placeCash = (user: Account, cartId: string, extra: Record<string, unknown> = {}) =>
  send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress, ...extra } });

describe('no oversell under concurrency', () => {
  it('multi-line carts listing the products in opposite orders: no oversell, no deadlock, no half order', async () => {
    const a = await product({ quantity: 5, price: 1_000 });
    const b = await product({ quantity: 7, price: 2_000 });
    // Half the carts list a then b, half b then a; some take 2 units of a.
    const buyers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        customerWithCart(
          i % 2 === 0
            ? [{ productId: a.id, count: i % 4 === 0 ? 2 : 1 }, { productId: b.id }]
            : [{ productId: b.id }, { productId: a.id }],
        ),
      ),
    );
    const results = await Promise.all(buyers.map(({ user, cartId }) => placeCash(user, cartId)));
    for (const res of results) expect([201, 409], res.body).toContain(res.statusCode);

    const placed = (await t.database.db.select().from(orders)).filter((o) =>
      buyers.some(({ user }) => user.id === o.userId),
    );
    expect(placed).toHaveLength(results.filter((r) => r.statusCode === 201).length);
    const { stock, stockMismatches, badOrders, orphanLines } = await ledger(t.database.db, [
      { id: a.id, quantity: 5 },
      { id: b.id, quantity: 7 },
    ]);
    expect(stockMismatches).toEqual([]);
    expect(badOrders).toEqual([]);
    expect(orphanLines).toBe(0);
    // a (5 units) runs out before b (7): everything of a is sold.
    expect(stock[0]?.remaining).toBe(0);
    for (const s of stock) expect(s.remaining).toBeGreaterThanOrEqual(0);
  });
});

describe('an order is all or nothing', () => {
  it('one line short leaves no order, no stock change and the cart (and its coupon) as it was', async () => {
    // Stock is taken product by product in id order: make the short product the later one, so the
    // earlier product's units are already taken when the order fails.
    const [first, second] = [await product({ quantity: 4 }), await product({ quantity: 1 })].sort((x, y) =>
      x.id < y.id ? -1 : 1,
    );
    if (!first || !second) throw new Error('products');
    await setDefaultVariant(t.database.db, second.id, { quantity: 1 });
    await setDefaultVariant(t.database.db, first.id, { quantity: 4 });
    const coupon = await insertCoupon(t, { discount: 10 });
    const { user, cartId } = await customerWithCart([
      { productId: first.id, count: 3 },
      { productId: second.id, count: 2 },
    ]);
    await send('PUT', '/cart/applyCoupon', { token: user.token, payload: { couponName: coupon.name } });
    const before = (await send('GET', '/cart', { token: user.token })).json();

    expectFail(await placeCash(user, cartId), 409, `${m.stockShort}: ${second.title}`);
    expect(await ordersOf(user)).toEqual([]);
    expect(await stockOf(first.id)).toEqual({ quantity: 4, sold: 0 });
    expect(await stockOf(second.id)).toEqual({ quantity: 1, sold: 0 });
    const after = (await send('GET', '/cart', { token: user.token })).json();
    expect(after.data.products.map((p: { count: number }) => p.count)).toEqual([3, 2]);
    expect(after.data.coupon).toBe(coupon.name);
    expect(after.data.totalAfterDiscount).toBe(before.data.totalAfterDiscount);
  });
});

describe('totals come from the server only', () => {
  it('price, total, discount, coupon and payment fields in the order body are ignored', async () => {
    const p = await product({ price: 12_345, quantity: 3 });
    const { user, cartId } = await customerWithCart([{ productId: p.id, count: 2 }]);
    const res = await placeCash(user, cartId, {
      totalOrderPrice: 0.01,
      totalPrice: 0.01,
      price: 0.01,
      discount: 100,
      coupon: 'FREE',
      couponName: 'FREE',
      taxPrice: -50,
      shippingPrice: -50,
      isPaid: true,
      paymentMethodType: 'card',
      cartItems: [{ product: p.id, count: 2, price: 0.01 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      totalOrderPrice: 246.9,
      discount: 0,
      taxPrice: vatIncluded(24_690, MARKETS[t.config.country].vatRateBasisPoints) / 100,
      shippingPrice: 0,
      isPaid: false,
      paymentMethodType: 'cash',
    });
    expect(res.json().data.coupon).toBeUndefined();
    expect(res.json().data.cartItems[0]).toMatchObject({ count: 2, price: 123.45 });
  });

  it('an amount or discount in the card checkout query does not change what is charged', async () => {
    const p = await product({ price: 5_000, quantity: 3 });
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    const query = new URLSearchParams({ ...shippingAddress, amount: '1', totalOrderPrice: '1', discount: '100' });
    const res = await send('GET', `/orders/checkout-session/${cartId}?${query}`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session.amount).toBe(50);
    const [session] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, res.json().session.id));
    expect(session?.amount).toBe(5_000);
  });
});

describe('payment webhook', () => {
  // The test provider's secret is derived from the JWT secret, as payments/choose.ts does.
  const secret = () => createHmac('sha256', t.config.jwtSecret).update('matjar-test-payments').digest('hex');

  async function openCheckout() {
    const p = await product({ price: 15_000, quantity: 4 });
    const { user, cartId } = await customerWithCart([{ productId: p.id }]);
    const res = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { p, user, sessionId: res.json().session.id as string };
  }
  const deliver = (payload: string, signature: string | undefined) =>
    send('POST', '/payments/webhook/test', {
      payload,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-matjar-signature': signature }),
      },
    });
  const mailsTo = (email: string) => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return readdirSync(outbox).filter((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')).to === email)
      .length;
  };

  it('refuses events without a valid, fresh signature (4xx) and creates nothing', async () => {
    const { p, user, sessionId } = await openCheckout();
    const payload = JSON.stringify({ type: 'checkout.completed', sessionId });
    const key = secret();
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      deliver(payload, undefined),
      deliver(payload, ''),
      deliver(payload, signPayload('wrong-secret', payload)),
      deliver(payload, signPayload(key, payload, now - 3600)), // replayed an hour later
      deliver(payload, signPayload(key, JSON.stringify({ type: 'checkout.completed', sessionId: 'other' }))),
      deliver(`${payload} `, signPayload(key, payload)), // body changed after signing
    ];
    for (const res of await Promise.all(attempts)) expectFail(res, 400, m.webhookSignatureInvalid);
    expect(await ordersOf(user)).toEqual([]);
    // The open checkout still holds its unit; nothing is sold.
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 0 });
  });

  it('the same paid event delivered several times at once pays one order, takes stock and mails once', async () => {
    const { p, user, sessionId } = await openCheckout();
    const payload = JSON.stringify({ type: 'checkout.completed', sessionId });
    const signature = signPayload(secret(), payload);
    const mailsBefore = mailsTo(user.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signature)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    // And once more later, as providers retry.
    expect((await deliver(payload, signature)).statusCode).toBe(200);

    const placed = await ordersOf(user);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ isPaid: true, totalOrderPrice: 15_000, paymentMethodType: 'card' });
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 1 });
    expect(mailsTo(user.email) - mailsBefore).toBe(1);
  });
});

const pg = postgresUrl();
describe.skipIf(!pg)('two server processes on one PostgreSQL', () => {
  it('orders sent to both processes for the last units never oversell', { timeout: 90_000 }, async () => {
    if (!pg) return;
    const database = await throwawayDatabase(pg);
    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'matjar-two-')));
    try {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: dataDirs[0] as string });
      const shop = await seedShop(handle.db, { customers: 24, stock: [7, 100] });
      const [last, plenty] = shop.products;
      if (!last || !plenty) throw new Error('products');
      const servers = await Promise.all(dataDirs.map((dataDir) => startServer({ dataDir, databaseUrl: database.url })));
      const origins = servers.map((s) => s.origin);
      // Every customer wants one of the last 7 units (and one of a plentiful product).
      const carts = await Promise.all(
        shop.customers.map(async (customer, i) => {
          const origin = origins[i % 2] as string;
          const token = await signIn(origin, customer.email);
          const cartId = await fillCart(origin, token, [
            { productId: plenty.id, count: 1 },
            { productId: last.id, count: 1 },
          ]);
          return { token, cartId, origin: origins[(i + 1) % 2] as string };
        }),
      );
      const results = await Promise.all(
        carts.map(({ origin, token, cartId }) =>
          fetch(`${origin}/api/v1/orders/${cartId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ shippingAddress }),
          }).then((r) => r.status),
        ),
      );
      expect(results.filter((s) => s === 201)).toHaveLength(7);
      expect(results.filter((s) => s === 409)).toHaveLength(24 - 7);

      const check = await ledger(handle.db, shop.products);
      expect(check.stockMismatches).toEqual([]);
      expect(check.badOrders).toEqual([]);
      expect(check.orphanLines).toBe(0);
      expect(check.stock.map((s) => s.remaining)).toEqual([0, 93]);
      expect(check.orders).toHaveLength(7);
      await handle.close();
    } finally {
      await killAllServers();
      await database.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
