import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TTL_MS } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { currencyDigits } from '../../src/contract/money.js';
import { checkoutSessions, orders, refunds } from '../../src/db/schema.js';
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
import { type FakePaymob, startFakePaymob, type Transaction } from '../helpers/fake-paymob.js';
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
 * A shop with PAYMENT_PROVIDER=paymob, its PAYMOB_API_URL a local server that speaks Paymob's
 * Intention and refund APIs and signs transaction callbacks as Paymob does: the same code path as
 * production (docs/payments.md § Paymob, SECURITY.md § 6).
 */

let fake: FakePaymob;
let shop: TestApp;
let staff: Account;
let categoryId: string;
const { send, expectNo5xx } = apiClient(() => shop);
const quietLog = { error() {}, warn() {}, info() {} } as unknown as Parameters<typeof createLifecycle>[3];

beforeAll(async () => {
  fake = await startFakePaymob();
  shop = await createTestApp({
    payments: {
      provider: 'paymob',
      paymob: fake.settings('SA'),
    },
  });
  staff = await createAccount(shop, 'admin');
  categoryId = (await createTaxonomy(shop)).category.id;
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});
afterEach(expectNo5xx);

const product = (price = 20_000, quantity = 5) => insertProduct(shop, { categoryId }, { quantity, price });
const ordersOf = (user: Account) => shop.database.db.select().from(orders).where(eq(orders.userId, user.id));
const checkoutRow = async (providerSessionId: string) =>
  (
    await shop.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, providerSessionId))
  )[0];

/** A customer with `p` in the cart who opened a card checkout: Paymob's order id and our checkout. */
async function openCheckout(p: { id: string }) {
  const buyer = await customerWithCart(shop, send, [{ productId: p.id }]);
  const res = await send('GET', `/orders/checkout-session/${buyer.cartId}?${new URLSearchParams(shippingAddress)}`, {
    token: buyer.user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json().session as { id: string; url: string; checkoutId: string; amount: number };
  return { ...buyer, session };
}

/** The processed callback as Paymob posts it: the JSON body, the HMAC in the query. */
const callback = (body: string, hmac: string) =>
  send('POST', `/payments/webhook/paymob?hmac=${hmac}`, {
    payload: body,
    headers: { 'content-type': 'application/json' },
  });
const pay = (orderId: string, changes: Transaction = {}) => {
  const { body, hmac, obj } = fake.transaction(orderId, changes);
  return callback(body, hmac).then((res) => ({ res, obj }));
};

describe('checkout', () => {
  it('creates an intention for the server’s amount in minor units, naming our checkout, and opens Paymob’s page', async () => {
    const { user, session } = await openCheckout(await product(20_000));
    const row = await checkoutRow(session.id);
    if (!row) throw new Error('no checkout row');
    const intention = fake.intention(session.id);
    expect(row.amount).toBe(row.quote?.total);
    expect(intention).toMatchObject({
      amount: row.amount,
      currency: 'SAR',
      specialReference: row.id,
      integrationIds: fake.integrationIds,
    });
    expect(session.checkoutId).toBe(row.id);
    expect(session.id).toBe(String(intention.orderId));
    expect(session.url).toBe(
      `${fake.url}/unifiedcheckout/?publicKey=${fake.publicKey}&clientSecret=${intention.clientSecret}`,
    );
    const call = fake.calls.at(-1);
    expect(call?.headers.authorization).toBe(`Token ${fake.secretKey}`);
    expect(call?.body).toMatchObject({
      billing_data: {
        first_name: 'مستخدم',
        last_name: 'مستخدم',
        email: user.email,
        phone_number: '+966551234567',
        street: shippingAddress.details,
        city: shippingAddress.city,
        postal_code: shippingAddress.postalCode,
        country: 'SA',
      },
      notification_url: 'http://localhost/api/v1/payments/webhook/paymob',
      redirection_url: `http://localhost/user/allOrders?paid=1&checkout=${row.id}`,
    });
  });

  it('Paymob refusing or down: a clear Arabic 502, never a 500, and the units go back', async () => {
    const p = await product(20_000, 2);
    for (const [status, body] of [
      [503, { detail: 'Service temporarily unavailable.' }],
      [404, { detail: 'Integration ID/Name does not exist in our system .' }],
      [400, { billing_data: { phone_number: ['This field is required.'] } }],
    ] as const) {
      const buyer = await customerWithCart(shop, send, [{ productId: p.id }]);
      fake.failNext(status, body);
      // Straight through inject: a 502 is this test's expected answer, not a server fault.
      const res = await shop.app.inject({
        method: 'GET',
        url: `/api/v1/orders/checkout-session/${buyer.cartId}?${new URLSearchParams(shippingAddress)}`,
        headers: { authorization: `Bearer ${buyer.user.token}` },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: m.paymentProviderUnavailable, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      const [left] = await shop.database.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.cartId, buyer.cartId));
      expect(left?.status).toBe('failed');
    }
    const res = await send('GET', `/products/${p.id}`);
    expect(res.json().data.quantity).toBe(2);
  });
});

describe('the transaction callback', () => {
  it('a paid transaction makes exactly one order, however often (and at once) it arrives', async () => {
    const { user, session } = await openCheckout(await product(15_000));
    const { body, hmac, obj } = fake.transaction(session.id);
    const answers = await Promise.all([1, 2, 3].map(() => callback(body, hmac)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await callback(body, hmac)).statusCode).toBe(200);
    const made = await ordersOf(user);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ isPaid: true, isTest: true, paymentRef: `paymob:${session.id}` });
    expect(await checkoutRow(session.id)).toMatchObject({ status: 'completed', providerPaymentId: String(obj.id) });
    const status = await send('GET', `/payments/checkouts/${session.checkoutId}`, { token: user.token });
    expect(status.json().data).toMatchObject({ status: 'completed', order: { number: made[0]?.number } });
  });

  it('a callback the HMAC does not prove is 400 and makes nothing', async () => {
    const { user, session } = await openCheckout(await product());
    const { body, hmac } = fake.transaction(session.id);
    const tampered = JSON.parse(body);
    tampered.obj.amount_cents = 1;
    for (const [payload, signature] of [
      [body, 'f'.repeat(128)],
      [body, 'not-hex'],
      [JSON.stringify(tampered), hmac],
    ] as const) {
      expectFail(await callback(payload, signature), 400, m.webhookSignatureInvalid);
    }
    expectFail(
      await send('POST', '/payments/webhook/paymob', {
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
      400,
      m.webhookSignatureInvalid,
    );
    expect(await ordersOf(user)).toHaveLength(0);
    expect((await checkoutRow(session.id))?.status).toBe('open');
  });

  it('the checkout is the one the HMAC signs: a changed merchant_order_id pays nobody else’s', async () => {
    const first = await openCheckout(await product());
    const other = await openCheckout(await product());
    const { body, hmac } = fake.transaction(first.session.id);
    const redirected = JSON.parse(body);
    redirected.obj.order.merchant_order_id = other.session.checkoutId;
    expect((await callback(JSON.stringify(redirected), hmac)).statusCode).toBe(200);
    expect(await ordersOf(first.user)).toHaveLength(1);
    expect(await ordersOf(other.user)).toHaveLength(0);
    expect((await checkoutRow(other.session.id))?.status).toBe('open');
  });

  const refundCallsFor = (transactionId: number) =>
    fake.calls.filter(
      (call) => call.path === '/api/acceptance/void_refund/refund' && call.body.transaction_id === transactionId,
    );

  it('a signed payment of another amount or currency makes no order: it is refunded through Paymob, once', async () => {
    const { user, session } = await openCheckout(await product(5_000));
    const row = await checkoutRow(session.id);
    if (!row) throw new Error('no checkout row');
    for (const changes of [{ amount_cents: row.amount - 1 }, { currency: 'EGP' }]) {
      const { body, hmac, obj } = fake.transaction(session.id, changes);
      // Answered 200 (handled), and a replay records and refunds nothing more.
      expect((await callback(body, hmac)).statusCode).toBe(200);
      expect((await callback(body, hmac)).statusCode).toBe(200);
      expect(await checkoutRow(`${session.id}/${obj.id}`)).toMatchObject({
        userId: user.id,
        status: 'refunded',
        amount: obj.amount_cents,
        currency: obj.currency,
        providerPaymentId: String(obj.id),
        failureReason: m.paymentMismatch,
      });
      expect(refundCallsFor(obj.id).map((call) => call.body)).toEqual([
        { transaction_id: obj.id, amount_cents: obj.amount_cents },
      ]);
    }
    expect(await ordersOf(user)).toHaveLength(0);
    // The checkout is still the customer's to pay as asked.
    expect((await pay(session.id)).res.statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('a signed payment whose amount is no amount names nothing a refund could take: 400 PAYMENT_MISMATCH, logged', async () => {
    const { user, session } = await openCheckout(await product(5_000));
    const { body, hmac, obj } = fake.transaction(session.id, { amount_cents: 'lots' });
    expectFail(await callback(body, hmac), 400, m.paymentMismatch);
    expect(await ordersOf(user)).toHaveLength(0);
    expect(await checkoutRow(`${session.id}/${obj.id}`)).toBeUndefined();
    expect(refundCallsFor(obj.id)).toHaveLength(0);
    expect((await checkoutRow(session.id))?.status).toBe('open');
  });

  it('a second paid transaction for a checkout already paid is refunded through Paymob, shown to staff', async () => {
    const { user, session } = await openCheckout(await product(7_000));
    const first = await pay(session.id);
    expect(first.res.statusCode).toBe(200);
    const second = await pay(session.id);
    expect(second.res.statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await checkoutRow(session.id)).toMatchObject({
      status: 'completed',
      providerPaymentId: String(first.obj.id),
    });
    expect(refundCallsFor(first.obj.id)).toHaveLength(0);
    expect(refundCallsFor(second.obj.id).map((call) => call.body)).toEqual([
      { transaction_id: second.obj.id, amount_cents: second.obj.amount_cents },
    ]);
    const list = await send('GET', '/payments/checkouts?status=refund_due,refunded', { token: staff.token });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        status: 'refunded',
        amount: second.obj.amount_cents / 100,
        user: expect.objectContaining({ id: user.id }),
      }),
    );
  });

  it('a declined attempt ends nothing (the customer may try again on the page); the next, paid, makes the order', async () => {
    const { user, session } = await openCheckout(await product());
    expect((await pay(session.id, { success: false, data: { message: 'Do not honour' } })).res.statusCode).toBe(200);
    expect((await checkoutRow(session.id))?.status).toBe('open');
    expect(await ordersOf(user)).toHaveLength(0);
    expect((await pay(session.id)).res.statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(1);
  });

  it('a callback for a Paymob order the shop never opened is 404', async () => {
    const { session } = await openCheckout(await product());
    const signed = fake.transaction(session.id, { order: { id: 1 } });
    expect((await callback(signed.body, signed.hmac)).statusCode).toBe(404);
    expect((await checkoutRow(session.id))?.status).toBe('open');
  });
});

describe('a payment Paymob never calls back about', () => {
  it('a wallet paid with no callback (Paymob sends none for it): the sweep asks Paymob before the checkout ends', async () => {
    const { user, session } = await openCheckout(await product(9_000));
    const unpaid = await openCheckout(await product(9_000));
    const wallet = fake.payWithoutCallback(session.id, {
      integration_id: fake.integrationIds[1],
      source_data: { type: 'wallet', sub_type: 'wallet', pan: '01010101010' },
    });
    // Each sweep asks about at most 10 checkouts, oldest first: earlier tests' open ones come before.
    await sweepCheckouts(shop, CHECKOUT_TTL_MS / 60_000 + 1);
    await sweepCheckouts(shop, CHECKOUT_TTL_MS / 60_000 + 1);
    const inquiries = fake.calls.filter((call) => call.path === '/api/ecommerce/orders/transaction_inquiry');
    expect(inquiries.map((call) => call.body.order_id)).toEqual(
      expect.arrayContaining([Number(session.id), Number(unpaid.session.id)]),
    );
    expect(inquiries.every((call) => /^Bearer /.test(String(call.headers.authorization)))).toBe(true);
    expect(await ordersOf(user)).toMatchObject([{ isPaid: true, paymentRef: `paymob:${session.id}` }]);
    expect(await checkoutRow(session.id)).toMatchObject({ status: 'completed', providerPaymentId: String(wallet.id) });
    expect((await checkoutRow(unpaid.session.id))?.status).toBe('expired');
    expect(await ordersOf(unpaid.user)).toHaveLength(0);
  });

  it('a pending callback (the wallet not yet confirmed) asks Paymob; paid there, it is the order', async () => {
    const { user, session } = await openCheckout(await product(9_000));
    const pending = fake.transaction(session.id, { pending: true, success: false });
    fake.payWithoutCallback(session.id);
    expect((await callback(pending.body, pending.hmac)).statusCode).toBe(200);
    expect(await ordersOf(user)).toMatchObject([{ isPaid: true }]);
  });

  it('a card-token callback (`type: "TOKEN"`) is answered 200 and changes nothing', async () => {
    const { user, session } = await openCheckout(await product());
    const token = JSON.stringify({
      type: 'TOKEN',
      obj: { id: 1, token: 'abc', masked_pan: 'xxxx-xxxx-xxxx-2346', card_subtype: 'MasterCard', order_id: session.id },
    });
    expect((await callback(token, 'b'.repeat(128))).statusCode).toBe(200);
    expect(await ordersOf(user)).toHaveLength(0);
    expect((await checkoutRow(session.id))?.status).toBe('open');
  });
});

describe('refunds through Paymob', () => {
  /** A paid card order: its row and the Paymob transaction that paid it. */
  async function paidOrder(price = 20_000) {
    const { user, session } = await openCheckout(await product(price));
    const { res, obj } = await pay(session.id);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ordersOf(user);
    if (!row) throw new Error('no order');
    return { row, obj, user };
  }
  const refundCalls = () => fake.calls.filter((call) => call.path === '/api/acceptance/void_refund/refund');

  it('a staff refund names the paying transaction and the amount; Paymob refusing leaves it due for the sweep', async () => {
    const { row, obj } = await paidOrder();
    const res = await send('POST', `/orders/${row.id}/refunds`, {
      token: staff.token,
      payload: { amount: 50, reason: 'خصم تعويضي' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 50, status: 'done' });
    expect(refundCalls().at(-1)).toMatchObject({
      body: { transaction_id: obj.id, amount_cents: 5_000 },
      headers: { authorization: `Token ${fake.secretKey}` },
    });

    fake.failNext(500, { detail: 'Server Error' });
    const due = await send('POST', `/orders/${row.id}/refunds`, {
      token: staff.token,
      payload: { amount: 20, reason: 'الباقي' },
    });
    expect(due.statusCode, due.body).toBe(201);
    expect(due.json().data).toMatchObject({ status: 'due' });
    await createLifecycle(
      shop.database.db,
      choosePaymentProvider(shop.config).provider,
      documentIssuingOf(shop),
      quietLog,
      currencyDigits(shop.config.currency),
      orderMessagesOf(shop),
    ).sweepRefunds();
    expect(refundCalls().at(-1)?.body).toEqual({ transaction_id: obj.id, amount_cents: 2_000 });
    const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(after).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 7_000 });
  });

  it('a refund Paymob made whose answer was lost: the sweep reads the transaction (auth token) and does not refund again', async () => {
    const { row, obj } = await paidOrder();
    const before = refundCalls().length;
    fake.refundThenFail();
    const due = await send('POST', `/orders/${row.id}/refunds`, {
      token: staff.token,
      payload: { amount: 30, reason: 'تعويض' },
    });
    expect(due.statusCode, due.body).toBe(201);
    expect(due.json().data).toMatchObject({ status: 'due' });
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
    expect(refundCalls().length - before).toBe(1);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/api/acceptance/transactions/${obj.id}`,
      // Paymob's transaction read takes an auth token from the API key; it refuses the secret key.
      headers: { authorization: expect.stringMatching(/^Bearer /) },
    });
    const [refund] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(refund).toMatchObject({ status: 'done', providerRefundId: `reconciled:${obj.id}` });
    const [after] = await shop.database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(after).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 3_000 });
  });

  it('cancelling a paid card order refunds all of it through Paymob', async () => {
    const { row, obj } = await paidOrder(12_000);
    const res = await send('POST', `/orders/${row.id}/cancel`, {
      token: staff.token,
      payload: { reason: 'نفد المنتج' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(refundCalls().at(-1)?.body).toEqual({ transaction_id: obj.id, amount_cents: row.totalOrderPrice });
    const [refund] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(refund).toMatchObject({
      status: 'done',
      provider: 'paymob',
      providerRefundId: expect.stringMatching(/^\d+$/),
    });
  });

  it('Paymob’s callback for the refund itself changes nothing', async () => {
    const { row, user } = await paidOrder();
    const [session] = await shop.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.orderId, row.id));
    if (!session) throw new Error('no checkout');
    const refundCallback = fake.transaction(session.providerSessionId, {
      has_parent_transaction: true,
      is_refund: true,
      amount_cents: 1_000,
    });
    expect((await callback(refundCallback.body, refundCallback.hmac)).statusCode).toBe(200);
    expect(await ordersOf(user)).toMatchObject([{ paymentStatus: 'paid', refundedAmount: 0 }]);
  });
});
