import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TTL_MS } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { currencyDigits } from '../../src/contract/money.js';
import { PRODUCT_COUNT, plural } from '../../src/contract/plural.js';
import { checkoutSessions, orders, products, refunds } from '../../src/db/schema.js';
import { createCheckouts } from '../../src/server/modules/orders/checkout.js';
import { createLifecycle } from '../../src/server/modules/orders/lifecycle.js';
import { choosePaymentProvider } from '../../src/server/payments/choose.js';
import {
  type Account,
  createAccount,
  createTestApp,
  documentIssuingOf,
  orderMessagesOf,
  type TestApp,
} from '../helpers/app.js';
import { startFakeMoyasar } from '../helpers/fake-moyasar.js';
import { shippingAddress } from '../helpers/fixtures.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  insertProduct,
  sweepCheckouts,
} from '../helpers/shopping.js';

/*
 * PAYMENT_PROVIDER=moyasar through the real app against a local server that speaks Moyasar's API
 * (MOYASAR_API_URL), as in production (docs/payments.md § Moyasar, SECURITY.md § 6): the invoice
 * carries the server's amount, an order exists only once Moyasar's API says the invoice is paid,
 * whichever call asks first (webhook, invoice callback, the thank-you page's poll), and exactly once.
 */

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeMoyasar>>;
let staff: Account;
let categoryId: string;
const WEBHOOK_SECRET = 'moyasar-dashboard-token';
const { send, expectNo5xx } = apiClient(() => t);
const quietLog = { error() {}, warn() {}, info() {} } as unknown as Parameters<typeof createCheckouts>[4];

beforeAll(async () => {
  fake = await startFakeMoyasar();
  t = await createTestApp({
    payments: {
      provider: 'moyasar',
      moyasar: { secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
    },
  });
  staff = await createAccount(t, 'admin');
  categoryId = (await createTaxonomy(t)).category.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(expectNo5xx);

/** A customer with one product of `price` halalas in the cart, and their open card checkout. */
async function openCheckout(price = 12_345, quantity = 5) {
  const p = await insertProduct(t, { categoryId }, { price, quantity });
  const buyer = await customerWithCart(t, send, [{ productId: p.id }]);
  const res = await send('GET', `/orders/checkout-session/${buyer.cartId}?${new URLSearchParams(shippingAddress)}`, {
    token: buyer.user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json().session as { id: string; url: string; checkoutId: string; amount: number };
  return { p, ...buyer, session };
}
const webhook = (payload: string) =>
  send('POST', '/payments/webhook/moyasar', { payload, headers: { 'content-type': 'application/json' } });
/** A call whose 5xx is this test's expected answer, not a server fault. */
const injectWebhook = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/moyasar',
    payload,
    headers: { 'content-type': 'application/json' },
  });
const ordersOf = (user: Account) => t.database.db.select().from(orders).where(eq(orders.userId, user.id));
const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];
const statusOf = (checkoutId: string, token: string) => send('GET', `/payments/checkouts/${checkoutId}`, { token });
const invoiceFetches = (id: string) =>
  fake.calls.filter((call) => call.method === 'GET' && call.path === `/v1/invoices/${id}`).length;

describe('checkout', () => {
  it('opens a Moyasar invoice for the server’s amount in halalas, naming our checkout, with absolute return URLs', async () => {
    const { session } = await openCheckout(12_345);
    const invoice = fake.invoices.get(session.id);
    expect(session.url).toBe(invoice?.url);
    expect(session.amount).toBe(123.45);
    const origin = 'http://localhost';
    expect(fake.calls.at(-1)?.body).toMatchObject({
      amount: 12_345,
      currency: 'SAR',
      // The cart's one line, in its plural form (docs/payments.md: the provider's page names the checkout).
      description: expect.stringContaining(`— ${plural(1, PRODUCT_COUNT)}`),
      metadata: { reference: session.checkoutId },
      success_url: expect.stringMatching(
        new RegExp(`^${origin}.*/user/allOrders\\?paid=1&checkout=${session.checkoutId}$`),
      ),
      // Moyasar's «رجوع» link: back to the payment screen, which says the payment was not made.
      back_url: expect.stringMatching(
        new RegExp(`^${origin}.*/order/paymethoud\\?payment=cancelled&checkout=[0-9a-f-]{36}$`),
      ),
      callback_url: expect.stringMatching(new RegExp(`^${origin}.*/api/v1/payments/webhook/moyasar$`)),
    });
    const expiresAt = Date.parse(String(fake.calls.at(-1)?.body.expired_at));
    expect(expiresAt - Date.now()).toBeGreaterThan(CHECKOUT_TTL_MS - 60_000);
  });

  it('a cart under 1 SAR is refused before anything is held or asked of Moyasar (400 CARD_AMOUNT_TOO_SMALL)', async () => {
    const p = await insertProduct(t, { categoryId }, { price: 99, quantity: 3 });
    const buyer = await customerWithCart(t, send, [{ productId: p.id }]);
    const before = fake.calls.length;
    const res = await send('GET', `/orders/checkout-session/${buyer.cartId}?${new URLSearchParams(shippingAddress)}`, {
      token: buyer.user.token,
    });
    expectFail(res, 400, m.cardAmountTooSmall);
    expect(res.json().code).toBe('CARD_AMOUNT_TOO_SMALL');
    expect(fake.calls.length).toBe(before);
    expect(await stockOf(p.id)).toMatchObject({ quantity: 3, sold: 0 });
  });

  it('Moyasar down when opening its page: the Arabic-coded 502, and the units go back', async () => {
    const p = await insertProduct(t, { categoryId }, { quantity: 2 });
    const buyer = await customerWithCart(t, send, [{ productId: p.id }]);
    fake.failNext(503, 'Service Unavailable');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/checkout-session/${buyer.cartId}?${new URLSearchParams(shippingAddress)}`,
      headers: { authorization: `Bearer ${buyer.user.token}` },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: m.paymentProviderUnavailable, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await stockOf(p.id)).toMatchObject({ quantity: 2 });
  });

  it('a replaced checkout’s invoice is cancelled at Moyasar', async () => {
    const first = await openCheckout();
    const again = await send(
      'GET',
      `/orders/checkout-session/${first.cartId}?${new URLSearchParams(shippingAddress)}`,
      { token: first.user.token },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.calls.some((c) => c.method === 'PUT' && c.path === `/v1/invoices/${first.session.id}/cancel`)).toBe(
      true,
    );
    expect(fake.invoices.get(first.session.id)?.status).toBe('canceled');
  });

  it('cash chosen after «رجوع»: the left invoice is cancelled at Moyasar, so it cannot be paid as well', async () => {
    const first = await openCheckout();
    const cash = await send('POST', `/orders/${first.cartId}`, {
      token: first.user.token,
      payload: { shippingAddress },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(fake.invoices.get(first.session.id)?.status).toBe('canceled');
  });
});

describe('the payment_paid webhook', () => {
  it('makes exactly one order, as Moyasar’s API states the payment; replays (even at once) make nothing more', async () => {
    const { p, user, session } = await openCheckout(20_000);
    const payment = fake.pay(session.id);
    const event = fake.event(session.id, WEBHOOK_SECRET);
    expect((await webhook(event)).statusCode).toBe(200);
    const replays = await Promise.all([webhook(event), webhook(event), webhook(event)]);
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const made = await ordersOf(user);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      isPaid: true,
      // The fake's key is a test key (sk_test_…): no money moved, and the order says so.
      isTest: true,
      totalOrderPrice: 20_000,
      paymentRef: `moyasar:${session.id}`,
    });
    const [row] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, session.id));
    expect(row).toMatchObject({ status: 'completed', providerPaymentId: payment.id });
    expect(await stockOf(p.id)).toMatchObject({ quantity: 4, sold: 1 });
  });

  it('a wrong or missing secret token is 400 WEBHOOK_SIGNATURE_INVALID, and nothing is made', async () => {
    const { user, session } = await openCheckout();
    fake.pay(session.id);
    expectFail(await webhook(fake.event(session.id, 'guessed')), 400, m.webhookSignatureInvalid);
    const tokenless = JSON.parse(fake.event(session.id, WEBHOOK_SECRET));
    delete tokenless.secret_token;
    expectFail(await webhook(JSON.stringify(tokenless)), 400, m.webhookSignatureInvalid);
    expect(await ordersOf(user)).toHaveLength(0);
  });

  it('Moyasar stating another amount or currency than the checkout’s: no order, the payment is refunded through Moyasar, once', async () => {
    for (const as of [{ amount: 4_999 }, { currency: 'USD' }]) {
      const opened = await openCheckout(5_000);
      const payment = fake.pay(opened.session.id, as);
      const event = fake.event(opened.session.id, WEBHOOK_SECRET);
      // Answered 200: handled, and a replay refunds nothing more.
      expect((await webhook(event)).statusCode).toBe(200);
      expect((await webhook(event)).statusCode).toBe(200);
      expect(await ordersOf(opened.user)).toHaveLength(0);
      const refundsAtMoyasar = fake.calls.filter((call) => call.path === `/v1/payments/${payment.id}/refund`);
      expect(refundsAtMoyasar.map((call) => call.body)).toEqual([{ amount: payment.amount }]);
      const [separate] = await t.database.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerPaymentId, payment.id));
      expect(separate).toMatchObject({
        userId: opened.user.id,
        status: 'refunded',
        amount: payment.amount,
        currency: payment.currency,
        failureReason: m.paymentMismatch,
      });
    }
  });

  it('Moyasar’s webhook_verification event (a webhook made through the API) is answered 200 and its code sent back', async () => {
    const verification = fake.verificationEvent(WEBHOOK_SECRET);
    expect((await webhook(verification.body)).statusCode).toBe(200);
    expect(verification.verified()).toBe(true);
  });

  it('Moyasar’s API down while confirming: 502 (Moyasar sends it again), then the retry makes the order', async () => {
    const { user, session } = await openCheckout();
    fake.pay(session.id);
    const event = fake.event(session.id, WEBHOOK_SECRET);
    fake.failNext(500, 'Internal Server Error');
    const down = await injectWebhook(event);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await ordersOf(user)).toHaveLength(0);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(1);
  });
});

describe('a late webhook: the thank-you page’s poll asks Moyasar', () => {
  it('the webhook never comes, Moyasar says paid: the status route completes the checkout, one order', async () => {
    const { user, session } = await openCheckout();
    fake.pay(session.id);
    const status = await statusOf(session.checkoutId, user.token);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({
      status: 'completed',
      isTest: true,
      order: { number: expect.any(Number) },
    });
    expect(await ordersOf(user)).toHaveLength(1);
    // The webhook arriving afterwards makes nothing more.
    expect((await webhook(fake.event(session.id, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('the poll and the webhook at the same moment make one order', async () => {
    const { user, session } = await openCheckout();
    fake.pay(session.id);
    const event = fake.event(session.id, WEBHOOK_SECRET);
    const answers = await Promise.all([statusOf(session.checkoutId, user.token), webhook(event), webhook(event)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('asks Moyasar at most once per checkout every few seconds, however often the page polls', async () => {
    const { user, session } = await openCheckout();
    for (let i = 0; i < 5; i++) {
      const status = await statusOf(session.checkoutId, user.token);
      expect(status.json().data.status).toBe('open');
    }
    expect(invoiceFetches(session.id)).toBe(1);
  });

  it('Moyasar failing during the lookup: the checkout as it is (open), never a 500', async () => {
    const { user, session } = await openCheckout();
    fake.pay(session.id);
    fake.failNext(503, 'Service Unavailable');
    const status = await statusOf(session.checkoutId, user.token);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.status).toBe('open');
    expect(await ordersOf(user)).toHaveLength(0);
  });

  it('only the checkout’s customer or staff can make it ask: another customer gets 404 and nothing is asked', async () => {
    const { session } = await openCheckout();
    const stranger = await createAccount(t);
    expectFail(await statusOf(session.checkoutId, stranger.token), 404, m.checkoutNotFound);
    expect(invoiceFetches(session.id)).toBe(0);
    fake.pay(session.id);
    const byStaff = await statusOf(session.checkoutId, staff.token);
    expect(byStaff.json().data.status).toBe('completed');
  });
});

describe('no webhook and no customer coming back', () => {
  it('paid on Moyasar’s page, nothing told: the sweep asks Moyasar before the checkout ends and makes the order', async () => {
    const { user, session, p } = await openCheckout(6_000, 2);
    const unpaid = await openCheckout(6_000, 2);
    fake.pay(session.id);
    await sweepCheckouts(t, CHECKOUT_TTL_MS / 60_000 + 1);
    await sweepCheckouts(t, CHECKOUT_TTL_MS / 60_000 + 1);
    expect(invoiceFetches(session.id)).toBe(1);
    expect(await ordersOf(user)).toMatchObject([{ isPaid: true, paymentRef: `moyasar:${session.id}` }]);
    expect((await stockOf(p.id))?.quantity).toBe(1);
    expect((await statusOf(session.checkoutId, user.token)).json().data).toMatchObject({ status: 'completed' });
    // The unpaid one ended, its unit back, its invoice cancelled at Moyasar.
    expect((await statusOf(unpaid.session.checkoutId, unpaid.user.token)).json().data.status).toBe('expired');
    expect((await stockOf(unpaid.p.id))?.quantity).toBe(2);
    expect(fake.invoices.get(unpaid.session.id)?.status).toBe('canceled');
  });
});

describe('the invoice’s callback_url (Moyasar posts the invoice, with no token)', () => {
  it('is only a hint: the order is made from what the API says, an unknown invoice is 404 and asks nothing', async () => {
    const { user, session } = await openCheckout();
    const unpaid = { ...fake.invoices.get(session.id), status: 'paid' };
    // Claiming paid before it is: the API says otherwise, nothing is made.
    expect((await webhook(JSON.stringify(unpaid))).statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(0);

    const other = await openCheckout();
    fake.pay(other.session.id);
    expect((await webhook(JSON.stringify(fake.invoices.get(other.session.id)))).statusCode).toBe(200);
    expect(await ordersOf(other.user)).toHaveLength(1);

    const before = fake.calls.length;
    const unknown = { ...unpaid, id: '00000000-0000-4000-8000-000000000000' };
    expectFail(await webhook(JSON.stringify(unknown)), 404, m.checkoutNotFound);
    expect(fake.calls.length).toBe(before);
  });
});

describe('refunds through Moyasar', () => {
  /** A card order paid through Moyasar (the webhook), with its payment. */
  async function paidOrder(price: number) {
    const opened = await openCheckout(price);
    const payment = fake.pay(opened.session.id);
    expect((await webhook(fake.event(opened.session.id, WEBHOOK_SECRET))).statusCode).toBe(200);
    const [order] = await ordersOf(opened.user);
    if (!order) throw new Error('no order');
    return { ...opened, order, payment };
  }
  const refundCalls = (paymentId: string) => fake.calls.filter((c) => c.path === `/v1/payments/${paymentId}/refund`);

  it('a staff refund names the paid payment and the amount in halalas', async () => {
    const { order, payment } = await paidOrder(30_000);
    const res = await send('POST', `/orders/${order.id}/refunds`, {
      token: staff.token,
      payload: { amount: 120.5, reason: 'قطعة تالفة' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(refundCalls(payment.id).map((c) => c.body)).toEqual([{ amount: 12_050 }]);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'done', provider: 'moyasar', providerRefundId: payment.id });
  });

  it('staff cancelling a paid card order gives all of it back through Moyasar', async () => {
    const { order, payment } = await paidOrder(25_000);
    const res = await send('POST', `/orders/${order.id}/cancel`, { token: staff.token, payload: { reason: 'نفد' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(refundCalls(payment.id).map((c) => c.body)).toEqual([{ amount: 25_000 }]);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 250 });
    expect(fake.invoices.get(order.paymentRef?.split(':')[1] ?? '')?.status).toBe('refunded');
  });

  const sweepRefunds = () =>
    createLifecycle(
      t.database.db,
      choosePaymentProvider(t.config).provider,
      documentIssuingOf(t),
      quietLog,
      currencyDigits(t.config.currency),
      orderMessagesOf(t),
    ).sweepRefunds();

  it('a sweep running while a staff refund waits on Moyasar leaves it to its claimer: one refund at Moyasar', async () => {
    const { order, payment } = await paidOrder(30_000);
    fake.slowRefunds(400);
    try {
      const request = send('POST', `/orders/${order.id}/refunds`, {
        token: staff.token,
        payload: { amount: 100, reason: 'تعويض' },
      });
      // The refund row is committed and Moyasar is being asked: the sweep sees it due.
      await expect.poll(() => refundCalls(payment.id).length).toBe(1);
      await Promise.all([request, sweepRefunds(), sweepRefunds()]);
    } finally {
      fake.slowRefunds(0);
    }
    await sweepRefunds();
    expect(refundCalls(payment.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'done', amount: 10_000 });
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedAmount: 10_000, paymentStatus: 'partially_refunded' });
  });

  it('a retry waits while another refund of the order is at Moyasar, so it never takes that one for its own', async () => {
    const { order, payment } = await paidOrder(30_000);
    fake.failNext(500, 'Moyasar is down');
    const first = await send('POST', `/orders/${order.id}/refunds`, {
      token: staff.token,
      payload: { amount: 30, reason: 'أول' },
    });
    expect(first.json().data).toMatchObject({ status: 'due' });
    fake.slowRefunds(400);
    try {
      const second = send('POST', `/orders/${order.id}/refunds`, {
        token: staff.token,
        payload: { amount: 50, reason: 'ثان' },
      });
      // Moyasar has made the second refund and not answered yet: a sweep now retries the first.
      await expect.poll(() => refundCalls(payment.id).length).toBe(2);
      await Promise.all([second, sweepRefunds()]);
    } finally {
      fake.slowRefunds(0);
    }
    await sweepRefunds();
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => [r.amount, r.status])).toEqual(
      expect.arrayContaining([
        [3_000, 'done'],
        [5_000, 'done'],
      ]),
    );
    // Both were really made at Moyasar (the first on its retry): none was counted from the other.
    expect(rows.some((r) => r.providerRefundId?.startsWith('reconciled:'))).toBe(false);
    expect(refundCalls(payment.id)).toHaveLength(3);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedAmount: 8_000 });
  });

  it('a refund made whose answer was lost: the sweep finds it done at Moyasar and does not make it again', async () => {
    const { order, payment } = await paidOrder(30_000);
    // A first refund, done: the reconciliation counts it.
    await send('POST', `/orders/${order.id}/refunds`, { token: staff.token, payload: { amount: 50, reason: 'أول' } });
    fake.refundThenFail();
    const res = await send('POST', `/orders/${order.id}/refunds`, {
      token: staff.token,
      payload: { amount: 70, reason: 'ثان' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'due' });
    expect(refundCalls(payment.id)).toHaveLength(2);
    await sweepRefunds();
    await sweepRefunds();
    expect(refundCalls(payment.id)).toHaveLength(2);
    expect(fake.calls.some((c) => c.method === 'GET' && c.path === `/v1/payments/${payment.id}`)).toBe(true);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
    expect(rows.find((r) => r.amount === 7_000)?.providerRefundId).toBe(`reconciled:${payment.id}`);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedAmount: 12_000, paymentStatus: 'partially_refunded' });
  });

  it('a payment Moyasar could not be asked about for an hour, its units since sold, is taken back through Moyasar', async () => {
    const p = await insertProduct(t, { categoryId }, { price: 8_000, quantity: 1 });
    const late = await customerWithCart(t, send, [{ productId: p.id }]);
    const opened = await send(
      'GET',
      `/orders/checkout-session/${late.cartId}?${new URLSearchParams(shippingAddress)}`,
      {
        token: late.user.token,
      },
    );
    const invoiceId = opened.json().session.id as string;
    const { provider } = choosePaymentProvider(t.config);
    const checkouts = createCheckouts(t.database.db, provider, t.config, documentIssuingOf(t), quietLog, {
      orderCreated: async () => {},
      refunded: async () => {},
    });
    // Paid on Moyasar's page; every sweep's question went unanswered (another process holds the
    // claim) until, an hour past its time, the checkout ends unasked and its unit goes back.
    const payment = fake.pay(invoiceId);
    await t.database.db
      .update(checkoutSessions)
      .set({ providerAskedAt: new Date() })
      .where(eq(checkoutSessions.providerSessionId, invoiceId));
    await checkouts.sweep(new Date(Date.now() + CHECKOUT_TTL_MS + 61 * 60_000));
    const other = await customerWithCart(t, send, [{ productId: p.id }]);
    const cash = await send('POST', `/orders/${other.cartId}`, {
      token: other.user.token,
      payload: { shippingAddress },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((await webhook(fake.event(invoiceId, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await ordersOf(late.user)).toHaveLength(0);
    expect(refundCalls(payment.id).map((c) => c.body)).toEqual([{ amount: 8_000 }]);
    const [row] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, invoiceId));
    expect(row).toMatchObject({ status: 'refunded', refundId: payment.id });
  });
});
