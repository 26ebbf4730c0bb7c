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

/** A Checkout Session as the fake keeps it: the fields the shop reads. */
type Session = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string;
};

/**
 * A local stand-in for the parts of Stripe's REST API the shop uses, on 127.0.0.1: the shop
 * reaches it through STRIPE_API_URL, the same code path as production. As Stripe's API reference
 * describes them ("Checkout Sessions": create, retrieve, expire; "Refunds": create,
 * https://docs.stripe.com/api/checkout/sessions): a session is `open` and `unpaid` until paid
 * (`complete`, `paid`, with its PaymentIntent); retrieving an unknown one is 404 `No such
 * checkout.session`; only an open session can be expired (400 otherwise). `failNext` makes the
 * next answer Stripe's error shape with that status; `payWithoutWebhook` pays a session whose
 * webhook never comes (a lost or misconfigured endpoint). `live` takes a live-mode key
 * (`sk_live_…`) instead of a test-mode one, as Stripe's two modes do, so the shop's orders are
 * real ones (not test orders).
 */
export async function startFakeStripe({ live = false } = {}) {
  const secretKey = live ? 'sk_live_fake' : 'sk_test_fake';
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Session>();
  let failure: { status: number; message: string } | undefined;
  let sessionCount = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const path = request.url ?? '';
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push({ method: request.method ?? '', path, headers: request.headers, form });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      const invalid = (status: number, message: string) =>
        answer(status, { error: { type: 'invalid_request_error', message } });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, { error: { message: 'Invalid API Key provided' } });
      }
      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return answer(status, { error: { message } });
      }
      if (path === '/v1/checkout/sessions' && request.method === 'POST') {
        sessionCount += 1;
        const id = `cs_${live ? 'live' : 'test'}_${sessionCount}`;
        const session: Session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total:
            Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
          currency: form['line_items[0][price_data][currency]'] ?? '',
          client_reference_id: form.client_reference_id ?? '',
        };
        sessions.set(id, session);
        return answer(200, session);
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      if (one?.[1]) {
        const session = sessions.get(decodeURIComponent(one[1]));
        if (!session) return invalid(404, `No such checkout.session: '${one[1]}'`);
        if (!one[2] && request.method === 'GET') return answer(200, session);
        if (one[2] && request.method === 'POST') {
          if (session.status !== 'open') {
            return invalid(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
          }
          session.status = 'expired';
          return answer(200, session);
        }
      }
      if (path === '/v1/refunds' && request.method === 'POST') {
        return answer(200, { id: `re_${calls.length}`, object: 'refund', status: 'succeeded' });
      }
      return invalid(404, `Unrecognized request URL (${request.method}: ${path})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    calls,
    /** A session as Stripe would answer it now. */
    session(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake Stripe: no session ${id}`);
      return session;
    },
    /** The customer pays the session (optionally another amount or currency); no webhook is sent. */
    payWithoutWebhook(id: string, changes: Partial<Pick<Session, 'amount_total' | 'currency'>> = {}) {
      const session = this.session(id);
      if (session.status !== 'open') throw new Error(`fake Stripe: session ${id} is ${session.status}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${id}` }, changes);
      return session;
    },
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
