import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Order } from '../../src/contract/types.js';
import { orders, refunds } from '../../src/db/schema.js';
import { CASH_COLLECTED_NOTE } from '../../src/server/modules/orders/lifecycle.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertProduct,
  stockOf,
} from '../helpers/shopping.js';

/*
 * What staff do with an order every day (docs/orders.md): a cash order's money collected at its
 * delivery, a refused parcel cancelled, collected cash given back by hand, the history naming the
 * staff member, and the shipment's fields each refused on their own. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */

const STAFF_NAME = 'سارة من المتجر';
let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin', STAFF_NAME);
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

/** A customer's cash order of one unit of a new product of `price` minor units. */
async function cashOrder(price = 10_000) {
  const p = await insertProduct(t, refs, { quantity: 5, price });
  const { user, cartId } = await customerWithCart(t, send, [{ productId: p.id }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  expect(res.statusCode, res.body).toBe(201);
  return { p, user, order: res.json().data as Order };
}

/** No token: an anonymous request. */
const ANONYMOUS = '';
const setStatus = (id: string, body: Record<string, unknown>, token = admin.token) =>
  send('PUT', `/orders/${id}/status`, { token, payload: body });
const orderOf = async (id: string, token = admin.token) => {
  const res = await send('GET', `/orders/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
};
const refund = (id: string, body: Record<string, unknown>, key?: string, token = admin.token) =>
  send('POST', `/orders/${id}/refunds`, {
    token,
    payload: body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('cash collected on delivery', () => {
  it('delivering a cash order makes it paid, recorded as collected by the staff member who delivered it', async () => {
    const { order, user } = await cashOrder(12_345);
    expect(order).toMatchObject({ paymentMethodType: 'cash', paymentStatus: 'unpaid', isPaid: false });
    await setStatus(order.id, { status: 'shipped', trackingNumber: 'SM1' });
    const res = await setStatus(order.id, { status: 'delivered', note: 'سُلّم للعميل' });
    expect(res.statusCode, res.body).toBe(200);
    const delivered = res.json().data as Order;
    expect(delivered).toMatchObject({
      status: 'delivered',
      isDelivered: true,
      paymentStatus: 'paid',
      isPaid: true,
      paidAt: expect.any(String),
      refundedAmount: 0,
    });
    expect(delivered.history.slice(-2)).toEqual([
      {
        at: expect.any(String),
        by: 'admin',
        byName: STAFF_NAME,
        kind: 'status',
        from: 'shipped',
        to: 'delivered',
        note: 'سُلّم للعميل',
      },
      {
        at: expect.any(String),
        by: 'admin',
        byName: STAFF_NAME,
        kind: 'payment',
        paymentStatus: 'paid',
        note: CASH_COLLECTED_NOTE,
      },
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: 'paid', isPaid: true, isDelivered: true });
    expect(row?.paidAt?.getTime()).toBe(row?.deliveredAt?.getTime());

    // The customer reads the same history by role, without the staff member's name.
    const own = await orderOf(order.id, user.token);
    expect(own.paymentStatus).toBe('paid');
    expect(own.history.slice(-2).map((event) => [event.by, event.byName, event.kind])).toEqual([
      ['admin', undefined, 'status'],
      ['admin', undefined, 'payment'],
    ]);
  });

  it('the original deliver route collects it too; a cash order already paid is not paid twice', async () => {
    const { order } = await cashOrder();
    const res = await send('PUT', `/orders/${order.id}/deliver`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', data: { isDelivered: true, isPaid: true } });
    expect(res.json().data.history.at(-1)).toMatchObject({ kind: 'payment', note: CASH_COLLECTED_NOTE });
    // Taking the delivery back does not give the cash back: that is a refund.
    const undelivered = await send('PUT', `/orders/${order.id}/deliver`, {
      token: admin.token,
      payload: { isDelivered: false },
    });
    expect(undelivered.json().data).toMatchObject({ status: 'processing', isDelivered: false, paymentStatus: 'paid' });

    const { order: prepaid } = await cashOrder();
    await send('PUT', `/orders/${prepaid.id}/pay`, { token: admin.token });
    const after = (await setStatus(prepaid.id, { status: 'delivered' })).json().data as Order;
    expect(after.paymentStatus).toBe('paid');
    expect(after.history.filter((event) => event.kind === 'payment')).toHaveLength(1);
  });

  it('only staff deliver: anonymous 401, a customer 403 even for their own order, and nothing changes', async () => {
    const { order, user } = await cashOrder();
    const stranger = await createAccount(t);
    expectFail(await setStatus(order.id, { status: 'delivered' }, ANONYMOUS), 401);
    expectFail(await setStatus(order.id, { status: 'delivered' }, user.token), 403);
    expectFail(await setStatus(order.id, { status: 'delivered' }, stranger.token), 403);
    expectFail(await send('PUT', `/orders/${order.id}/deliver`, { token: user.token }), 403);
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', isPaid: false });
  });

  it('two deliveries at once: one delivers and collects, the other is refused; one payment recorded', async () => {
    const { order } = await cashOrder();
    const answers = await Promise.all([
      setStatus(order.id, { status: 'delivered' }),
      setStatus(order.id, { status: 'delivered' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const after = await orderOf(order.id);
    expect(after.history.filter((event) => event.kind === 'payment')).toHaveLength(1);
  });
});

describe('a refused or returned cash order', () => {
  it('is cancelled through the normal cancel: its units back, nothing was paid so nothing is refunded', async () => {
    const { order, p } = await cashOrder();
    await setStatus(order.id, { status: 'shipped' });
    expect(await stockOf(t, p.id)).toEqual({ quantity: 4, sold: 1 });
    const res = await send('POST', `/orders/${order.id}/cancel`, {
      token: admin.token,
      payload: { reason: 'رفض العميل الاستلام' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', refundedAmount: 0 });
    expect(res.json().data.history.at(-1)).toMatchObject({
      by: 'admin',
      byName: STAFF_NAME,
      to: 'cancelled',
      note: 'رفض العميل الاستلام',
    });
    expect(await stockOf(t, p.id)).toEqual({ quantity: 5, sold: 0 });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });
});

describe('cash already collected, given back by hand', () => {
  /** A cash order delivered, so its cash collected. */
  async function collected(price = 10_000) {
    const made = await cashOrder(price);
    expect((await setStatus(made.order.id, { status: 'delivered' })).statusCode).toBe(200);
    return made;
  }

  it('is recorded done at once with no provider, named by the staff member, and the same key refunds once', async () => {
    const { order } = await collected();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => refund(order.id, { amount: '٢٠', reason: 'قطعة تالفة' }, 'cash-1')),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const [first] = answers;
    expect(first?.json().data).toMatchObject({ amount: 20, status: 'done', reason: 'قطعة تالفة' });
    expect(first?.json().order).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 20 });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toEqual([
      expect.objectContaining({
        amount: 2_000,
        status: 'done',
        provider: null,
        providerRefundId: null,
        actorId: admin.id,
      }),
    ]);
    expect((await orderOf(order.id)).history.at(-1)).toMatchObject({
      by: 'admin',
      byName: STAFF_NAME,
      kind: 'refund',
      amount: 20,
      paymentStatus: 'partially_refunded',
    });
  });

  it('never more than was collected and not yet given back; only staff; nothing before it is collected', async () => {
    const { order, user } = await collected(5_000);
    expectFail(await refund(order.id, { amount: 50.01, reason: 'كثير' }), 409, m.refundTooLarge);
    expectFail(await refund(order.id, { amount: 10, reason: 'تعويض' }, undefined, ANONYMOUS), 401);
    expectFail(await refund(order.id, { amount: 10, reason: 'تعويض' }, undefined, user.token), 403);
    expect(firstError(await refund(order.id, { amount: -5, reason: 'تعويض' })).code).toBe('REFUND_AMOUNT_INVALID');
    const all = await refund(order.id, { amount: 50, reason: 'إرجاع كامل' });
    expect(all.json().order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 50 });
    expectFail(await refund(order.id, { amount: 0.01, reason: 'مرة أخرى' }), 409, m.refundTooLarge);

    // A cash order not yet delivered has had no cash collected: nothing to give back.
    const { order: pending } = await cashOrder();
    expectFail(await refund(pending.id, { amount: 10, reason: 'تعويض' }), 409, m.refundNotAllowed);
  });
});

describe('the shipment’s fields', () => {
  it('a tracking link without https:// is refused on its own field with its own code, and nothing changes', async () => {
    const { order } = await cashOrder();
    const error = firstError(await setStatus(order.id, { status: 'shipped', trackingUrl: 'track.example/SM1' }));
    expect(error).toMatchObject({ param: 'trackingUrl', location: 'body', code: 'TRACKING_URL_INVALID' });
    expect(error.msg).toBe(m.trackingUrlInvalid);
    const long = 'x'.repeat(101);
    // The carrier and the tracking number keep their published code, named by `param`.
    expect(firstError(await setStatus(order.id, { status: 'shipped', carrier: long }))).toMatchObject({
      param: 'carrier',
      code: 'TRACKING_INVALID',
    });
    expect(firstError(await setStatus(order.id, { status: 'shipped', trackingNumber: long }))).toMatchObject({
      param: 'trackingNumber',
      code: 'TRACKING_INVALID',
    });
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending' });
    expect((await orderOf(order.id)).trackingUrl).toBeUndefined();
  });

  it('a tracking number typed in Arabic-Indic digits is stored in ASCII digits', async () => {
    const { order, user } = await cashOrder();
    const res = await setStatus(order.id, { status: 'shipped', trackingNumber: ' SM-١٢٣۴٥ ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ trackingNumber: 'SM-12345' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.trackingNumber).toBe('SM-12345');
    expect((await orderOf(order.id, user.token)).history.at(-1)).toMatchObject({ trackingNumber: 'SM-12345' });
  });
});
