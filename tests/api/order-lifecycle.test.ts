import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { and, asc, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, wallClock } from '../../src/contract/dates.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { currencyDigits, formatMoney } from '../../src/contract/money.js';
import type { CreditNote, Order } from '../../src/contract/types.js';
import { invoiceCounter, invoices, orderEvents, orders, refunds, storeSettings } from '../../src/db/schema.js';
import { documentHash, GENESIS_HASH } from '../../src/server/modules/invoices/service.js';
import { CASH_COLLECTED_NOTE, createLifecycle } from '../../src/server/modules/orders/lifecycle.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { choosePaymentProvider } from '../../src/server/payments/choose.js';
import {
  type Account,
  createAccount,
  createTestApp,
  documentIssuingOf,
  orderMessagesOf,
  type TestApp,
} from '../helpers/app.js';
import { startFakeStripe, stripePaidEvent } from '../helpers/fake-stripe.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  insertProduct,
  type ProductRow,
  stockOf as stockOfProduct,
} from '../helpers/shopping.js';

/*
 * An order's life after it is made (docs/orders.md): statuses along the allowed moves only, the
 * original pay/deliver routes moving the same lifecycle, cancels that put the stock back exactly
 * once and refund a card payment through the provider, and a history of every change. Runs on
 * PGlite and, with DATABASE_URL, on PostgreSQL, where the parallel requests really race.
 */

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx, payThroughTestProvider } = apiClient(() => t);
const quietLog = { error() {}, warn() {}, info() {} } as unknown as Parameters<typeof createLifecycle>[3];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const product = (values: Partial<ProductRow> = {}) => insertProduct(t, refs, { quantity: 10, ...values });
const stockOf = (id: string) => stockOfProduct(t, id);

/** A customer's cash order of `count` units of the product (stock taken, as always). */
async function cashOrder(p: ProductRow, count = 1, app = t) {
  const { user, cartId } = await customerWithCart(app, send, [{ productId: p.id, count }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress }, app });
  expect(res.statusCode, res.body).toBe(201);
  return { user, order: res.json().data as Order };
}

/** A customer's card order, paid through the test provider's signed webhook. */
async function cardOrder(p: ProductRow) {
  const { user, cartId } = await customerWithCart(t, send, [{ productId: p.id }]);
  const session = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
    token: user.token,
  });
  expect(session.statusCode, session.body).toBe(200);
  const hook = await payThroughTestProvider(session.json().session.id);
  expect(hook.statusCode, hook.body).toBe(200);
  const [row] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
  if (!row) throw new Error('the payment made no order');
  return { user, orderId: row.id };
}

const setStatus = (id: string, body: Record<string, unknown>, token = admin.token, app = t) =>
  send('PUT', `/orders/${id}/status`, { token, payload: body, app });
const cancel = (id: string, token: string | undefined, reason = 'غيّرت رأيي', app = t) =>
  send('POST', `/orders/${id}/cancel`, { token, payload: { reason }, app });
const orderOf = async (id: string, token = admin.token) => {
  const res = await send('GET', `/orders/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Order;
};

describe('statuses', () => {
  it('moves forward along the allowed moves, with tracking, each move in the history', async () => {
    const { order, user } = await cashOrder(await product());
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', isDelivered: false, refundedAmount: 0 });
    expect(order.history).toEqual([
      { at: expect.any(String), by: 'customer', kind: 'created', to: 'pending', paymentStatus: 'unpaid' },
    ]);

    const processing = await setStatus(order.id, { status: 'processing', note: 'قيد التجهيز' });
    expect(processing.statusCode, processing.body).toBe(200);
    expect(processing.json().data).toMatchObject({ status: 'processing', isDelivered: false });

    const tracking = { carrier: 'سمسا', trackingNumber: 'SM123', trackingUrl: 'https://track.example/SM123' };
    const shipped = await setStatus(order.id, { status: 'shipped', ...tracking });
    expect(shipped.json().data).toMatchObject({ status: 'shipped', ...tracking });
    // The tracking may be corrected while shipped; staying shipped without it is no move.
    expect((await setStatus(order.id, { status: 'shipped', trackingNumber: 'SM124' })).statusCode).toBe(200);
    expectFail(await setStatus(order.id, { status: 'shipped' }), 409, m.orderTransitionInvalid);

    const delivered = await setStatus(order.id, { status: 'delivered' });
    expect(delivered.json().data).toMatchObject({ status: 'delivered', isDelivered: true, trackingNumber: 'SM124' });
    expect(delivered.json().data.deliveredAt).toEqual(expect.any(String));

    // Nothing moves a delivered order, backwards or to cancelled.
    for (const status of ['pending', 'processing', 'shipped', 'delivered'])
      expectFail(await setStatus(order.id, { status }), 409, m.orderTransitionInvalid);
    expectFail(await setStatus(order.id, { status: 'cancelled' }), 409, m.orderNotCancellable);

    // The customer reads the same timeline, staff unnamed.
    const seen = await orderOf(order.id, user.token);
    expect(seen.history.map((e) => [e.by, e.kind, e.from, e.to, e.note, e.trackingNumber])).toEqual([
      ['customer', 'created', undefined, 'pending', undefined, undefined],
      ['admin', 'status', 'pending', 'processing', 'قيد التجهيز', undefined],
      ['admin', 'status', 'processing', 'shipped', undefined, 'SM123'],
      ['admin', 'status', 'shipped', 'shipped', undefined, 'SM124'],
      ['admin', 'status', 'shipped', 'delivered', undefined, undefined],
      // A cash order delivered is its cash collected (docs/orders.md § Cash on delivery).
      ['admin', 'payment', undefined, undefined, CASH_COLLECTED_NOTE, undefined],
    ]);
    expect(JSON.stringify(seen.history)).not.toContain(admin.id);
    expect(seen.history.some((event) => 'byName' in event)).toBe(false);
  });

  it('refuses a move backwards and any move of a cancelled order (409), changing nothing', async () => {
    const { order } = await cashOrder(await product());
    await setStatus(order.id, { status: 'shipped' });
    expectFail(await setStatus(order.id, { status: 'processing' }), 409, m.orderTransitionInvalid);
    expect((await cancel(order.id, admin.token)).statusCode).toBe(200);
    for (const status of ['pending', 'processing', 'shipped', 'delivered'])
      expectFail(await setStatus(order.id, { status }), 409, m.orderTransitionInvalid);
    const after = await orderOf(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.history).toHaveLength(3);
  });

  it('an order that does not exist is 404; a bad status or tracking link is a 400', async () => {
    expectFail(await setStatus('00000000-0000-4000-8000-000000000000', { status: 'shipped' }), 404, m.orderNotFound);
    const { order } = await cashOrder(await product());
    expect((await setStatus(order.id, { status: 'lost' })).statusCode).toBe(400);
    expect((await setStatus(order.id, { status: 'shipped', trackingUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await orderOf(order.id)).status).toBe('pending');
  });
});

describe('the original pay and deliver routes', () => {
  it('pay → paid, deliver → delivered, each recorded; setting a flag twice records it once', async () => {
    const { order } = await cashOrder(await product());
    const paid = await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Success', data: { isPaid: true, paymentStatus: 'paid' } });
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    const delivered = await send('PUT', `/orders/${order.id}/deliver`, { token: admin.token, payload: {} });
    expect(delivered.json().data).toMatchObject({ isDelivered: true, status: 'delivered', isPaid: true });
    expect(delivered.json().data.history.map((e: { kind: string; to?: string }) => [e.kind, e.to])).toEqual([
      ['created', 'pending'],
      ['payment', undefined],
      ['status', 'delivered'],
    ]);
    // `false` takes a flag back, as before: the order returns to processing, the payment to unpaid.
    const undelivered = await send('PUT', `/orders/${order.id}/deliver`, {
      token: admin.token,
      payload: { isDelivered: false },
    });
    expect(undelivered.json().data).toMatchObject({ isDelivered: false, status: 'processing' });
    const unpaid = await send('PUT', `/orders/${order.id}/pay`, { token: admin.token, payload: { isPaid: false } });
    expect(unpaid.json().data).toMatchObject({ isPaid: false, paymentStatus: 'unpaid' });
  });

  it('paying or delivering a cancelled order is refused (409), changing nothing', async () => {
    const { order, user } = await cashOrder(await product());
    expect((await cancel(order.id, user.token)).statusCode).toBe(200);
    const before = await orderOf(order.id);
    // The original client's «mark paid» sends no body; ours may send `{ isPaid: true }`.
    const pay = await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    expectFail(pay, 409, m.orderTransitionInvalid);
    expect(pay.json().code).toBe('ORDER_TRANSITION_INVALID');
    const payTrue = await send('PUT', `/orders/${order.id}/pay`, { token: admin.token, payload: { isPaid: true } });
    expectFail(payTrue, 409, m.orderTransitionInvalid);
    expectFail(await send('PUT', `/orders/${order.id}/deliver`, { token: admin.token }), 409, m.orderTransitionInvalid);
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', isPaid: false, isDelivered: false });
    expect(after.history).toEqual(before.history);
    // Setting a flag it already has still changes nothing and answers as before.
    const unpaid = await send('PUT', `/orders/${order.id}/pay`, { token: admin.token, payload: { isPaid: false } });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json()).toMatchObject({ status: 'Success', data: { status: 'cancelled', isPaid: false } });
  });
});

describe('cancel', () => {
  it('the customer cancels their own pending order: stock back, sales taken back, reason in the history', async () => {
    const p = await product({ quantity: 5 });
    const { order, user } = await cashOrder(p, 2);
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 2 });
    const res = await cancel(order.id, user.token, 'طلبته بالخطأ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      cancelledAt: expect.any(String),
    });
    expect(res.json().data.history.at(-1)).toMatchObject({
      by: 'customer',
      kind: 'status',
      from: 'pending',
      to: 'cancelled',
      note: 'طلبته بالخطأ',
    });
    expect(await stockOf(p.id)).toEqual({ quantity: 5, sold: 0 });
  });

  it('another customer is told it does not exist (404), anonymous 401; a customer cannot cancel once processing', async () => {
    const p = await product({ quantity: 5 });
    const { order, user } = await cashOrder(p);
    const stranger = await createAccount(t);
    expectFail(await cancel(order.id, stranger.token), 404, m.orderNotFound);
    expectFail(await cancel(order.id, undefined), 401);
    await setStatus(order.id, { status: 'processing' });
    expectFail(await cancel(order.id, user.token), 409, m.orderNotCancellable);
    expect(await stockOf(p.id)).toEqual({ quantity: 4, sold: 1 });
    // Staff may, until delivery.
    await setStatus(order.id, { status: 'shipped' });
    expect((await cancel(order.id, admin.token, 'رفض الاستلام')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toEqual({ quantity: 5, sold: 0 });
  });

  it('staff cancel through the status route too, with the same stock return', async () => {
    const p = await product({ quantity: 3 });
    const { order } = await cashOrder(p);
    const res = await setStatus(order.id, { status: 'cancelled', note: 'نفد من المورد' });
    expect(res.json().data).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(p.id)).toEqual({ quantity: 3, sold: 0 });
  });

  it('parallel cancels: exactly one succeeds, and the units come back exactly once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const p = await product({ quantity: 10 });
      const { order, user } = await cashOrder(p, 3);
      const answers = await Promise.all([
        cancel(order.id, user.token),
        cancel(order.id, admin.token),
        cancel(order.id, user.token),
        cancel(order.id, admin.token),
        setStatus(order.id, { status: 'cancelled' }),
        cancel(order.id, admin.token),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const res of answers.filter((r) => r.statusCode === 409)) expectFail(res, 409, m.orderNotCancellable);
      expect(await stockOf(p.id)).toEqual({ quantity: 10, sold: 0 });
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.filter((e) => e.toStatus === 'cancelled')).toHaveLength(1);
    }
  });

  it('cancel against ship at the same time: exactly one of them happens', async () => {
    for (let round = 0; round < 4; round += 1) {
      const p = await product({ quantity: 2 });
      const { order, user } = await cashOrder(p);
      const [cancelled, shipped] = await Promise.all([
        cancel(order.id, user.token),
        setStatus(order.id, { status: 'shipped', trackingNumber: `R${round}` }),
      ]);
      expect([cancelled.statusCode, shipped.statusCode].sort()).toEqual([200, 409]);
      const after = await orderOf(order.id);
      if (cancelled.statusCode === 200) {
        expectFail(shipped, 409, m.orderTransitionInvalid);
        expect(after.status).toBe('cancelled');
        expect(after.trackingNumber).toBeUndefined();
        expect(await stockOf(p.id)).toEqual({ quantity: 2, sold: 0 });
      } else {
        expectFail(cancelled, 409, m.orderNotCancellable);
        expect(after.status).toBe('shipped');
        expect(await stockOf(p.id)).toEqual({ quantity: 1, sold: 1 });
      }
    }
  });

  it('a paid card order cancelled by staff is refunded in full through the test provider', async () => {
    const p = await product({ quantity: 4, price: 12_345 });
    const { orderId } = await cardOrder(p);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: 'paid', isPaid: true, isTest: true });
    const res = await cancel(orderId, admin.token, 'نفد المنتج');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data as Order;
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 123.45,
      isPaid: true,
    });
    // The provider confirmed it, but the history names who asked for it (docs/orders.md § History).
    expect(order.history.at(-1)).toMatchObject({
      by: 'admin',
      byName: expect.any(String),
      kind: 'refund',
      amount: 123.45,
      paymentStatus: 'refunded',
    });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'done', amount: 12_345, provider: 'test' });
    expect(refund?.providerRefundId).toMatch(/^test_refund_/);
    expect(await stockOf(p.id)).toEqual({ quantity: 4, sold: 0 });
  });

  it('a paid cash order cancelled by staff counts its money as given back by hand', async () => {
    const { order } = await cashOrder(await product({ price: 5_000 }));
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    const res = await cancel(order.id, admin.token);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 50 });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'done', provider: null, amount: 5_000 });
  });
});

describe('refunds', () => {
  const refund = (id: string, body: Record<string, unknown>, key?: string) =>
    send('POST', `/orders/${id}/refunds`, {
      token: admin.token,
      payload: body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  /** A cash order of `price` (minor units) × `count`, marked paid by staff. */
  async function paidOrder(price: number, count = 1, quantity = 10) {
    const p = await product({ price, quantity });
    const { order, user } = await cashOrder(p, count);
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    return { p, order, user };
  }

  it('partial then full, never more than was paid; an unpaid order has nothing to refund', async () => {
    const { order } = await paidOrder(10_000);
    const first = await refund(order.id, { amount: 30, reason: 'خصم تعويضي' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ amount: 30, status: 'done', reason: 'خصم تعويضي', restock: [] });
    expect(first.json().order).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 30, isPaid: true });
    expectFail(await refund(order.id, { amount: 70.01, reason: 'كثير' }), 409, m.refundTooLarge);
    const rest = await refund(order.id, { amount: 70, reason: 'الباقي' });
    expect(rest.json().order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 100 });
    expectFail(await refund(order.id, { amount: 0.01, reason: 'زيادة' }), 409, m.refundTooLarge);
    expect(rest.json().order.history.slice(-2)).toMatchObject([
      { by: 'admin', kind: 'refund', amount: 30, paymentStatus: 'partially_refunded', note: 'خصم تعويضي' },
      { by: 'admin', kind: 'refund', amount: 70, paymentStatus: 'refunded', note: 'الباقي' },
    ]);

    const unpaid = await cashOrder(await product());
    expectFail(await refund(unpaid.order.id, { amount: 1, reason: 'لا' }), 409, m.refundNotAllowed);
    // More digits than the riyal has is no amount; nor is 0.
    expect((await refund(unpaid.order.id, { amount: 1.005, reason: 'لا' })).statusCode).toBe(400);
    expect((await refund(unpaid.order.id, { amount: 0, reason: 'لا' })).statusCode).toBe(400);
  });

  it('Idempotency-Key: the same request answers the same refund; another body with the key is refused', async () => {
    const { order } = await paidOrder(10_000);
    const body = { amount: 25, reason: 'تالف' };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refund(order.id, body, 'key-1')));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expectFail(await refund(order.id, { ...body, amount: 26 }, 'key-1'), 409, m.idempotencyKeyReused);
    expectFail(await refund(order.id, body, 'bad key with spaces'), 400, m.idempotencyKeyInvalid);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((row) => row.amount)).toEqual([2_500]);
    expect((await orderOf(order.id)).refundedAmount).toBe(25);
  });

  it('restock: bounded per line by what was sold and not yet put back; a later cancel puts back only the rest', async () => {
    const { p, order } = await paidOrder(5_000, 3, 5);
    const lineId = order.cartItems[0]?.id ?? '';
    expect(await stockOf(p.id)).toEqual({ quantity: 2, sold: 3 });
    const res = await refund(order.id, { amount: 100, reason: 'أعاد قطعتين', restock: [{ lineId, count: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.restock).toEqual([{ lineId, count: 2 }]);
    expect(await stockOf(p.id)).toEqual({ quantity: 4, sold: 1 });
    // Two more would pass what was sold; another order's line is not this order's: nothing changes.
    expectFail(
      await refund(order.id, {
        amount: 1,
        reason: 'أكثر',
        restock: [
          { lineId, count: 1 },
          { lineId, count: 1 },
        ],
      }),
      409,
      m.restockTooLarge,
    );
    const other = await cashOrder(await product());
    const foreignLine = other.order.cartItems[0]?.id ?? '';
    expectFail(
      await refund(order.id, { amount: 1, reason: 'غريب', restock: [{ lineId: foreignLine, count: 1 }] }),
      409,
      m.restockTooLarge,
    );
    expect(await stockOf(p.id)).toEqual({ quantity: 4, sold: 1 });
    expect((await orderOf(order.id)).refundedAmount).toBe(100);
    // The cancel returns the one unit left and refunds the 50 left.
    const cancelled = await cancel(order.id, admin.token);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 150,
    });
    expect(await stockOf(p.id)).toEqual({ quantity: 5, sold: 0 });
  });

  it('a card order is refunded through the test provider', async () => {
    const { orderId } = await cardOrder(await product({ price: 8_000 }));
    const res = await refund(orderId, { amount: 20, reason: 'تأخر الشحن' }, 'card-1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'done', amount: 20 });
    expect(res.json().order).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 20 });
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row?.providerRefundId).toMatch(/^test_refund_/);
  });

  it('a shop without a VAT number issues no credit note: the order’s list of them is empty', async () => {
    const { order, user } = await paidOrder(5_000);
    const made = await refund(order.id, { amount: 10, reason: 'خصم' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.creditNoteNumber).toBeUndefined();
    expect(made.json().order.history.at(-1)).toMatchObject({ kind: 'refund', amount: 10 });
    expect(made.json().order.history.at(-1).creditNoteNumber).toBeUndefined();
    for (const token of [user.token, admin.token]) {
      const res = await send('GET', `/orders/${order.id}/credit-notes`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    }
  });

  describe('in a shop registered for VAT', () => {
    beforeAll(async () => {
      await storeSettingsOf(t.database.db, t.config);
      await t.database.db.update(storeSettings).set(SAUDI_SELLER);
    });
    afterAll(async () => {
      await t.database.db.update(storeSettings).set({ vatNumber: null });
    });

    it('each refund issues a credit note referring to the invoice, next in the hash chain', async () => {
      const { order } = await paidOrder(11_500);
      const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
      if (!invoice) throw new Error('the order has no invoice');
      const part = await refund(order.id, { amount: 23, reason: 'خصم' });
      expect(part.json().data.creditNoteNumber).toBe(invoice.number + 1);
      const rest = await refund(order.id, { amount: 92, reason: 'إرجاع' });
      expect(rest.json().data.creditNoteNumber).toBe(invoice.number + 2);

      const rows = await t.database.db.select().from(invoices).orderBy(asc(invoices.number));
      rows.forEach((row, i) => {
        expect(row.number).toBe(i + 1);
        expect(row.previousHash).toBe(i === 0 ? GENESIS_HASH : rows[i - 1]?.hash);
        expect(row.hash).toBe(documentHash(row, row.refersTo ? invoice : undefined));
      });
      const notes = rows.filter((row) => row.kind === 'credit_note');
      expect(notes.map((n) => [n.refersTo, n.reason, n.total, n.orderId])).toEqual([
        [invoice.id, 'خصم', 2_300, order.id],
        [invoice.id, 'إرجاع', 9_200, order.id],
      ]);
      // The VAT of each is the invoice's in proportion, and together they give back exactly the invoice's.
      expect((notes[0]?.vatTotal ?? 0) + (notes[1]?.vatTotal ?? 0)).toBe(invoice.vatTotal);
      for (const note of notes) expect(note.subtotalExclVat + note.vatTotal).toBe(note.total);
      // Changing what a credit note says breaks its hash.
      expect(documentHash({ ...(notes[0] as typeof invoice), reason: 'other' }, invoice)).not.toBe(notes[0]?.hash);
      const [counter] = await t.database.db.select().from(invoiceCounter);
      expect(counter).toMatchObject({ lastNumber: rows.length, lastHash: rows.at(-1)?.hash });
    });

    it('the status e-mail links the tax invoice', async () => {
      const { order, user } = await cashOrder(await product());
      await setStatus(order.id, { status: 'processing' });
      const outbox = path.join(t.config.dataDir, 'outbox');
      const mail = readdirSync(outbox)
        .sort()
        .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')))
        .filter((m: { to: string }) => m.to === user.email)
        .at(-1);
      expect(mail.text).toMatch(new RegExp(`\\nالفاتورة الضريبية: https?://\\S+/orders/${order.id}/invoice\\n`));
    });

    it('a cancel of a paid order issues a credit note of the whole invoice', async () => {
      const { order } = await paidOrder(4_600);
      await cancel(order.id, admin.token);
      const rows = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
      const invoice = rows.find((row) => row.kind === 'invoice');
      const note = rows.find((row) => row.kind === 'credit_note');
      expect(note).toMatchObject({ refersTo: invoice?.id, total: invoice?.total, vatTotal: invoice?.vatTotal });
      expect(note?.lines).toEqual(invoice?.lines);
    });

    /** The order's tax invoice row. */
    const invoiceRow = async (orderId: string) => {
      const [row] = await t.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
      if (!row) throw new Error('the order has no invoice');
      return row;
    };

    it('serves an order’s credit notes to its customer and staff, oldest first, each naming its invoice', async () => {
      const { order, user } = await paidOrder(11_500);
      const invoice = await invoiceRow(order.id);
      await refund(order.id, { amount: 23, reason: 'خصم' });
      await refund(order.id, { amount: 92, reason: 'إرجاع' });

      const res = await send('GET', `/orders/${order.id}/credit-notes`, { token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const notes = res.json().data as CreditNote[];
      const refersTo = { number: invoice.number, uuid: invoice.uuid, issuedAt: invoice.issuedAt.toISOString() };
      expect(notes.map((n) => [n.number, n.orderNumber, n.refersTo, n.reason, n.refundAmount, n.total])).toEqual([
        [invoice.number + 1, order.number, refersTo, 'خصم', 23, 23],
        [invoice.number + 2, order.number, refersTo, 'إرجاع', 92, 92],
      ]);
      // The invoice's shape: seller, a line of the amount with its share of the VAT, the QR, the chain.
      expect(notes[0]).toMatchObject({
        orderId: order.id,
        seller: { vatNumber: '300000000000003' },
        lines: [{ name: 'مبلغ مسترد', quantity: 1, vatRate: 15, vatAmount: 3, totalInclVat: 23 }],
        subtotalExclVat: 20,
        vatTotal: 3,
        currency: t.config.currency,
        qr: expect.any(String),
        previousHash: invoice.hash,
        hash: expect.any(String),
      });
      expect(notes[1]?.previousHash).toBe(notes[0]?.hash);

      // Staff read the same; another customer is told there is no such order; no token is a 401.
      const staff = await send('GET', `/orders/${order.id}/credit-notes`, { token: admin.token });
      expect(staff.json()).toEqual(res.json());
      const stranger = await createAccount(t);
      expectFail(
        await send('GET', `/orders/${order.id}/credit-notes`, { token: stranger.token }),
        404,
        m.orderNotFound,
      );
      expectFail(await send('GET', `/orders/${order.id}/credit-notes`), 401, m.notLoggedIn);

      // The order's history names each refund's credit note (its page links it).
      const history = (await orderOf(order.id, user.token)).history.filter((e) => e.kind === 'refund');
      expect(history.map((e) => [e.amount, e.note, e.creditNoteNumber])).toEqual([
        [23, 'خصم', invoice.number + 1],
        [92, 'إرجاع', invoice.number + 2],
      ]);
    });

    it('exports a credit note as ZATCA’s simplified credit note: type 381, the invoice as billing reference, the reason', async () => {
      const { order, user } = await paidOrder(4_600);
      const invoice = await invoiceRow(order.id);
      const made = await refund(order.id, { amount: 10, reason: 'تالف <قطعة> & غلاف' });
      const number: number = made.json().data.creditNoteNumber;
      const url = `/orders/${order.id}/credit-notes/${number}.xml`;
      const res = await send('GET', url, { token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`inline; filename="credit-note-${number}.xml"`);
      expect(res.headers['cache-control']).toBe('no-store');
      const xml = res.body.replaceAll('\n', '');
      expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
      expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
      expect(xml).toContain(
        `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID><cbc:UUID>${invoice.uuid}</cbc:UUID><cbc:IssueDate>${wallClock(invoice.issuedAt, t.config.timeZone).date}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`,
      );
      // The reason is the payment means' instruction note (KSA-10), escaped; cash goes back in cash (10).
      expect(xml).toContain(
        '<cac:PaymentMeans><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode><cbc:InstructionNote>تالف &lt;قطعة&gt; &amp; غلاف</cbc:InstructionNote></cac:PaymentMeans>',
      );
      expect(xml).toContain(`<cbc:PayableAmount currencyID="${t.config.currency}">10.00</cbc:PayableAmount>`);
      // In UBL's order: the reference before the document references, the payment means after the parties.
      expect(xml.indexOf('<cac:BillingReference>')).toBeLessThan(xml.indexOf('<cac:AdditionalDocumentReference>'));
      expect(xml.indexOf('</cac:AccountingCustomerParty>')).toBeLessThan(xml.indexOf('<cac:PaymentMeans>'));
      expect(xml.indexOf('<cac:PaymentMeans>')).toBeLessThan(xml.indexOf('<cac:TaxTotal>'));
      // The invoice itself stays a 388 without a reference; its payment means has no reason.
      const invoiceXml = (await send('GET', `/orders/${order.id}/invoice.xml`, { token: user.token })).body.replaceAll(
        '\n',
        '',
      );
      expect(invoiceXml).toContain('<cbc:InvoiceTypeCode name="0200000">388</cbc:InvoiceTypeCode>');
      expect(invoiceXml).not.toContain('BillingReference');
      expect(invoiceXml).toContain(
        '<cac:PaymentMeans><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode></cac:PaymentMeans>',
      );

      // Staff may read it; another customer is told there is no such order; no token is a 401.
      expect((await send('GET', url, { token: admin.token })).body).toBe(res.body);
      const stranger = await createAccount(t);
      expectFail(await send('GET', url, { token: stranger.token }), 404, m.orderNotFound);
      expectFail(await send('GET', url), 401, m.notLoggedIn);
      // A number that is not one of this order's credit notes: its invoice's, another order's, none.
      const other = await paidOrder(3_000);
      const othersNote: number = (await refund(other.order.id, { amount: 5, reason: 'خصم' })).json().data
        .creditNoteNumber;
      for (const wrong of [invoice.number, othersNote, 999_999]) {
        expectFail(
          await send('GET', `/orders/${order.id}/credit-notes/${wrong}.xml`, { token: admin.token }),
          404,
          m.creditNoteNotFound,
        );
      }
      for (const bad of ['abc', '0', '01', '1.5']) {
        const refused = await send('GET', `/orders/${order.id}/credit-notes/${bad}.xml`, { token: admin.token });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().errors[0]).toMatchObject({ param: 'number', code: 'CREDIT_NOTE_NUMBER_INVALID' });
      }
    });
  });
});

describe('messages', () => {
  type SentMail = { to: string; subject: string; text: string; html?: string };
  const mailsTo = (email: string): SentMail[] => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return readdirSync(outbox)
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as SentMail)
      .filter((mail) => mail.to === email);
  };
  const shopEmail = `shop-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    await storeSettingsOf(t.database.db, t.config);
    await t.database.db.update(storeSettings).set({ email: shopEmail });
  });
  afterAll(async () => {
    await t.database.db.update(storeSettings).set({ email: '' });
  });

  it('the customer is told of each status change in Arabic, right to left, with the tracking link', async () => {
    const { order, user } = await cashOrder(await product());
    const before = mailsTo(user.email).length;
    await setStatus(order.id, { status: 'processing', note: '<script>alert(1)</script>' });
    await setStatus(order.id, {
      status: 'shipped',
      carrier: 'سمسا',
      trackingNumber: 'SM-77',
      trackingUrl: 'https://track.example/SM-77?a=1&b=2',
    });
    await send('PUT', `/orders/${order.id}/deliver`, { token: admin.token });
    const mails = mailsTo(user.email).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${t.config.shopName}: طلبك رقم ${order.number} — قيد التجهيز`,
      `${t.config.shopName}: طلبك رقم ${order.number} — تم الشحن`,
      `${t.config.shopName}: طلبك رقم ${order.number} — تم التوصيل`,
    ]);
    const [processing, shipped] = mails;
    expect(processing?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(processing?.html).not.toContain('<script>');
    expect(shipped?.text).toContain('رقم التتبع: SM-77');
    expect(shipped?.text).toContain('تتبّع الشحنة: https://track.example/SM-77?a=1&b=2');
    expect(shipped?.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(shipped?.html).toContain('<a href="https://track.example/SM-77?a=1&amp;b=2" dir="auto">تتبّع الشحنة</a>');
    // Each links the order's own page, as the confirmation did.
    for (const mail of mails) {
      expect(mail.text).toMatch(new RegExp(`\\nصفحة طلبك: https?://\\S+/user/orders/${order.id}\\n`));
    }
    const confirmation = mailsTo(user.email).find((mail) => mail.subject.includes(`تأكيد طلبك رقم ${order.number}`));
    expect(confirmation?.text).toMatch(new RegExp(`\\nتابع طلبك: https?://\\S+/user/orders/${order.id}\\n`));
  });

  it("the confirmation e-mail is right-to-left HTML and plain text, dated in the shop's zone", async () => {
    const { order, user } = await cashOrder(await product());
    const confirmation = mailsTo(user.email).find((mail) => mail.subject.includes(`تأكيد طلبك رقم ${order.number}`));
    expect(confirmation?.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(confirmation?.html).toContain(`<p>شكراً لطلبك من ${t.config.shopName}. رقم الطلب: ${order.number}</p>`);
    expect(confirmation?.html).toMatch(
      new RegExp(`<a href="https?://\\S+/user/orders/${order.id}" dir="auto">تابع طلبك</a>`),
    );
    // Riyadh's day and hour (UTC+3; docs/dates.md), in the text and the HTML alike.
    const placed = `تاريخ الطلب: ${formatDateTime(order.createdAt, 'Asia/Riyadh')}`;
    expect(confirmation?.text).toContain(placed);
    expect(confirmation?.html).toContain(`<p>${placed}</p>`);
  });

  describe('a refund staff record', () => {
    const refundWith = (id: string, body: Record<string, unknown>, key: string) =>
      send('POST', `/orders/${id}/refunds`, { token: admin.token, payload: body, headers: { 'idempotency-key': key } });
    beforeAll(async () => {
      await t.database.db.update(storeSettings).set(SAUDI_SELLER);
    });
    afterAll(async () => {
      await t.database.db.update(storeSettings).set({ vatNumber: null });
    });

    it('is told to the customer once, in Arabic, with the amount, the reason, how it comes back and the links', async () => {
      const { order, user } = await cashOrder(await product({ price: 11_500 }));
      await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
      const before = mailsTo(user.email).length;
      const body = { amount: 23, reason: 'تالف <b>' };
      // The same request three times at once, then once more: one refund, one e-mail.
      const answers = await Promise.all([1, 2, 3].map(() => refundWith(order.id, body, 'mail-1')));
      answers.push(await refundWith(order.id, body, 'mail-1'));
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
      expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
      const number: number = answers[0]?.json().data.creditNoteNumber;
      expect(number).toEqual(expect.any(Number));

      const mails = mailsTo(user.email).slice(before);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      const amount = formatMoney(23, t.config.currency);
      expect(mail?.subject).toBe(`${t.config.shopName}: استرداد ${amount} من طلبك رقم ${order.number}`);
      expect(mail?.text).toContain(`سجّلنا استرداد ${amount} من طلبك رقم ${order.number}.`);
      expect(mail?.text).toContain('السبب: تالف <b>');
      // A cash order's refund is handed back in cash (docs/orders.md § Refunds).
      expect(mail?.text).toContain('يُسلَّم إليك هذا المبلغ نقداً يداً بيد من المتجر');
      expect(mail?.text).toMatch(new RegExp(`: https?://\\S+/orders/${order.id}/invoice#credit-note-${number}\\n`));
      expect(mail?.text).toContain(`الإشعار الدائن رقم ${number}`);
      expect(mail?.text).toMatch(new RegExp(`\\nصفحة طلبك: https?://\\S+/user/orders/${order.id}\\n`));
      expect(mail?.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
      expect(mail?.html).toContain('تالف &lt;b&gt;');
      expect(mail?.html).not.toContain('<b>');

      // Another refund is another e-mail.
      expect((await refundWith(order.id, { amount: 2, reason: 'فرق' }, 'mail-2')).statusCode).toBe(201);
      expect(mailsTo(user.email).slice(before)).toHaveLength(2);
    });

    it('of a card order says it goes back to the card', async () => {
      const { orderId, user } = await cardOrder(await product({ price: 8_000 }));
      const before = mailsTo(user.email).length;
      expect((await refundWith(orderId, { amount: 20, reason: 'تأخر الشحن' }, 'card-mail')).statusCode).toBe(201);
      const [mail] = mailsTo(user.email).slice(before);
      expect(mail?.text).toContain('يُعاد المبلغ إلى البطاقة التي دفعت بها');
      expect(mail?.text).not.toContain('نقداً');
    });
  });

  it('the shop is told of every new order and every cancel; the customer of the cancel', async () => {
    const { order, user } = await cashOrder(await product({ price: 4_200 }));
    const created = mailsTo(shopEmail).filter((mail) => mail.subject.includes(`رقم ${order.number}`));
    expect(created.map((mail) => mail.subject)).toEqual([`${t.config.shopName}: طلب جديد رقم ${order.number}`]);
    expect(created[0]?.text).toContain(user.email);
    expect(created[0]?.text).toContain(`/admin/orders/${order.id}`);

    await cancel(order.id, user.token, 'وجدته أرخص');
    const notices = mailsTo(shopEmail).filter((mail) => mail.subject.includes(`رقم ${order.number}`));
    expect(notices.at(-1)?.subject).toBe(`${t.config.shopName}: طلب ملغى رقم ${order.number}`);
    expect(notices.at(-1)?.text).toContain('السبب: وجدته أرخص');
    expect(mailsTo(user.email).at(-1)?.subject).toBe(`${t.config.shopName}: طلبك رقم ${order.number} — ملغي`);
  });
});

describe('cancel with Stripe (a local server speaking its API)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let shop: TestApp;
  let staff: Account;
  const webhookSecret = 'whsec_local';
  beforeAll(async () => {
    fake = await startFakeStripe();
    shop = await createTestApp({
      payments: { provider: 'stripe', stripe: { secretKey: fake.secretKey, webhookSecret, apiUrl: fake.url } },
    });
    staff = await createAccount(shop, 'admin');
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  /** A customer's card order of 200.00, paid through Stripe's signed webhook. */
  async function paidStripeOrder() {
    const { category } = await createTaxonomy(shop);
    const p = await insertProduct(shop, { categoryId: category.id }, { quantity: 3, price: 20_000 });
    const { user, cartId } = await customerWithCart(shop, send, [{ productId: p.id }]);
    const card = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
      token: user.token,
      app: shop,
    });
    const stripeId: string = card.json().session.id;
    const hook = await send('POST', '/payments/webhook/stripe', {
      app: shop,
      ...stripePaidEvent(webhookSecret, stripeId, 20_000),
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.userId, user.id));
    if (!row) throw new Error('no order');
    return { row, stripeId };
  }

  it('an outage keeps the cancel and leaves the refund due; the sweep gives it back once, under one key', async () => {
    const { row, stripeId } = await paidStripeOrder();

    fake.failNext(500, 'Stripe is having a bad day');
    const res = await cancel(row.id, staff.token, 'نفد المنتج', shop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundedAmount: 0 });
    const [due] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(due).toMatchObject({ status: 'due', provider: 'stripe' });
    // Its money is on its way back: the original «mark unpaid» cannot take the payment away meanwhile.
    const unpay = send('PUT', `/orders/${row.id}/pay`, { token: staff.token, payload: { isPaid: false }, app: shop });
    expectFail(await unpay, 409, m.orderTransitionInvalid);

    const lifecycle = createLifecycle(
      shop.database.db,
      choosePaymentProvider(shop.config).provider,
      documentIssuingOf(shop),
      quietLog,
      currencyDigits(shop.config.currency),
      orderMessagesOf(shop),
    );
    await lifecycle.sweepRefunds();
    await lifecycle.sweepRefunds();
    const refundCalls = fake.calls.filter((call) => call.path === '/v1/refunds');
    // The failed try and the sweep's: the same key, so Stripe makes one refund however many tries.
    expect(refundCalls.map((call) => call.headers['idempotency-key'])).toEqual([
      `refund-${due?.id}`,
      `refund-${due?.id}`,
    ]);
    expect(refundCalls.at(-1)?.form).toMatchObject({ payment_intent: `pi_${stripeId}`, amount: '20000' });
    const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 20_000 });
  });

  it('a cancel after a refund still on its way gives back only the rest', async () => {
    const { row } = await paidStripeOrder();

    fake.failNext(500, 'Stripe is having a bad day');
    const partial = await send('POST', `/orders/${row.id}/refunds`, {
      token: staff.token,
      payload: { amount: 50, reason: 'تعويض' },
      app: shop,
    });
    expect(partial.json().data).toMatchObject({ status: 'due' });
    // While it is on its way the original «mark unpaid» is refused: a cancel after it would think
    // nothing was paid and give back nothing more.
    const unpay = send('PUT', `/orders/${row.id}/pay`, { token: staff.token, payload: { isPaid: false }, app: shop });
    expectFail(await unpay, 409, m.orderTransitionInvalid);
    expect((await cancel(row.id, staff.token, 'نفد المنتج', shop)).statusCode).toBe(200);
    const given = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    // 50.00 on its way and the cancel's 150.00: the 200.00 paid, never more.
    expect(given.map((refund) => refund.amount).sort((a, b) => a - b)).toEqual([5_000, 15_000]);
    const lifecycle = createLifecycle(
      shop.database.db,
      choosePaymentProvider(shop.config).provider,
      documentIssuingOf(shop),
      quietLog,
      currencyDigits(shop.config.currency),
      orderMessagesOf(shop),
    );
    await lifecycle.sweepRefunds();
    const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 20_000 });
  });
});

/**
 * The migrations before `tag` in a folder of their own (the journal cut there), to build a
 * database as it was before that migration.
 */
function migrationsBefore(tag: string) {
  const source = path.resolve('src/db/migrations');
  const folder = mkdtempSync(path.join(tmpdir(), 'matjar-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const file of readdirSync(source).filter((name) => name.endsWith('.sql'))) {
    copyFileSync(path.join(source, file), path.join(folder, file));
  }
  return { source, folder };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * On the driver the tests run on (PGlite, or a new PostgreSQL database): migrates to just before
 * `tag`, runs `before`, migrates to the end, and answers what `after` reads.
 */
async function migrateAcross<T>(
  tag: string,
  before: (query: Query) => Promise<void>,
  after: (query: Query) => Promise<T>,
) {
  const { source, folder } = migrationsBefore(tag);
  const serverUrl = process.env.DATABASE_URL;
  try {
    if (!serverUrl || serverUrl.startsWith('memory://')) {
      const instance = await PGlite.create('memory://', { extensions: { pg_trgm } });
      try {
        await instance.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        const query: Query = async (text) => (await instance.query<Record<string, unknown>>(text)).rows;
        await migratePglite(drizzlePglite(instance), { migrationsFolder: folder });
        await before(query);
        await migratePglite(drizzlePglite(instance), { migrationsFolder: source });
        return await after(query);
      } finally {
        await instance.close();
      }
    }
    const name = `matjar_migration_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      const query: Query = async (text) => (await client.query(text)).rows;
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
      await before(query);
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: source });
      return await after(query);
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('orders made before the lifecycle (migration 0009)', () => {
  it('take the states their flags said, and a history from their creation', async () => {
    const owner = '11111111-1111-4111-8111-111111111111';
    const { states, events } = await migrateAcross(
      '0009_order_lifecycle',
      async (query) => {
        await query(
          `INSERT INTO users (id, name, email, phone, password_hash) VALUES ('${owner}', 'قديم', 'old@example.com', '+966551234567', 'x')`,
        );
        await query(`INSERT INTO orders (id, user_id, shipping_address, total_order_price, payment_method_type,
            is_paid, paid_at, is_delivered, delivered_at, created_at) VALUES
          ('00000000-0000-4000-8000-000000000001', '${owner}', '{}', 1000, 'cash', false, null, false, null, '2026-01-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000002', '${owner}', '{}', 1000, 'cash', true, now(), true, '2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000003', '${owner}', '{}', 1000, 'card', true, now(), false, null, '2026-01-04T00:00:00Z')`);
      },
      async (query) => ({
        states: await query('SELECT status, payment_status, refunded_amount FROM orders ORDER BY id'),
        events: await query(
          'SELECT right(order_id::text, 1) AS o, kind, from_status, to_status, payment_status, actor_role FROM order_events ORDER BY order_id, at',
        ),
      }),
    );
    expect(states.map((row) => [row.status, row.payment_status, Number(row.refunded_amount)])).toEqual([
      ['pending', 'unpaid', 0],
      ['delivered', 'paid', 0],
      ['pending', 'paid', 0],
    ]);
    expect(
      events.map((row) => [row.o, row.kind, row.from_status, row.to_status, row.payment_status, row.actor_role]),
    ).toEqual([
      ['1', 'created', null, 'pending', 'unpaid', 'system'],
      ['2', 'created', null, 'pending', 'paid', 'system'],
      ['2', 'status', 'pending', 'delivered', null, 'admin'],
      ['3', 'created', null, 'pending', 'paid', 'system'],
    ]);
  });
});
