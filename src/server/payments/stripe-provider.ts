import type { PaymentProvider } from './provider.js';
import { verifySignature } from './signature.js';

type StripeEvent = { type?: string; data?: { object?: { id?: string; payment_status?: string } } };

/** Stripe Checkout Sessions over Stripe's REST API; confirmation only through the signed webhook. */
export function createStripeProvider(secretKey: string, webhookSecret: string): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(request) {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.reference,
        customer_email: request.customerEmail,
        'metadata[reference]': request.reference,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(request.amount),
        'line_items[0][price_data][product_data][name]': request.description,
      });
      const response = await fetch('https://api.stripe.com/v1/checkout/sessions', {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json()) as { id?: string; url?: string; error?: { message?: string } };
      if (!response.ok || !body.id || !body.url) throw new Error(`Stripe: ${body.error?.message ?? response.status}`);
      return { id: body.id, url: body.url };
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!verifySignature(signatureHeader, rawBody, webhookSecret)) return null;
      const event = JSON.parse(rawBody) as StripeEvent;
      const session = event.data?.object;
      if (!session?.id) return { type: 'ignored' };
      if (event.type === 'checkout.session.completed' && session.payment_status === 'paid') {
        return { type: 'paid', sessionId: session.id };
      }
      if (event.type === 'checkout.session.async_payment_succeeded') return { type: 'paid', sessionId: session.id };
      if (event.type === 'checkout.session.expired') return { type: 'cancelled', sessionId: session.id };
      return { type: 'ignored' };
    },
  };
}
