import type { ShippingAddress } from '../../db/schema.js';

/** What a card checkout asks of a payment provider. Amounts are minor units. */
export type CheckoutRequest = {
  /** Our checkout session id, echoed back by the provider. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  /** The customer's name and the order's address (with its phone): a gateway's billing data (Paymob). */
  customerName: string;
  shippingAddress: ShippingAddress;
  successUrl: string;
  cancelUrl: string;
  /** Our own origin, for providers hosted by this server. */
  origin: string;
  /** After this the provider's page must no longer take the payment. */
  expiresAt: Date;
};

/** A payment the provider confirmed; amount (minor units) and currency when the event says them. */
export type PaidEvent = {
  type: 'paid';
  sessionId: string;
  /** What a refund names (Stripe: the PaymentIntent). */
  paymentId?: string | undefined;
  amount?: number | undefined;
  currency?: string | undefined;
};

/**
 * What a webhook call means. `check`: the call proves nothing (no signature or token), but names a
 * checkout the provider may have been paid for; the shop asks the provider (`lookupPayment`) as
 * the thank-you page's poll does, so nothing from the call's body is believed.
 */
export type WebhookEvent =
  | PaidEvent
  | { type: 'cancelled'; sessionId: string }
  | { type: 'check'; sessionId: string }
  | { type: 'ignored' };

/**
 * A webhook call as it arrived: the exact body (signatures are over its bytes), the headers (a
 * signature header) and the query (Paymob sends its HMAC there).
 */
export type WebhookRequest = {
  rawBody: string;
  header(name: string): string | undefined;
  query: Readonly<Record<string, string | undefined>>;
};

export type RefundRequest = {
  paymentId: string;
  amount: number;
  currency: string;
  reason: string;
  /** The same key makes the same refund once, however often it is asked (a retry after a lost answer). */
  idempotencyKey?: string;
};

export interface PaymentProvider {
  readonly name: string;
  /**
   * No real money moves: the built-in test provider, or a gateway used with its test keys (docs/payments.md
   * § Test orders). Its orders say so everywhere, and the payment screen says so before paying.
   */
  readonly isTest: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * Null when the call does not prove it comes from the provider (signature, token): the event must
   * not be trusted. May ask the provider's API before answering (to confirm a payment).
   */
  parseWebhook(request: WebhookRequest): Promise<WebhookEvent | null>;
  /** Gives money back for a confirmed payment; resolves with the provider's refund id. */
  refund(request: RefundRequest): Promise<{ id: string }>;
  /**
   * What the provider says it has refunded of the payment (minor units), for providers whose
   * refunds take no idempotency key: a retry after an unknown outcome asks this first, so a
   * refund carried out whose answer was lost is not made again (SECURITY.md § 6).
   */
  refundedAmount?(paymentId: string): Promise<number>;
  /** Ends an unpaid checkout at the provider so it can no longer be paid (best effort). */
  expireCheckout(id: string): Promise<void>;
  /**
   * Asks the provider whether the checkout `id` (what createCheckout returned) was paid: the paid
   * event as the provider's API states it, or undefined while it is not. Lets a late webhook's
   * checkout complete when its customer comes back (docs/payments.md, step 3).
   */
  lookupPayment?(id: string): Promise<PaidEvent | undefined>;
  /** The smallest amount (minor units) the provider takes; a smaller checkout is refused before it opens. */
  readonly minimumAmount?: number;
}
