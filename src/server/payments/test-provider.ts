import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './provider.js';
import { signPayload, verifySignature } from './signature.js';

export const TEST_SIGNATURE_HEADER = 'x-matjar-signature';

type TestEvent = { type: 'checkout.completed' | 'checkout.cancelled'; sessionId: string };

/**
 * A provider for shops without Stripe: its hosted page is served by this server (/pay/test/:id)
 * and confirms through the same signed-webhook path a real provider uses.
 */
export function createTestProvider(secret: string) {
  const provider: PaymentProvider = {
    name: 'test',
    async createCheckout(request) {
      const id = `test_${randomUUID().replaceAll('-', '')}`;
      return { id, url: `${request.origin}/pay/test/${id}` };
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!verifySignature(signatureHeader, rawBody, secret)) return null;
      try {
        const event = JSON.parse(rawBody) as Partial<TestEvent>;
        if (typeof event.sessionId !== 'string') return { type: 'ignored' };
        if (event.type === 'checkout.completed') return { type: 'paid', sessionId: event.sessionId };
        if (event.type === 'checkout.cancelled') return { type: 'cancelled', sessionId: event.sessionId };
        return { type: 'ignored' };
      } catch {
        return null;
      }
    },
  };
  /** The signed event the hosted page sends when the customer pays or cancels. */
  const signedEvent = (event: TestEvent) => {
    const payload = JSON.stringify(event);
    return { payload, signature: signPayload(secret, payload) };
  };
  return { provider, signedEvent };
}
