import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
 * as production. `failNext` makes the next answer Stripe's error shape with that status.
 */
export async function startFakeStripe() {
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
      if (request.headers.authorization !== 'Bearer sk_test_fake') {
        return answer(401, { error: { message: 'Invalid API Key provided' } });
      }
      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return answer(status, { error: { message } });
      }
      if (path === '/v1/checkout/sessions') {
        sessionCount += 1;
        const id = `cs_test_${sessionCount}`;
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
    secretKey: 'sk_test_fake',
    calls,
    failNext(status: number, message: string) {
      failure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
