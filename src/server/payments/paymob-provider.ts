import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaidEvent, PaymentProvider } from './provider.js';

export type PaymobSettings = {
  secretKey: string;
  publicKey: string;
  /** The API key: exchanged for the auth token that reading transactions takes (`/api/auth/tokens`). */
  apiKey: string;
  hmacSecret: string;
  /** The integrations (card, wallet…) the unified checkout offers: `payment_methods`. */
  integrationIds: number[];
  apiUrl: string;
  /** The shop's country (ISO 3166-1 alpha-2): the billing address's country. */
  country: string;
};

/**
 * The transaction callback's fields Paymob's HMAC covers, in Paymob's order ("HMAC Transaction
 * Callback", docs/payments.md): their values are concatenated as written (booleans `true`/`false`).
 */
const SIGNED_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The string Paymob signs for a transaction: the signed fields' values, one after another. An
 * absent or null field is empty (as Paymob's own samples write it); undefined when a field is not
 * a plain value, which no callback of Paymob's has.
 */
export function signedString(transaction: Json): string | undefined {
  let text = '';
  for (const field of SIGNED_FIELDS) {
    let value: unknown = transaction;
    for (const key of field.split('.')) value = isObject(value) ? value[key] : undefined;
    if (value === undefined || value === null) continue;
    if (!['string', 'number', 'boolean'].includes(typeof value)) return undefined;
    text += String(value);
  }
  return text;
}

/** Paymob's error answer as one line: `detail`, `message`, or the first field error (`billing_data.phone_number: …`). */
function errorText(answer: unknown, path = ''): string | undefined {
  if (typeof answer === 'string') return path ? `${path}: ${answer}` : answer;
  if (Array.isArray(answer)) return answer.length > 0 ? errorText(answer[0], path) : undefined;
  if (!isObject(answer)) return undefined;
  for (const key of ['detail', 'message']) {
    const text = answer[key];
    if (typeof text === 'string') return text;
  }
  for (const [key, value] of Object.entries(answer)) {
    const text = errorText(value, path ? `${path}.${key}` : key);
    if (text) return text;
  }
  return undefined;
}

/** Paymob answered with an error status. */
class PaymobError extends Error {
  constructor(
    readonly status: number,
    text: string | undefined,
  ) {
    super(`Paymob: ${(text ?? String(status)).slice(0, 300)}`);
  }
}

/** A transaction flag as Paymob writes it: a JSON boolean, or its text in older answers. */
const flag = (value: unknown) => String(value);

/**
 * Paymob's auth tokens live an hour ("Authentication Request"); one is used for 50 minutes, then
 * a new one is asked for (or at once when Paymob refuses it).
 */
const TOKEN_LIFETIME_MS = 50 * 60_000;

/**
 * A transaction (a callback's `obj`, or what Paymob's API states) as a payment: the paid event
 * when it succeeded and is final (not pending, voided, refunded, an authorisation only, in error,
 * or the child of another: refunds, voids); `pending` while Paymob has not decided; undefined
 * otherwise (declined, or no order or transaction named).
 */
function paymentOf(transaction: Json): PaidEvent | { type: 'pending'; sessionId: string } | undefined {
  const orderId = isObject(transaction.order) ? transaction.order.id : transaction.order;
  if (orderId === undefined || orderId === null || transaction.id === undefined || transaction.id === null) {
    return undefined;
  }
  if (flag(transaction.pending) === 'true') return { type: 'pending', sessionId: String(orderId) };
  const paid =
    flag(transaction.success) === 'true' &&
    ['is_voided', 'is_refunded', 'has_parent_transaction', 'is_auth', 'error_occured'].every(
      (field) => flag(transaction[field]) === 'false',
    );
  if (!paid) return undefined;
  return {
    type: 'paid',
    sessionId: String(orderId),
    paymentId: String(transaction.id),
    // Never undefined: a missing or odd value is a mismatch, handled by the checkout.
    amount: Number(transaction.amount_cents),
    currency: typeof transaction.currency === 'string' ? transaction.currency.toUpperCase() : '',
  };
}

/**
 * Paymob's Intention API and unified checkout (docs/payments.md § Paymob): an intention per
 * checkout, the customer pays on Paymob's page, and only the transaction callback signed with the
 * HMAC secret confirms a payment. Everything read from a callback is under that HMAC: the Paymob
 * order id names the checkout, the amount and currency are checked against it, and the
 * transaction id is what a refund names. `apiUrl` is Paymob's regional host, or a local server
 * that speaks the same API in tests.
 */
export function createPaymobProvider(settings: PaymobSettings): PaymentProvider {
  const { secretKey, publicKey, apiKey, hmacSecret, integrationIds, apiUrl, country } = settings;

  /** Paymob's answer; an error status throws a PaymobError. */
  async function send(method: 'GET' | 'POST', path: string, authorization: string | undefined, body?: Json) {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer: unknown = await response.json().catch(() => ({}));
    if (!response.ok) throw new PaymobError(response.status, errorText(answer));
    return isObject(answer) ? answer : {};
  }

  /** The Intention and refund APIs: the secret key. */
  const call = (method: 'GET' | 'POST', path: string, body?: Json) => send(method, path, `Token ${secretKey}`, body);

  let token: { value: Promise<string>; until: number } | undefined;
  /** An auth token for the API key ("Authentication Request"), shared by concurrent calls and renewed. */
  function authToken(renew: boolean): Promise<string> {
    if (!renew && token && token.until > Date.now()) return token.value;
    const value = send('POST', '/api/auth/tokens', undefined, { api_key: apiKey }).then((answer) => {
      if (typeof answer.token !== 'string' || !answer.token) throw new Error('Paymob: no auth token');
      return answer.token;
    });
    token = { value, until: Date.now() + TOKEN_LIFETIME_MS };
    // A failed request is not kept: the next call asks again.
    value.catch(() => {
      if (token?.value === value) token = undefined;
    });
    return value;
  }

  /**
   * Reading transactions ("Retrieve a transaction", "Transaction inquiry") takes an auth token,
   * not the secret key: a token Paymob refuses (401, expired early) is renewed once.
   */
  async function withToken(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
    try {
      return await send(method, path, `Bearer ${await authToken(false)}`, body);
    } catch (error) {
      if (!(error instanceof PaymobError && error.status === 401)) throw error;
      return send(method, path, `Bearer ${await authToken(true)}`, body);
    }
  }

  /** A transaction id as Paymob writes it (digits, within a safe integer): what a refund names. */
  const transactionId = (paymentId: string) => {
    if (!/^\d{1,15}$/.test(paymentId)) throw new Error(`Paymob: ${paymentId} is not a transaction id`);
    return Number(paymentId);
  };

  /** "Retrieve a transaction" (auth token): the transaction as Paymob states it (older answers wrap it in `obj`). */
  async function readTransaction(paymentId: string): Promise<Json> {
    const answer = await withToken('GET', `/api/acceptance/transactions/${transactionId(paymentId)}`);
    return isObject(answer.obj) ? answer.obj : answer;
  }

  return {
    name: 'paymob',
    // Test keys (egy_sk_test_…, ksa_sk_test_…) take Paymob's test cards: no money moves.
    isTest: /^[a-z]+_sk_test_/.test(secretKey),
    async createCheckout(request) {
      const address = request.shippingAddress;
      // First and last name must be real (Paymob refuses "NA" there); a one-word name is both.
      const [first = request.customerEmail, ...rest] = request.customerName.trim().split(/\s+/).filter(Boolean);
      const item = request.description.slice(0, 50);
      const answer = await call('POST', '/v1/intention/', {
        amount: request.amount,
        currency: request.currency,
        payment_methods: integrationIds,
        items: [{ name: item, amount: request.amount, description: request.description, quantity: 1 }],
        // Fields the shop does not know are "NA", as Paymob asks (docs/payments.md § Paymob).
        billing_data: {
          first_name: first,
          last_name: rest.join(' ') || first,
          email: request.customerEmail,
          phone_number: address.phone,
          street: address.details,
          building: 'NA',
          floor: 'NA',
          apartment: 'NA',
          city: address.city,
          state: 'NA',
          country,
          postal_code: address.postalCode || 'NA',
          shipping_method: 'NA',
        },
        customer: { first_name: first, last_name: rest.join(' ') || first, email: request.customerEmail },
        special_reference: request.reference,
        notification_url: `${request.origin}/api/v1/payments/webhook/paymob`,
        redirection_url: request.successUrl,
        // Seconds until our checkout ends; a payment after it is still handled (docs/payments.md step 5).
        expiration: Math.max(1, Math.ceil((request.expiresAt.getTime() - Date.now()) / 1000)),
      });
      const orderId = Number(answer.intention_order_id);
      const secret = answer.client_secret;
      if (!Number.isSafeInteger(orderId) || orderId <= 0 || typeof secret !== 'string' || !secret) {
        throw new Error('Paymob: no intention order id or client secret');
      }
      const page = `${apiUrl}/unifiedcheckout/?${new URLSearchParams({ publicKey, clientSecret: secret })}`;
      // The Paymob order id is what the transaction callback signs (`order.id`): the checkout's id.
      return { id: String(orderId), url: page };
    },
    async parseWebhook({ rawBody, query }) {
      let callback: unknown;
      try {
        callback = JSON.parse(rawBody);
      } catch {
        return null;
      }
      // A saved-card callback ("Card Token Callback", `type: "TOKEN"`) pays nothing and the shop
      // keeps no cards: answered 200 so Paymob does not send it again, and not read.
      if (isObject(callback) && callback.type === 'TOKEN') return { type: 'ignored' };
      const given = query.hmac;
      if (!given || !/^[0-9a-fA-F]{128}$/.test(given)) return null;
      if (!isObject(callback) || !isObject(callback.obj)) return null;
      const transaction = callback.obj;
      const text = signedString(transaction);
      if (text === undefined) return null;
      const expected = createHmac('sha512', hmacSecret).update(text).digest();
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      if (callback.type !== 'TRANSACTION') return { type: 'ignored' };
      // The signed order is an object whose id names the checkout; a bare value there is not signed.
      if (!isObject(transaction.order)) return null;
      // A declined attempt ends nothing: the customer may try again on the same page until the
      // checkout expires. A pending one (wallets, kiosks) is asked about at Paymob
      // (docs/payments.md, step 2).
      const payment = paymentOf(transaction);
      if (payment?.type === 'pending') return { type: 'check', sessionId: payment.sessionId };
      if (!payment) return { type: 'ignored' };
      // Paymob's signed string joins the fields without separators, so digits can slide between
      // neighbours (amount into created_at, order id into owner) and still verify, and the return
      // page's query carries a valid hmac any customer can read (SECURITY.md § 6). A signed callback
      // only says which transaction to read: what was paid, and for which order, is Paymob's own
      // answer ("Retrieve a transaction"), as Moyasar's invoice is.
      const paymentId = String(transaction.id);
      if (!/^\d{1,15}$/.test(paymentId)) return null;
      const stated = paymentOf(await readTransaction(paymentId));
      if (stated?.type === 'pending') return { type: 'check', sessionId: stated.sessionId };
      if (!stated) return { type: 'ignored' };
      if (stated.paymentId !== paymentId || stated.sessionId !== payment.sessionId) return null;
      return stated;
    },
    async lookupPayment(orderId) {
      // Transaction inquiry by Paymob's order id: the order's transaction as Paymob states it.
      const answer = await withToken('POST', '/api/ecommerce/orders/transaction_inquiry', {
        order_id: transactionId(orderId),
      }).catch((error: unknown) => {
        // No transaction on the order yet: nothing was paid.
        if (error instanceof PaymobError && error.status === 404) return undefined;
        throw error;
      });
      if (!answer) return undefined;
      const payment = paymentOf(isObject(answer.obj) ? answer.obj : answer);
      // Not decided yet (a wallet awaiting its customer's approval): the checkout stays open and is
      // asked again after its claim's lease, rather than ended while the money may still come.
      if (payment?.type === 'pending') throw new Error(`Paymob: order ${orderId}'s payment is still pending`);
      // Only a payment of this very order: an answer naming another is not believed.
      return payment?.type === 'paid' && payment.sessionId === orderId ? payment : undefined;
    },
    async refund({ paymentId, amount }) {
      const answer = await call('POST', '/api/acceptance/void_refund/refund', {
        transaction_id: transactionId(paymentId),
        amount_cents: amount,
      });
      if (flag(answer.success) !== 'true' || answer.id === undefined || answer.id === null) {
        const data = isObject(answer.data) ? answer.data : {};
        throw new Error(`Paymob: refund not accepted (${errorText(data) ?? 'no reason given'})`);
      }
      return { id: String(answer.id) };
    },
    async refundedAmount(paymentId) {
      // Retrieve a transaction: `refunded_amount_cents` is what has been given back of it.
      const transaction = await readTransaction(paymentId);
      const raw = transaction.refunded_amount_cents;
      const refunded =
        typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw)) ? Number(raw) : Number.NaN;
      if (String(transaction.id) !== paymentId || !Number.isSafeInteger(refunded) || refunded < 0) {
        throw new Error(`Paymob: unexpected answer for transaction ${paymentId}`);
      }
      return refunded;
    },
    async expireCheckout() {
      // Paymob has no call that ends an intention: its `expiration` ends the page, and a payment
      // after our checkout ended is refunded (docs/payments.md step 5).
    },
  };
}
