import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createMoyasarProvider } from '../../src/server/payments/moyasar-provider.js';
import type { PaymentProvider } from '../../src/server/payments/provider.js';
import { checkoutRequest } from '../helpers/checkout-request.js';
import { startFakeMoyasar } from '../helpers/fake-moyasar.js';

/*
 * The Moyasar provider against a local server that speaks Moyasar's invoices and payments API
 * (reached through MOYASAR_API_URL, as in production), and its webhook parsing: the secret token
 * is checked, and a payment is believed only as Moyasar's API states it (docs/payments.md § Moyasar).
 */

const WEBHOOK_SECRET = 'moyasar-webhook-secret';
let fake: Awaited<ReturnType<typeof startFakeMoyasar>>;
let moyasar: PaymentProvider;
const expiresAt = new Date(Date.now() + 30 * 60_000);
const checkout = checkoutRequest({ expiresAt });

beforeAll(async () => {
  fake = await startFakeMoyasar();
  moyasar = createMoyasarProvider({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
});
afterAll(() => fake.close());

/** A webhook call as it arrived (Moyasar signs nothing: the token is in the body). */
const hook = (rawBody: string) => moyasar.parseWebhook({ rawBody, header: () => undefined, query: {} });
const apiCalls = () => fake.calls.length;

describe('createCheckout', () => {
  it('creates an invoice for the amount in halalas, expiring with the checkout, naming our checkout', async () => {
    const page = await moyasar.createCheckout(checkout);
    const invoice = fake.invoices.get(page.id);
    expect(page.url).toBe(invoice?.url);
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/invoices' });
    expect(call?.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}`,
      'content-type': 'application/json',
    });
    expect(call?.body).toEqual({
      amount: 34_050,
      currency: 'SAR',
      description: 'متجر — 2 منتجات',
      callback_url: 'https://shop.example/api/v1/payments/webhook/moyasar',
      success_url: checkout.successUrl,
      back_url: checkout.cancelUrl,
      expired_at: expiresAt.toISOString(),
      metadata: { reference: 'checkout-123' },
    });
  });

  it('fails with Moyasar’s own message when Moyasar refuses (an outage, an amount under 1 SAR)', async () => {
    fake.failNext(503, 'Service Unavailable');
    await expect(moyasar.createCheckout(checkout)).rejects.toThrow('Moyasar: Service Unavailable');
    await expect(moyasar.createCheckout({ ...checkout, amount: 99 })).rejects.toThrow('Moyasar: Validation Failed');
    expect(moyasar.minimumAmount).toBe(100);
  });
});

describe('parseWebhook and lookupPayment', () => {
  it('payment_paid with the secret token: the payment as Moyasar’s API states it, not as the body says', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    const payment = fake.pay(id);
    const body = JSON.parse(fake.event(id, WEBHOOK_SECRET));
    // A body claiming another amount and currency changes nothing: they are read from the API.
    body.data.amount = 1;
    body.data.currency = 'USD';
    expect(await hook(JSON.stringify(body))).toEqual({
      type: 'paid',
      sessionId: id,
      paymentId: payment.id,
      amount: 34_050,
      currency: 'SAR',
    });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/invoices/${id}` });
    expect(await moyasar.lookupPayment?.(id)).toEqual({
      type: 'paid',
      sessionId: id,
      paymentId: payment.id,
      amount: 34_050,
      currency: 'SAR',
    });
  });

  it('an unpaid invoice is not a payment, whatever the webhook says', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    expect(await moyasar.lookupPayment?.(id)).toBeUndefined();
    const paid = await moyasar.createCheckout(checkout);
    fake.pay(paid.id);
    const forged = JSON.parse(fake.event(paid.id, WEBHOOK_SECRET));
    forged.data.invoice_id = id;
    expect(await hook(JSON.stringify(forged))).toEqual({ type: 'ignored' });
  });

  it('refuses a wrong, missing or non-string token, and bodies that are not an object', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    fake.pay(id);
    const before = apiCalls();
    expect(await hook(fake.event(id, 'someone-else'))).toBeNull();
    expect(await hook(fake.event(id, `${WEBHOOK_SECRET}x`))).toBeNull();
    const noToken = JSON.parse(fake.event(id, WEBHOOK_SECRET));
    delete noToken.secret_token;
    expect(await hook(JSON.stringify(noToken))).toBeNull();
    expect(await hook(JSON.stringify({ ...noToken, secret_token: 12 }))).toBeNull();
    for (const raw of ['not json', '[]', 'null', '"x"', '{}']) expect(await hook(raw), raw).toBeNull();
    // Nothing refused reached Moyasar's API.
    expect(apiCalls()).toBe(before);
  });

  it('other events are ignored without asking the API', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    fake.pay(id);
    const before = apiCalls();
    for (const type of ['payment_failed', 'payment_refunded', 'payment_voided', 'payment_abandoned']) {
      expect(await hook(fake.event(id, WEBHOOK_SECRET, type)), type).toEqual({ type: 'ignored' });
    }
    // Not yet final: the invoice is to be asked about (rate-limited by the checkout, not here).
    for (const type of ['payment_authorized', 'payment_captured', 'payment_verified']) {
      expect(await hook(fake.event(id, WEBHOOK_SECRET, type)), type).toEqual({ type: 'check', sessionId: id });
    }
    const noInvoice = JSON.parse(fake.event(id, WEBHOOK_SECRET));
    delete noInvoice.data.invoice_id;
    expect(await hook(JSON.stringify(noInvoice))).toEqual({ type: 'ignored' });
    expect(apiCalls()).toBe(before);
  });

  it('a webhook_verification event with the token sends its code back to Moyasar, and is answered', async () => {
    const verification = fake.verificationEvent(WEBHOOK_SECRET);
    expect(await hook(verification.body)).toEqual({ type: 'ignored' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/webhooks/${verification.webhookId}/verify`,
      body: { code: verification.code },
    });
    expect(verification.verified()).toBe(true);
    // Without the token it is refused and nothing is sent; a refusal by Moyasar names the code for the log.
    const before = apiCalls();
    expect(await hook(fake.verificationEvent('guessed-token').body)).toBeNull();
    expect(apiCalls()).toBe(before);
    const lost = fake.verificationEvent(WEBHOOK_SECRET);
    fake.failNext(500, 'down');
    await expect(hook(lost.body)).rejects.toThrow(`not verified (code ${lost.code})`);
  });

  it('an invoice posted to its callback_url (no token) only names the invoice to ask about', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    const before = apiCalls();
    const invoice = { ...fake.invoices.get(id), status: 'paid', amount: 1 };
    expect(await hook(JSON.stringify(invoice))).toEqual({ type: 'check', sessionId: id });
    expect(await hook(JSON.stringify({ ...invoice, id: '../payments' }))).toBeNull();
    expect(apiCalls()).toBe(before);
  });

  it('Moyasar’s API failing while confirming is an error (the webhook answers 502 and is sent again)', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    fake.pay(id);
    fake.failNext(500, 'Internal Server Error');
    await expect(hook(fake.event(id, WEBHOOK_SECRET))).rejects.toThrow('Moyasar: Internal Server Error');
  });
});

describe('refund and expire', () => {
  it('refunds a payment by its id for an amount; more than is left is refused with Moyasar’s message', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    const payment = fake.pay(id);
    const request = { paymentId: payment.id, amount: 15_000, currency: 'SAR', reason: 'stock ran out' };
    await expect(moyasar.refund(request)).resolves.toEqual({ id: payment.id });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${payment.id}/refund`,
      body: { amount: 15_000 },
    });
    await expect(moyasar.refund({ ...request, amount: 20_000 })).rejects.toThrow(/^Moyasar: Refund amount/);
  });

  it('cancels an unpaid invoice so it can no longer be paid', async () => {
    const { id } = await moyasar.createCheckout(checkout);
    await moyasar.expireCheckout(id);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PUT', path: `/v1/invoices/${id}/cancel` });
    expect(fake.invoices.get(id)?.status).toBe('canceled');
  });
});

describe('PAYMENT_PROVIDER=moyasar', () => {
  const env = { JWT_SECRET: 'a-jwt-secret-that-is-long-enough-for-hs256', PAYMENT_PROVIDER: 'moyasar' };
  const keys = { MOYASAR_SECRET_KEY: 'sk_test_1', MOYASAR_WEBHOOK_SECRET: 'a-long-random-token' };

  it('takes its keys and API address (a trailing slash tolerated)', () => {
    expect(loadConfig({ ...env, ...keys }).payments).toEqual({
      provider: 'moyasar',
      moyasar: { secretKey: 'sk_test_1', webhookSecret: 'a-long-random-token', apiUrl: 'https://api.moyasar.com/v1' },
    });
    expect(loadConfig({ ...env, ...keys, MOYASAR_API_URL: 'http://127.0.0.1:9/v1/' }).payments).toMatchObject({
      moyasar: { apiUrl: 'http://127.0.0.1:9/v1' },
    });
  });

  it('refuses to start without its keys, naming them', () => {
    expect(() => loadConfig({ ...env, MOYASAR_SECRET_KEY: 'sk_test_1' })).toThrow(/MOYASAR_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...env, MOYASAR_WEBHOOK_SECRET: 'a-long-random-token' })).toThrow(/MOYASAR_SECRET_KEY/);
  });

  it('refuses a webhook token short enough to guess (under 16 characters)', () => {
    expect(() => loadConfig({ ...env, ...keys, MOYASAR_WEBHOOK_SECRET: 'token' })).toThrow(
      /MOYASAR_WEBHOOK_SECRET must be at least 16 characters/,
    );
    expect(loadConfig({ ...env, ...keys, MOYASAR_WEBHOOK_SECRET: 'x'.repeat(16) }).payments.provider).toBe('moyasar');
  });

  it('refuses to start in a currency Moyasar does not take (an Egyptian shop), takes the Gulf ones', () => {
    expect(() => loadConfig({ ...env, ...keys, SHOP_COUNTRY: 'EG' })).toThrow(/this shop's currency is EGP/);
    expect(() => loadConfig({ ...env, ...keys, SHOP_COUNTRY: 'OM' })).toThrow(/OMR/);
    expect(loadConfig({ ...env, ...keys, SHOP_COUNTRY: 'KW' })).toMatchObject({ currency: 'KWD' });
    expect(loadConfig({ ...env, ...keys, SHOP_COUNTRY: 'EG', SHOP_CURRENCY: 'SAR' }).payments.provider).toBe('moyasar');
  });
});

describe('test keys', () => {
  it('a test key (sk_test_…) makes test orders; a live key real ones', () => {
    const withKey = (secretKey: string) =>
      createMoyasarProvider({ secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    expect(withKey('sk_test_abc').isTest).toBe(true);
    expect(withKey('sk_live_abc').isTest).toBe(false);
  });
});
