import type { PaidEvent, PaymentProvider } from './provider.js';
import { verifySignature } from './signature.js';

type StripeObject = {
  id?: string;
  payment_status?: string;
  payment_intent?: string | null;
  amount_total?: number | null;
  currency?: string | null;
};
type StripeEvent = { type?: string; data?: { object?: StripeObject } };

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl: string };

/**
 * Stripe Checkout Sessions over Stripe's REST API (docs/payments.md); confirmation only through
 * the signed webhook. `apiUrl` is Stripe's, or a local server that speaks the same API in tests.
 */
export function createStripeProvider({ secretKey, webhookSecret, apiUrl }: StripeSettings): PaymentProvider {
  /** A POST with a form, or a GET (`form` undefined). */
  async function call(path: string, form?: URLSearchParams, idempotencyKey?: string) {
    const response = await fetch(`${apiUrl}/v1${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${secretKey}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(form ? { body: form } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string };
    };
    if (!response.ok) throw new Error(`Stripe: ${body.error?.message ?? response.status}`);
    return body;
  }

  /** A Checkout Session as a payment: its PaymentIntent, amount and currency as Stripe states them. */
  const paidEvent = (session: StripeObject & { id: string }): PaidEvent => ({
    type: 'paid',
    sessionId: session.id,
    paymentId: session.payment_intent ?? undefined,
    amount: session.amount_total ?? undefined,
    currency: session.currency?.toUpperCase(),
  });

  return {
    name: 'stripe',
    // Test-mode keys take Stripe's test cards: no money moves.
    isTest: secretKey.startsWith('sk_test_'),
    async createCheckout(request) {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.reference,
        customer_email: request.customerEmail,
        // Stripe takes 30 minutes to 24 hours; a payment after our own expiry is still handled.
        expires_at: String(Math.floor(request.expiresAt.getTime() / 1000) + 60),
        'metadata[reference]': request.reference,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(request.amount),
        'line_items[0][price_data][product_data][name]': request.description,
      });
      const body = await call('/checkout/sessions', form, `checkout-${request.reference}`);
      if (typeof body.id !== 'string' || typeof body.url !== 'string') throw new Error('Stripe: no session id or url');
      return { id: body.id, url: body.url };
    },
    async parseWebhook({ rawBody, header }) {
      if (!verifySignature(header('stripe-signature'), rawBody, webhookSecret)) return null;
      let event: StripeEvent;
      try {
        event = JSON.parse(rawBody) as StripeEvent;
      } catch {
        return null;
      }
      const session = event.data?.object;
      if (!session?.id) return { type: 'ignored' };
      const paid = paidEvent({ ...session, id: session.id });
      if (event.type === 'checkout.session.completed' && session.payment_status === 'paid') return paid;
      // Completed but not yet paid (a delayed payment method): Stripe is asked (docs/payments.md, step 2).
      if (event.type === 'checkout.session.completed') return { type: 'check', sessionId: session.id };
      if (event.type === 'checkout.session.async_payment_succeeded') return paid;
      if (event.type === 'checkout.session.expired') return { type: 'cancelled', sessionId: session.id };
      return { type: 'ignored' };
    },
    async refund({ paymentId, amount, reason, idempotencyKey }) {
      const form = new URLSearchParams({
        payment_intent: paymentId,
        amount: String(amount),
        'metadata[reason]': reason.slice(0, 500),
      });
      const body = await call('/refunds', form, idempotencyKey ?? `refund-${paymentId}-${amount}`);
      if (typeof body.id !== 'string') throw new Error('Stripe: no refund id');
      return { id: body.id };
    },
    async lookupPayment(id) {
      // Retrieve a Checkout Session: paid once its `payment_status` is `paid`.
      const session = (await call(`/checkout/sessions/${encodeURIComponent(id)}`)) as StripeObject;
      if (session.id !== id) throw new Error(`Stripe: unexpected answer for checkout session ${id}`);
      return session.payment_status === 'paid' ? paidEvent({ ...session, id }) : undefined;
    },
    async expireCheckout(id) {
      await call(`/checkout/sessions/${encodeURIComponent(id)}/expire`, new URLSearchParams());
    },
  };
}
