/** What a card checkout asks of a payment provider. Amounts are minor units. */
export type CheckoutRequest = {
  /** Our checkout session id, echoed back by the provider. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
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

export type WebhookEvent = PaidEvent | { type: 'cancelled'; sessionId: string } | { type: 'ignored' };

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
  /** The built-in test provider: no money moves, and its orders say so everywhere. */
  readonly isTest: boolean;
  /** The request header that carries a webhook's signature. */
  readonly signatureHeader: string;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Null when the signature does not verify: the event must not be trusted. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): WebhookEvent | null;
  /** Gives money back for a confirmed payment; resolves with the provider's refund id. */
  refund(request: RefundRequest): Promise<{ id: string }>;
  /** Ends an unpaid checkout at the provider so it can no longer be paid (best effort). */
  expireCheckout(id: string): Promise<void>;
}

/** The configured card payments: none (cash only), the test provider, or a real one. */
export type PaymentProviderName = 'none' | 'test' | 'stripe';
