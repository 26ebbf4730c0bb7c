import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaidEvent, PaymentProvider } from './provider.js';

/**
 * The currencies Moyasar takes: SAR for every account, the others once Moyasar has enabled
 * multi-currency for it (docs/payments.md § Moyasar). A shop in another currency cannot use it.
 */
export const MOYASAR_CURRENCIES: readonly string[] = ['SAR', 'AED', 'BHD', 'KWD', 'QAR', 'USD'];

/** Moyasar's smallest invoice, in minor units (100 halalas: 1 SAR). */
const MOYASAR_MINIMUM_AMOUNT = 100;

/** Where Moyasar posts an invoice when it is paid (the invoice's `callback_url`): our webhook. */
const MOYASAR_WEBHOOK_PATH = '/api/v1/payments/webhook/moyasar';

/** Calls that change something wait this long for Moyasar; reading an invoice, which a page waits on, less. */
const TIMEOUT_MS = 15_000;
const LOOKUP_TIMEOUT_MS = 5_000;

export type MoyasarSettings = { secretKey: string; webhookSecret: string; apiUrl: string };

// Only the fields read here; Moyasar's objects carry many more.
const invoiceSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  url: z.string(),
  /** The payment attempts made on the invoice (Fetch Invoice). */
  payments: z.array(z.looseObject({ id: z.string(), status: z.string() })).nullish(),
  /** The paid payment, in older answers (List Invoices). */
  payment_id: z.string().nullish(),
});
const paymentEventSchema = z.looseObject({
  type: z.string(),
  data: z.looseObject({ invoice_id: z.string().nullish() }).nullish(),
});
/** Payment events ("Webhook Reference") after which the invoice may still become paid: it is asked about. */
const NOT_YET_FINAL: readonly string[] = ['payment_authorized', 'payment_captured', 'payment_verified'];

/** Moyasar's `webhook_verification` event ("Verify Webhook"): the code that verifies the webhook. */
const verificationEventSchema = z.looseObject({
  type: z.literal('webhook_verification'),
  data: z.looseObject({
    webhook_id: z.string().regex(/^[\w-]{1,64}$/),
    verification_code: z.string().regex(/^\d{1,12}$/),
  }),
});
/** What Moyasar posts to an invoice's callback_url: the invoice itself, with no token. */
const invoiceCallbackSchema = z.looseObject({ id: z.guid() });

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Moyasar invoices over Moyasar's REST API (docs/payments.md § Moyasar): the customer pays on the
 * invoice's hosted page, and an order exists only after Moyasar's own API says the invoice is paid.
 * `apiUrl` is Moyasar's (`https://api.moyasar.com/v1`), or a local server speaking it in tests.
 */
export function createMoyasarProvider({ secretKey, webhookSecret, apiUrl }: MoyasarSettings): PaymentProvider {
  // HTTP Basic with the secret key as the user name and no password.
  const authorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, timeoutMs = TIMEOUT_MS) {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      const message = z.object({ message: z.string() }).safeParse(answer).data?.message;
      throw new Error(`Moyasar: ${message ?? response.status}`);
    }
    return answer;
  }

  /** An invoice as Moyasar's API states it. */
  async function fetchInvoice(id: string) {
    const path = `/invoices/${encodeURIComponent(id)}`;
    const invoice = invoiceSchema.safeParse(await call('GET', path, undefined, LOOKUP_TIMEOUT_MS));
    if (!invoice.success || invoice.data.id !== id) throw new Error(`Moyasar: unexpected answer for invoice ${id}`);
    return invoice.data;
  }

  /** The invoice's payment when Moyasar says the invoice is paid; its amount and currency are Moyasar's. */
  async function lookupPayment(id: string): Promise<PaidEvent | undefined> {
    const invoice = await fetchInvoice(id);
    if (invoice.status !== 'paid') return undefined;
    const paymentId = invoice.payments?.find((payment) => payment.status === 'paid')?.id ?? invoice.payment_id;
    // A refund names the payment: without it the money could not be given back.
    if (!paymentId) throw new Error(`Moyasar: invoice ${id} is paid but names no paid payment`);
    return { type: 'paid', sessionId: id, paymentId, amount: invoice.amount, currency: invoice.currency.toUpperCase() };
  }

  /**
   * Sends a `webhook_verification` event's code back ("Verify Webhook"), so the webhook starts
   * receiving events. Moyasar sends the event once and never again: a failure names the code, in
   * the log, for verifying by hand.
   */
  async function verifyWebhook(webhookId: string, code: string) {
    try {
      await call('POST', `/webhooks/${encodeURIComponent(webhookId)}/verify`, { code });
    } catch (error) {
      throw new Error(`Moyasar: webhook ${webhookId} not verified (code ${code}): ${(error as Error).message}`);
    }
  }

  return {
    name: 'moyasar',
    // Test keys take Moyasar's test cards: no money moves.
    isTest: secretKey.startsWith('sk_test_'),
    minimumAmount: MOYASAR_MINIMUM_AMOUNT,
    async createCheckout(request) {
      const answer = await call('POST', '/invoices', {
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        callback_url: `${request.origin}${MOYASAR_WEBHOOK_PATH}`,
        success_url: request.successUrl,
        back_url: request.cancelUrl,
        // Moyasar stops taking payment then; a payment after our own expiry is still handled.
        expired_at: request.expiresAt.toISOString(),
        metadata: { reference: request.reference },
      });
      const invoice = invoiceSchema.safeParse(answer);
      if (!invoice.success) throw new Error('Moyasar: no invoice id or url');
      return { id: invoice.data.id, url: invoice.data.url };
    },
    async parseWebhook({ rawBody }) {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return null;
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
      // An account webhook (Dashboard → Settings → Webhooks) carries the secret token set there.
      if ('type' in body || 'secret_token' in body) {
        const token = 'secret_token' in body ? body.secret_token : undefined;
        if (typeof token !== 'string' || !timingSafeEqual(digest(token), digest(webhookSecret))) return null;
        const verification = verificationEventSchema.safeParse(body);
        if (verification.success) {
          await verifyWebhook(verification.data.data.webhook_id, verification.data.data.verification_code);
          return { type: 'ignored' };
        }
        const event = paymentEventSchema.safeParse(body);
        const invoiceId = event.data?.data?.invoice_id;
        // Believed only as Moyasar's API states it: the event's own amount and status are not read.
        if (!event.success || !invoiceId) return { type: 'ignored' };
        if (event.data.type === 'payment_paid') return (await lookupPayment(invoiceId)) ?? { type: 'ignored' };
        // A payment not yet final: its checkout is asked about (docs/payments.md, step 2).
        if (NOT_YET_FINAL.includes(event.data.type)) return { type: 'check', sessionId: invoiceId };
        return { type: 'ignored' };
      }
      // An invoice's callback_url call proves nothing: it only names an invoice to ask about.
      const invoice = invoiceCallbackSchema.safeParse(body);
      return invoice.success ? { type: 'check', sessionId: invoice.data.id } : null;
    },
    lookupPayment,
    async refund({ paymentId, amount }) {
      // Moyasar answers with the payment (no refund object of its own): its id names the refund.
      const payment = z
        .object({ id: z.string() })
        .safeParse(await call('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, { amount }));
      if (!payment.success) throw new Error('Moyasar: no payment in the refund answer');
      return { id: payment.data.id };
    },
    async refundedAmount(paymentId) {
      // Fetch Payment: `refunded` is what has been given back of it, in minor units.
      const path = `/payments/${encodeURIComponent(paymentId)}`;
      const payment = z
        .object({ id: z.string(), refunded: z.number().int().nonnegative() })
        .safeParse(await call('GET', path, undefined, LOOKUP_TIMEOUT_MS));
      if (!payment.success || payment.data.id !== paymentId) {
        throw new Error(`Moyasar: unexpected answer for payment ${paymentId}`);
      }
      return payment.data.refunded;
    },
    async expireCheckout(id) {
      await call('PUT', `/invoices/${encodeURIComponent(id)}/cancel`);
    },
  };
}
