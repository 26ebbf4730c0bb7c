import { afterEach, describe, expect, it, vi } from 'vitest';
import { signPayload } from '../../src/server/payments/signature.js';
import { createStripeProvider } from '../../src/server/payments/stripe-provider.js';

/*
 * The Stripe provider without Stripe: its REST call is checked against a stand-in `fetch`, and its
 * webhook parsing against events signed the way Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = createStripeProvider('sk_test_key', WEBHOOK_SECRET);
const checkout = {
  reference: 'ref-123',
  amount: 34_050,
  currency: 'SAR',
  description: 'طلب من متجر',
  customerEmail: 'buyer@example.com',
  successUrl: 'https://shop.example/user/allOrders',
  cancelUrl: 'https://shop.example/cart',
  origin: 'https://shop.example',
};

afterEach(() => vi.unstubAllGlobals());

describe('createCheckout', () => {
  it('creates a Checkout Session for the amount in minor units and returns its id and URL', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(stripe.createCheckout(checkout)).resolves.toEqual({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ authorization: 'Bearer sk_test_key' });
    const form = init.body as URLSearchParams;
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      client_reference_id: 'ref-123',
      'metadata[reference]': 'ref-123',
      customer_email: 'buyer@example.com',
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'sar',
      'line_items[0][price_data][unit_amount]': '34050',
      'line_items[0][price_data][product_data][name]': 'طلب من متجر',
    });
  });

  it('fails with Stripe’s own message when Stripe refuses', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: { message: 'Invalid API Key' } }, { status: 401 }));
    await expect(stripe.createCheckout(checkout)).rejects.toThrow('Stripe: Invalid API Key');
  });
});

describe('parseWebhook', () => {
  const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ type, data: { object } });
  const parse = (body: string, secret = WEBHOOK_SECRET) => stripe.parseWebhook(body, signPayload(secret, body));

  it('a completed, paid session is a payment', () => {
    expect(parse(event('checkout.session.completed', { id: 'cs_1', payment_status: 'paid' }))).toEqual({
      type: 'paid',
      sessionId: 'cs_1',
    });
    expect(parse(event('checkout.session.async_payment_succeeded', { id: 'cs_2' }))).toEqual({
      type: 'paid',
      sessionId: 'cs_2',
    });
  });

  it('a completed but unpaid session waits; an expired one is cancelled; anything else is ignored', () => {
    expect(parse(event('checkout.session.completed', { id: 'cs_1', payment_status: 'unpaid' }))).toEqual({
      type: 'ignored',
    });
    expect(parse(event('checkout.session.expired', { id: 'cs_1' }))).toEqual({ type: 'cancelled', sessionId: 'cs_1' });
    expect(parse(event('payment_intent.created', { id: 'pi_1' }))).toEqual({ type: 'ignored' });
    expect(parse(event('checkout.session.completed', {}))).toEqual({ type: 'ignored' });
  });

  it('refuses events without a valid signature: none, another secret, another body, too old', () => {
    const body = event('checkout.session.completed', { id: 'cs_1', payment_status: 'paid' });
    expect(stripe.parseWebhook(body, undefined)).toBeNull();
    expect(parse(body, 'whsec_someone_else')).toBeNull();
    expect(stripe.parseWebhook(body.replace('cs_1', 'cs_2'), signPayload(WEBHOOK_SECRET, body))).toBeNull();
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(stripe.parseWebhook(body, signPayload(WEBHOOK_SECRET, body, anHourAgo))).toBeNull();
  });
});
