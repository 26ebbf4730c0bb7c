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
};

export type WebhookEvent = { type: 'paid' | 'cancelled'; sessionId: string } | { type: 'ignored' };

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Null when the signature does not verify: the event must not be trusted. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): WebhookEvent | null;
}
