import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPayload } from '../../src/server/payments/signature.js';

/** A request the fake Stripe received: method, path, headers and the url-encoded form. */
export type StripeCall = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
};

/**
 * A local stand-in for the parts of Stripe's REST API the shop uses (Checkout Sessions, their
 * expiry, refunds), on 127.0.0.1: the shop reaches it through STRIPE_API_URL, the same code path
 * as production. `failNext` makes the next answer Stripe's error shape with that status. `live`
 * takes a live-mode key (`sk_live_…`) instead of a test-mode one, as Stripe's two modes do, so the
 * shop's orders are real ones (not test orders).
 */
export async function startFakeStripe({ live = false } = {}) {
  const secretKey = live ? 'sk_live_fake' : 'sk_test_fake';
  const calls: StripeCall[] = [];
  let failure: { status: number; message: string } | undefined;
  let sessionCount = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const path = request.url ?? '';
      calls.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, { error: { message: 'Invalid API Key provided' } });
      }
      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return answer(status, { error: { message } });
      }
      if (path === '/v1/checkout/sessions') {
        sessionCount += 1;
        const id = `cs_${live ? 'live' : 'test'}_${sessionCount}`;
        return answer(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (expire) return answer(200, { id: expire[1], object: 'checkout.session', status: 'expired' });
      if (path === '/v1/refunds')
        return answer(200, { id: `re_${calls.length}`, object: 'refund', status: 'succeeded' });
      return answer(404, { error: { message: `Unrecognized request URL (${request.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    calls,
    failNext(status: number, message: string) {
      failure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What Stripe posts to the webhook when a Checkout Session of `amount` (minor units) is paid
 * (`checkout.session.completed`, `payment_status: paid`, its PaymentIntent `pi_<session id>`),
 * signed with the webhook's secret as Stripe signs it.
 */
export function stripePaidEvent(webhookSecret: string, sessionId: string, amount: number, currency = 'sar') {
  const payload = JSON.stringify({
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        payment_status: 'paid',
        payment_intent: `pi_${sessionId}`,
        amount_total: amount,
        currency,
      },
    },
  });
  return {
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(webhookSecret, payload) },
  };
}
