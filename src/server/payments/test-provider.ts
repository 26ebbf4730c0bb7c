import { createHmac, randomUUID } from 'node:crypto';
import type { PaymentProvider } from './provider.js';
import { signPayload, verifySignature } from './signature.js';

export const TEST_SIGNATURE_HEADER = 'x-matjar-signature';

type TestEvent = { type: 'checkout.completed' | 'checkout.cancelled'; sessionId: string; amount?: number };

/**
 * The test provider (PAYMENT_PROVIDER=test, loopback shops only): its hosted page is served by
 * this server (/pay/test/:id) and confirms through the same signed-webhook path a real provider
 * uses. No money moves, so its orders are marked as test orders (docs/payments.md).
 */
export function createTestProvider(secret: string) {
  const provider: PaymentProvider = {
    name: 'test',
    isTest: true,
    async createCheckout(request) {
      const id = `test_${randomUUID().replaceAll('-', '')}`;
      return { id, url: `${request.origin}/pay/test/${id}` };
    },
    async parseWebhook({ rawBody, header }) {
      if (!verifySignature(header(TEST_SIGNATURE_HEADER), rawBody, secret)) return null;
      try {
        const event = JSON.parse(rawBody) as Partial<TestEvent>;
        if (typeof event.sessionId !== 'string') return { type: 'ignored' };
        if (event.type === 'checkout.completed') {
          return { type: 'paid', sessionId: event.sessionId, paymentId: `test_payment_${event.sessionId}` };
        }
        if (event.type === 'checkout.cancelled') return { type: 'cancelled', sessionId: event.sessionId };
        return { type: 'ignored' };
      } catch {
        return null;
      }
    },
    async refund() {
      return { id: `test_refund_${randomUUID().replaceAll('-', '')}` };
    },
    async expireCheckout() {
      // The hosted page reads the session's state from our database: nothing to tell.
    },
  };
  /** The signed event the hosted page sends when the customer pays or cancels. */
  const signedEvent = (event: TestEvent) => {
    const payload = JSON.stringify(event);
    return { payload, signature: signPayload(secret, payload) };
  };
  /** The value of the cookie the hosted page sets and its buttons need: proof the page was opened here. */
  const pageKey = (sessionId: string) => createHmac('sha256', secret).update(`page:${sessionId}`).digest('base64url');
  return { provider, signedEvent, pageKey };
}
