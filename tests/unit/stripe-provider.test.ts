import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../src/server/payments/signature.js';
import { createStripeProvider } from '../../src/server/payments/stripe-provider.js';
import { checkoutRequest } from '../helpers/checkout-request.js';
import { startFakeStripe } from '../helpers/fake-stripe.js';

/*
 * The Stripe provider against a local server that speaks Stripe's REST API (reached through
 * STRIPE_API_URL, as in production), and its webhook parsing against events signed the way
 * Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: ReturnType<typeof createStripeProvider>;
const expiresAt = new Date('2026-11-25T12:30:00Z');
const checkout = checkoutRequest({
  reference: 'ref-123',
  description: 'طلب من متجر',
  successUrl: 'https://shop.example/user/allOrders',
  expiresAt,
});

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
});
afterAll(() => fake.close());

describe('createCheckout', () => {
  it('creates a Checkout Session for the amount in minor units, expiring with the checkout', async () => {
    await expect(stripe.createCheckout(checkout)).resolves.toEqual({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call?.headers).toMatchObject({
      authorization: 'Bearer sk_test_fake',
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': 'checkout-ref-123',
    });
    expect(call?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: 'ref-123',
      'metadata[reference]': 'ref-123',
      customer_email: 'buyer@example.com',
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      expires_at: String(expiresAt.getTime() / 1000 + 60),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'sar',
      'line_items[0][price_data][unit_amount]': '34050',
      'line_items[0][price_data][product_data][name]': 'طلب من متجر',
    });
  });

  it('fails with Stripe’s own message when Stripe refuses', async () => {
    fake.failNext(401, 'Invalid API Key');
    await expect(stripe.createCheckout(checkout)).rejects.toThrow('Stripe: Invalid API Key');
  });
});

describe('refund and expire', () => {
  it('refunds a PaymentIntent for an amount, once per payment and amount (idempotency key)', async () => {
    await expect(
      stripe.refund({ paymentId: 'pi_123', amount: 15_000, currency: 'SAR', reason: 'stock ran out' }),
    ).resolves.toEqual({ id: expect.stringMatching(/^re_/) });
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({ path: '/v1/refunds', form: { payment_intent: 'pi_123', amount: '15000' } });
    expect(call?.headers['idempotency-key']).toBe('refund-pi_123-15000');
  });

  it('asks Stripe whether a session was paid (Retrieve a Checkout Session): its PaymentIntent, amount and currency', async () => {
    const { id } = await stripe.createCheckout({ ...checkout, reference: 'ref-lookup' });
    expect(await stripe.lookupPayment?.(id)).toBeUndefined();
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${id}` });
    fake.payWithoutWebhook(id);
    expect(await stripe.lookupPayment?.(id)).toEqual({
      type: 'paid',
      sessionId: id,
      paymentId: `pi_${id}`,
      amount: 34_050,
      currency: 'SAR',
    });
    await expect(stripe.lookupPayment?.('cs_test_unknown')).rejects.toThrow(
      "Stripe: No such checkout.session: 'cs_test_unknown'",
    );
  });

  it('expires a session so it can no longer be paid', async () => {
    const { id } = await stripe.createCheckout({ ...checkout, reference: 'ref-expire' });
    await stripe.expireCheckout(id);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${id}/expire` });
    expect(fake.session(id).status).toBe('expired');
    // As Stripe: only an open session can be expired.
    await expect(stripe.expireCheckout(id)).rejects.toThrow('can be expired');
  });

  it('a refusal is an error naming Stripe’s message', async () => {
    fake.failNext(400, 'Charge has already been refunded');
    await expect(stripe.refund({ paymentId: 'pi_1', amount: 1, currency: 'SAR', reason: 'x' })).rejects.toThrow(
      'Stripe: Charge has already been refunded',
    );
  });
});

describe('parseWebhook', () => {
  const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ type, data: { object } });
  /** The webhook call with `signature` in Stripe's header. */
  const call = (rawBody: string, signature: string | undefined) =>
    stripe.parseWebhook({
      rawBody,
      header: (name) => (name === 'stripe-signature' ? signature : undefined),
      query: {},
    });
  const parse = (body: string, secret = WEBHOOK_SECRET) => call(body, signPayload(secret, body));

  it('a completed, paid session is a payment', async () => {
    expect(
      await parse(
        event('checkout.session.completed', {
          id: 'cs_1',
          payment_status: 'paid',
          payment_intent: 'pi_1',
          amount_total: 34_050,
          currency: 'sar',
        }),
      ),
    ).toEqual({ type: 'paid', sessionId: 'cs_1', paymentId: 'pi_1', amount: 34_050, currency: 'SAR' });
    expect(await parse(event('checkout.session.async_payment_succeeded', { id: 'cs_2' }))).toMatchObject({
      type: 'paid',
      sessionId: 'cs_2',
    });
  });

  it('a completed but unpaid session is asked about at Stripe; an expired one is cancelled; anything else is ignored', async () => {
    expect(await parse(event('checkout.session.completed', { id: 'cs_1', payment_status: 'unpaid' }))).toEqual({
      type: 'check',
      sessionId: 'cs_1',
    });
    expect(await parse(event('checkout.session.expired', { id: 'cs_1' }))).toEqual({
      type: 'cancelled',
      sessionId: 'cs_1',
    });
    expect(await parse(event('payment_intent.created', { id: 'pi_1' }))).toEqual({ type: 'ignored' });
    expect(await parse(event('checkout.session.completed', {}))).toEqual({ type: 'ignored' });
  });

  it('refuses events without a valid signature: none, another secret, another body, too old', async () => {
    const body = event('checkout.session.completed', { id: 'cs_1', payment_status: 'paid' });
    expect(await call(body, undefined)).toBeNull();
    expect(await parse(body, 'whsec_someone_else')).toBeNull();
    expect(await call(body.replace('cs_1', 'cs_2'), signPayload(WEBHOOK_SECRET, body))).toBeNull();
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(await call(body, signPayload(WEBHOOK_SECRET, body, anHourAgo))).toBeNull();
  });
});

describe('test keys', () => {
  it('a test-mode key (sk_test_…) makes test orders; a live key real ones', () => {
    const withKey = (secretKey: string) =>
      createStripeProvider({ secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    expect(withKey('sk_test_abc').isTest).toBe(true);
    expect(withKey('sk_live_abc').isTest).toBe(false);
  });
});
