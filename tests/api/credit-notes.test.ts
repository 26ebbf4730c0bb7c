import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { currencyDigits } from '../../src/contract/money.js';
import { ORDER_STATUS_NAMES } from '../../src/contract/order-statuses.js';
import type { CreditNote, Order } from '../../src/contract/types.js';
import { invoices, orders, refunds, storeSettings } from '../../src/db/schema.js';
import { REFUND_SWEEP } from '../../src/server/app.js';
import { documentHash, GENESIS_HASH } from '../../src/server/modules/invoices/service.js';
import { createLifecycle } from '../../src/server/modules/orders/lifecycle.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { ao } from '../../src/web/i18n/admin-orders.js';
import {
  type Account,
  createAccount,
  createTestApp,
  documentIssuingOf,
  orderMessagesOf,
  runSchedule,
  type TestApp,
} from '../helpers/app.js';
import { startFakeStripe, stripePaidEvent } from '../helpers/fake-stripe.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { mailsTo } from '../helpers/outbox.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  insertProduct,
  stockOf,
} from '../helpers/shopping.js';

/*
 * Credit notes that are right (docs/invoices.md § Credit notes): together they never credit more
 * than the invoice, and a cancel credits everything not yet credited, paid or not. Runs on PGlite
 * and, with DATABASE_URL, on PostgreSQL, where the parallel requests really race.
 */

let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);
afterEach(expectNo5xx);
const quietLog = { error() {}, warn() {}, info() {} } as unknown as Parameters<typeof createLifecycle>[3];

/** A Saudi shop registered for VAT (so its orders get tax invoices), with its staff and a category. */
async function vatShop(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const shop = await createTestApp({ country: 'SA', ...overrides });
  await storeSettingsOf(shop.database.db, shop.config);
  await shop.database.db.update(storeSettings).set(SAUDI_SELLER);
  const { category, brand } = await createTaxonomy(shop);
  return { shop, staff: await createAccount(shop, 'admin'), refs: { categoryId: category.id, brandId: brand.id } };
}
type VatShop = Awaited<ReturnType<typeof vatShop>>;

const WEBHOOK_SECRET = 'whsec_local';
/** A VAT shop taking cards through a fake Stripe (live or test keys, as the fake was started). */
const stripeShop = (fake: Awaited<ReturnType<typeof startFakeStripe>>) =>
  vatShop({
    payments: {
      provider: 'stripe',
      stripe: { secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
    },
  });

/** A customer's card order of 200.00 in a Stripe shop, paid through Stripe's signed webhook. */
async function paidStripeOrder({ shop, refs }: VatShop) {
  const p = await insertProduct(shop, refs, { quantity: 3, price: 20_000 });
  const { user, cartId } = await customerWithCart(shop, send, [{ productId: p.id }]);
  const card = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
    token: user.token,
    app: shop,
  });
  expect(card.statusCode, card.body).toBe(200);
  const hook = await send('POST', '/payments/webhook/stripe', {
    app: shop,
    ...stripePaidEvent(WEBHOOK_SECRET, card.json().session.id, 20_000),
  });
  expect(hook.statusCode, hook.body).toBe(200);
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.userId, user.id));
  if (!row) throw new Error('the payment made no order');
  return { order: row, user };
}

beforeAll(async () => {
  ({ shop: t, staff: admin, refs } = await vatShop());
});
afterAll(() => t.close());

/** A customer's cash order of one product at `price` (minor units, VAT included). */
async function cashOrder(price: number) {
  const p = await insertProduct(t, refs, { price, quantity: 10 });
  const { user, cartId } = await customerWithCart(t, send, [{ productId: p.id }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  expect(res.statusCode, res.body).toBe(201);
  return { user, order: res.json().data as Order };
}

const refund = (orderId: string, amount: number, reason: string) =>
  send('POST', `/orders/${orderId}/refunds`, { token: admin.token, payload: { amount, reason } });
const cancel = (orderId: string, token: string, reason?: string) =>
  send('POST', `/orders/${orderId}/cancel`, { token, payload: reason === undefined ? {} : { reason } });
const creditNotes = async (orderId: string) => {
  const res = await send('GET', `/orders/${orderId}/credit-notes`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CreditNote[];
};

/** The order's invoice and its credit notes as stored, lowest number first. */
async function documentsOf(orderId: string, shop = t) {
  const rows = await shop.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.number));
  const [invoice, ...notes] = rows;
  if (invoice?.kind !== 'invoice') throw new Error('the order has no invoice');
  expect(notes.every((note) => note.kind === 'credit_note' && note.refersTo === invoice.id)).toBe(true);
  return { invoice, notes };
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every document's hash is ZATCA's hash of its XML, and each names the one before: one gap-free chain. */
async function expectChain(shop = t) {
  const rows = await shop.database.db.select().from(invoices).orderBy(asc(invoices.number));
  rows.forEach((row, i) => {
    expect(row.number).toBe(i + 1);
    expect(row.previousHash).toBe(i === 0 ? GENESIS_HASH : rows[i - 1]?.hash);
    const corrected = row.refersTo ? rows.find((other) => other.id === row.refersTo) : undefined;
    expect(row.hash).toBe(documentHash(row, corrected));
  });
}

describe('partial refunds', () => {
  it('100.00 refunded as 33.33 + 33.33 + 33.34 credits the invoice’s 13.04 of VAT, never 13.05', async () => {
    const { order } = await cashOrder(10_000);
    expect(order).toMatchObject({ totalOrderPrice: 100, taxPrice: 13.04 });
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    for (const [amount, reason] of [
      [33.33, 'الأول'],
      [33.33, 'الثاني'],
      [33.34, 'الأخير'],
    ] as const) {
      const made = await refund(order.id, amount, reason);
      expect(made.statusCode, made.body).toBe(201);
    }
    const notes = await creditNotes(order.id);
    expect(notes.map((note) => [note.total, note.vatTotal, note.subtotalExclVat])).toEqual([
      [33.33, 4.35, 28.98],
      [33.33, 4.34, 28.99],
      [33.34, 4.35, 28.99],
    ]);
    const { invoice, notes: rows } = await documentsOf(order.id);
    expect(sum(rows.map((row) => row.vatTotal))).toBe(invoice.vatTotal);
    await expectChain();
  });
});

describe('a cancel credits everything not yet credited', () => {
  it('an unpaid cash order cancelled by its customer: one credit note of the whole invoice, nothing refunded', async () => {
    const { order, user } = await cashOrder(11_500);
    const res = await cancel(order.id, user.token, 'غيّرت رأيي');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', refundedAmount: 0 });
    const { invoice, notes } = await documentsOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      reason: 'غيّرت رأيي',
      total: invoice.total,
      vatTotal: invoice.vatTotal,
      subtotalExclVat: invoice.subtotalExclVat,
      lines: invoice.lines,
      seller: invoice.seller,
    });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    // The API lists it (nothing was given back), the cancel's event names it, its XML says cash.
    const [listed] = await creditNotes(order.id);
    expect(listed).toMatchObject({ number: notes[0]?.number, reason: 'غيّرت رأيي', total: 115, refundAmount: 0 });
    const mine = await send('GET', `/orders/${order.id}`, { token: user.token });
    expect((mine.json().data as Order).history.at(-1)).toMatchObject({
      kind: 'status',
      to: 'cancelled',
      note: 'غيّرت رأيي',
      creditNoteNumber: notes[0]?.number,
    });
    const xml = await send('GET', `/orders/${order.id}/credit-notes/${notes[0]?.number}.xml`, { token: user.token });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.body).toContain('<cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>');
    await expectChain();
  });

  it('a delivery refused at the door: staff cancel the shipped order without a reason → «إلغاء الطلب»', async () => {
    const { order } = await cashOrder(4_600);
    const status = (body: Record<string, unknown>) =>
      send('PUT', `/orders/${order.id}/status`, { token: admin.token, payload: body });
    expect((await status({ status: 'shipped', carrier: 'سمسا', trackingNumber: 'SM1' })).statusCode).toBe(200);
    expect((await status({ status: 'cancelled' })).statusCode).toBe(200);
    const { invoice, notes } = await documentsOf(order.id);
    expect(notes.map((note) => [note.reason, note.total, note.vatTotal])).toEqual([
      ['إلغاء الطلب', invoice.total, invoice.vatTotal],
    ]);
  });

  it('after a partial refund the cancel credits only the rest: the notes add up to the invoice, each with its refund', async () => {
    const { order } = await cashOrder(10_000);
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    expect((await refund(order.id, 33.33, 'خصم')).statusCode).toBe(201);
    const res = await cancel(order.id, admin.token, 'نفد المنتج');
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 100 });
    const { invoice, notes } = await documentsOf(order.id);
    expect(notes.map((note) => [note.reason, note.total])).toEqual([
      ['خصم', 3_333],
      ['نفد المنتج', 6_667],
    ]);
    expect(sum(notes.map((note) => note.total))).toBe(invoice.total);
    expect(sum(notes.map((note) => note.vatTotal))).toBe(invoice.vatTotal);
    const given = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id))
      .orderBy(asc(refunds.amount));
    expect(given.map((row) => [row.amount, row.creditNoteId])).toEqual([
      [3_333, notes[0]?.id],
      [6_667, notes[1]?.id],
    ]);
    const history = (res.json().data as Order).history.filter((event) => event.kind === 'refund');
    expect(history.map((event) => [event.amount, event.creditNoteNumber])).toEqual([
      [33.33, notes[0]?.number],
      [66.67, notes[1]?.number],
    ]);
  });

  it('an order refunded in full before its cancel gets no second credit note', async () => {
    const { order } = await cashOrder(2_300);
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    expect((await refund(order.id, 23, 'إرجاع')).statusCode).toBe(201);
    expect((await cancel(order.id, admin.token)).statusCode).toBe(200);
    const { invoice, notes } = await documentsOf(order.id);
    expect(notes.map((note) => [note.reason, note.total])).toEqual([['إرجاع', invoice.total]]);
  });

  it('orders cancelled before this rule, their invoice left live, get the credit note of the rest once', async () => {
    const { order } = await cashOrder(3_450);
    const open = await cashOrder(1_150);
    // As a cancel used to leave an unpaid order: cancelled, its invoice not credited.
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    const lifecycle = createLifecycle(
      t.database.db,
      undefined,
      documentIssuingOf(t),
      quietLog,
      currencyDigits(t.config.currency),
      orderMessagesOf(t),
    );
    expect(await lifecycle.creditCancelledOrders()).toBe(1);
    expect(await lifecycle.creditCancelledOrders()).toBe(0);
    const { invoice, notes } = await documentsOf(order.id);
    expect(notes.map((note) => [note.reason, note.total, note.vatTotal])).toEqual([
      ['إلغاء الطلب', invoice.total, invoice.vatTotal],
    ]);
    expect((await documentsOf(open.order.id)).notes).toEqual([]);
    await expectChain();
  });

  it('two cancels at once: one succeeds, one credit note', async () => {
    const { order, user } = await cashOrder(5_750);
    const answers = await Promise.all([cancel(order.id, user.token, 'أنا'), cancel(order.id, admin.token, 'المتجر')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const { invoice, notes } = await documentsOf(order.id);
    expect(notes.map((note) => note.total)).toEqual([invoice.total]);
    await expectChain();
  });
});

describe('staff’s cash-on-delivery work, end to end (docs/orders.md § Cash on delivery)', () => {
  it('a refused parcel cancelled with its reason, and delivered cash refunded in full by hand: each credits the whole invoice', async () => {
    const setStatus = (orderId: string, body: Record<string, unknown>) =>
      send('PUT', `/orders/${orderId}/status`, { token: admin.token, payload: body });

    // Shipped, then the customer refuses it at the door: staff press «رفض العميل الاستلام / مرتجع».
    const refused = await cashOrder(11_500);
    const productId = refused.order.cartItems[0]?.product.id ?? '';
    expect(
      (await setStatus(refused.order.id, { status: 'shipped', carrier: 'سمسا', trackingNumber: 'SM9' })).statusCode,
    ).toBe(200);
    expect(await stockOf(t, productId)).toEqual({ quantity: 9, sold: 1 });
    const res = await cancel(refused.order.id, admin.token, ao.refusedReason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', refundedAmount: 0 });
    const cancelled = await documentsOf(refused.order.id);
    expect(cancelled.notes).toHaveLength(1);
    expect(cancelled.notes[0]).toMatchObject({
      reason: ao.refusedReason,
      total: cancelled.invoice.total,
      vatTotal: cancelled.invoice.vatTotal,
      lines: cancelled.invoice.lines,
    });
    expect(await creditNotes(refused.order.id)).toEqual([
      expect.objectContaining({ reason: ao.refusedReason, total: 115, refundAmount: 0 }),
    ]);
    // The stock came back once: nothing cancels, pays or delivers it again.
    expectFail(await cancel(refused.order.id, admin.token, ao.refusedReason), 409, m.orderNotCancellable);
    expectFail(await send('PUT', `/orders/${refused.order.id}/pay`, { token: admin.token }), 409);
    expect(await stockOf(t, productId)).toEqual({ quantity: 10, sold: 0 });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, refused.order.id))).toEqual([]);
    // The customer's e-mail says the order is cancelled, and why.
    const mail = mailsTo(t, refused.user.email).at(-1);
    expect(mail?.subject).toBe(
      `${t.config.shopName}: طلبك رقم ${refused.order.number} — ${ORDER_STATUS_NAMES.cancelled}`,
    );
    expect(mail?.text).toContain(ao.refusedReason);

    // Delivered, its cash collected, then handed back in full.
    const returned = await cashOrder(10_000);
    const delivered = await setStatus(returned.order.id, { status: 'delivered' });
    expect(delivered.json().data).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const given = await refund(returned.order.id, 100, 'أعاد العميل المنتج');
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data).toMatchObject({ amount: 100, status: 'done', creditNoteNumber: expect.any(Number) });
    expect(given.json().order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 100 });
    const [byHand] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, returned.order.id));
    expect(byHand).toMatchObject({ status: 'done', provider: null, amount: 10_000 });
    const credited = await documentsOf(returned.order.id);
    expect(credited.notes).toEqual([
      expect.objectContaining({
        number: given.json().data.creditNoteNumber,
        reason: 'أعاد العميل المنتج',
        total: credited.invoice.total,
        vatTotal: credited.invoice.vatTotal,
        lines: credited.invoice.lines,
      }),
    ]);
    expect(byHand?.creditNoteId).toBe(credited.notes[0]?.id);
    await expectChain();
  });
});

describe('a card order through Stripe (live keys: a real sale)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let stripe: VatShop;
  beforeAll(async () => {
    fake = await startFakeStripe({ live: true });
    stripe = await stripeShop(fake);
  });
  afterAll(async () => {
    await stripe.shop.close();
    await fake.close();
  });

  const cancelCard = (orderId: string) =>
    send('POST', `/orders/${orderId}/cancel`, {
      token: stripe.staff.token,
      payload: { reason: 'نفد المنتج' },
      app: stripe.shop,
    });

  it('is invoiced when its payment is confirmed; its credit note goes back to the card (payment means 48)', async () => {
    const { order, user } = await paidStripeOrder(stripe);
    expect(order.isTest).toBe(false);
    const invoice = await send('GET', `/orders/${order.id}/invoice`, { token: user.token, app: stripe.shop });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json().data).toMatchObject({ total: 200, vatTotal: 26.09 });
    const made = await send('POST', `/orders/${order.id}/refunds`, {
      token: stripe.staff.token,
      payload: { amount: 20, reason: 'تأخر الشحن' },
      app: stripe.shop,
    });
    const number: number = made.json().data.creditNoteNumber;
    const xml = await send('GET', `/orders/${order.id}/credit-notes/${number}.xml`, {
      token: user.token,
      app: stripe.shop,
    });
    expect(xml.body).toContain('<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>');
    await expectChain(stripe.shop);
  });

  it('cancelled by staff: its refund’s credit note is the whole invoice, issued once', async () => {
    const { order } = await paidStripeOrder(stripe);
    const res = await cancelCard(order.id);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 200 });
    const { invoice, notes } = await documentsOf(order.id, stripe.shop);
    expect(notes.map((note) => [note.reason, note.total, note.vatTotal])).toEqual([
      ['نفد المنتج', invoice.total, invoice.vatTotal],
    ]);
    const [given] = await stripe.shop.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(given).toMatchObject({ status: 'done', amount: 20_000, provider: 'stripe', creditNoteId: notes[0]?.id });
    await expectChain(stripe.shop);
  });

  it('with a refund still due at Stripe, the cancel credits only the rest; the sweep adds no note', async () => {
    const { order } = await paidStripeOrder(stripe);
    fake.failNext(500, 'Stripe is having a bad day');
    const partial = await send('POST', `/orders/${order.id}/refunds`, {
      token: stripe.staff.token,
      payload: { amount: 50, reason: 'تعويض' },
      app: stripe.shop,
    });
    expect(partial.json().data).toMatchObject({ status: 'due', creditNoteNumber: expect.any(Number) });
    expect((await cancelCard(order.id)).statusCode).toBe(200);
    // The app's minute sweep of due refunds (its scheduled job, run now).
    await runSchedule(stripe.shop, REFUND_SWEEP);
    const [after] = await stripe.shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 20_000 });
    const { invoice, notes } = await documentsOf(order.id, stripe.shop);
    expect(notes.map((note) => [note.reason, note.total])).toEqual([
      ['تعويض', 5_000],
      ['نفد المنتج', 15_000],
    ]);
    expect(sum(notes.map((note) => note.vatTotal))).toBe(invoice.vatTotal);
  });
});

describe('test orders (test mode: no money moved) are no sale', () => {
  /** No invoice and no credit note: the API says there is none, and no number of the real series is used. */
  async function expectNoTaxDocument(shop: VatShop, order: { id: string }, token: string) {
    const mine = (await send('GET', `/orders/${order.id}`, { token, app: shop.shop })).json().data as Order;
    expect(mine.isTest).toBe(true);
    expect(mine).not.toHaveProperty('invoiceNumber');
    const invoice = await send('GET', `/orders/${order.id}/invoice`, { token, app: shop.shop });
    expect(invoice.statusCode, invoice.body).toBe(404);
    expect(invoice.json().code).toBe('INVOICE_NOT_ISSUED');
    // A refund and a cancel of it issue no credit note either.
    const made = await send('POST', `/orders/${order.id}/refunds`, {
      token: shop.staff.token,
      payload: { amount: 10, reason: 'تجربة' },
      app: shop.shop,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.creditNoteNumber).toBeUndefined();
    const cancelled = await send('POST', `/orders/${order.id}/cancel`, { token: shop.staff.token, app: shop.shop });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = await send('GET', `/orders/${order.id}/credit-notes`, { token, app: shop.shop });
    expect(notes.json()).toEqual({ data: [] });
    expect(await shop.shop.database.db.select().from(invoices)).toEqual([]);
  }

  /** A real cash order of the shop now takes invoice number 1. */
  async function expectNextCashOrderFirst(shop: VatShop) {
    const p = await insertProduct(shop.shop, shop.refs, { price: 1_000, quantity: 5 });
    const { user, cartId } = await customerWithCart(shop.shop, send, [{ productId: p.id }]);
    const res = await send('POST', `/orders/${cartId}`, {
      token: user.token,
      payload: { shippingAddress },
      app: shop.shop,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ isTest: false, invoiceNumber: 1 });
    const rows = await shop.shop.database.db.select().from(invoices);
    expect(rows.map((row) => [row.number, row.previousHash])).toEqual([[1, GENESIS_HASH]]);
  }

  it('paid through the test provider: no invoice, no credit note; the next real cash order is invoice 1', async () => {
    const shop = await vatShop();
    const { payThroughTestProvider } = apiClient(() => shop.shop);
    try {
      const p = await insertProduct(shop.shop, shop.refs, { price: 23_000, quantity: 5 });
      const { user, cartId } = await customerWithCart(shop.shop, send, [{ productId: p.id }]);
      const checkout = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
        token: user.token,
        app: shop.shop,
      });
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect((await payThroughTestProvider(checkout.json().session.id)).statusCode).toBe(200);
      const [order] = await shop.shop.database.db.select().from(orders).where(eq(orders.userId, user.id));
      if (!order) throw new Error('the payment made no order');
      await expectNoTaxDocument(shop, order, user.token);
      await expectNextCashOrderFirst(shop);
    } finally {
      await shop.shop.close();
    }
  });

  it('paid through Stripe with its test keys: the same', async () => {
    const fake = await startFakeStripe();
    const shop = await stripeShop(fake);
    try {
      const { order, user } = await paidStripeOrder(shop);
      await expectNoTaxDocument(shop, order, user.token);
      await expectNextCashOrderFirst(shop);
    } finally {
      await shop.shop.close();
      await fake.close();
    }
  });
});
