import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake Moyasar API received: method, path, headers and the JSON body. */
export type MoyasarCall = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
};

type Payment = {
  id: string;
  status: 'paid' | 'refunded';
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  refunded_at: string | null;
  description: string;
  invoice_id: string;
  metadata: Record<string, string> | null;
  source: { type: 'creditcard'; company: 'mada'; name: string; number: string; message: string };
  created_at: string;
  updated_at: string;
};

type Invoice = {
  id: string;
  status: 'initiated' | 'paid' | 'refunded' | 'canceled' | 'expired';
  amount: number;
  currency: string;
  description: string;
  url: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  expired_at: string | null;
  metadata: Record<string, string> | null;
  payments: Payment[];
  created_at: string;
  updated_at: string;
};

const SECRET_KEY = 'sk_test_fake_moyasar';
const CURRENCIES = ['SAR', 'AED', 'BHD', 'KWD', 'QAR', 'USD'];
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const absolute = (value: unknown) => typeof value === 'string' && URL.canParse(value);

/**
 * A local stand-in for the parts of Moyasar's API the shop uses (docs/payments.md § Moyasar), on
 * 127.0.0.1: invoices (create, fetch, cancel), payments (fetch, refund), HTTP Basic with the secret key,
 * errors in Moyasar's `{ type, message, errors }` shape, and `failNext` for an outage. The shop
 * reaches it through MOYASAR_API_URL (`url`), the same code path as production.
 *
 * Webhooks created through the API are verified with the code of their one `webhook_verification`
 * event (`POST /webhooks/:id/verify`, 400 `webhook_verification_invalid` for a wrong code;
 * https://docs.moyasar.com/api/other/webhooks/verify-webhook).
 *
 * It also serves each invoice's hosted page (`/checkout/invoices/:id`): its pay button pays the
 * invoice, sends the `payment_paid` webhook with the secret token to the registered webhook URL
 * (`registerWebhook`, as in Moyasar's dashboard) and the invoice to its callback_url, then sends the
 * browser to the invoice's success_url.
 */
export async function startFakeMoyasar() {
  const calls: MoyasarCall[] = [];
  const invoices = new Map<string, Invoice>();
  let failure: { status: number; message: string } | undefined;
  /** Refunds are answered this long after they are made (a slow gateway); `refundThenFail` answers the next one with a 500. */
  let refundDelayMs = 0;
  let refundThenFail = false;
  let webhook: { url: string; secret: string } | undefined;
  /** Webhooks created through the API and waiting for their verification code ("Verify Webhook"). */
  const unverified = new Map<string, { code: string; verified: boolean; wrongCodes: number }>();
  let origin = '';

  const now = () => new Date().toISOString();
  const send = (response: ServerResponse, status: number, json: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(json));
  };
  const refuse = (response: ServerResponse, status: number, type: string, message: string, errors: unknown = null) =>
    send(response, status, { type, message, errors });

  /** An invoice's status as of now: one past its expired_at can no longer be paid. */
  function current(id: string) {
    const invoice = invoices.get(id);
    if (invoice?.status === 'initiated' && invoice.expired_at && Date.parse(invoice.expired_at) < Date.now()) {
      invoice.status = 'expired';
    }
    return invoice;
  }

  /** Pays the invoice as its hosted page would, with no webhook; `as` overrides what Moyasar then states. */
  function pay(id: string, as: { amount?: number; currency?: string } = {}) {
    const invoice = current(id);
    if (invoice?.status !== 'initiated') throw new Error(`fake Moyasar: invoice ${id} cannot be paid`);
    Object.assign(invoice, as, { status: 'paid', updated_at: now() });
    const payment: Payment = {
      id: randomUUID(),
      status: 'paid',
      amount: invoice.amount,
      fee: 0,
      currency: invoice.currency,
      refunded: 0,
      refunded_at: null,
      description: invoice.description,
      invoice_id: invoice.id,
      metadata: invoice.metadata,
      source: {
        type: 'creditcard',
        company: 'mada',
        name: 'Test Buyer',
        number: '4201-32XX-XXXX-1111',
        message: 'Succeeded! (Test Environment)',
      },
      created_at: now(),
      updated_at: now(),
    };
    invoice.payments.push(payment);
    return payment;
  }

  /** The body of Moyasar's webhook for the invoice's latest payment, with `secret` as its token. */
  function event(invoiceId: string, secret: string, type = 'payment_paid') {
    const data = invoices.get(invoiceId)?.payments.at(-1);
    if (!data) throw new Error(`fake Moyasar: invoice ${invoiceId} has no payment`);
    return JSON.stringify({
      id: randomUUID(),
      type,
      created_at: now(),
      secret_token: secret,
      account_name: 'Matjar test',
      live: false,
      data,
    });
  }

  const post = (url: string, body: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  function hostedPage(response: ServerResponse, invoice: Invoice | undefined) {
    const amount = invoice ? `${(invoice.amount / 100).toFixed(2)} ${invoice.currency}` : '';
    const body =
      invoice?.status === 'initiated'
        ? `<p class="amount">${escapeHtml(amount)}</p><p>${escapeHtml(invoice.description)}</p>
<form method="post" action="/checkout/invoices/${invoice.id}/pay"><button type="submit">ادفع ${escapeHtml(amount)}</button></form>
${invoice.back_url ? `<a href="${escapeHtml(invoice.back_url)}">رجوع</a>` : ''}`
        : '<p role="status">لا يمكن دفع هذه الفاتورة.</p>';
    response.writeHead(invoice ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>ميسّر (تجريبي)</title></head>
<body><main><h1>الدفع عبر ميسّر (صفحة تجريبية)</h1>${body}</main></body></html>`);
  }

  /** The pay button: pays, notifies the shop as Moyasar does, and sends the browser back. */
  async function payOnPage(response: ServerResponse, id: string) {
    const invoice = current(id);
    if (invoice?.status !== 'initiated') return hostedPage(response, invoice);
    pay(id);
    if (webhook) await post(webhook.url, event(id, webhook.secret));
    if (invoice.callback_url) await post(invoice.callback_url, JSON.stringify(invoice));
    response.writeHead(303, { location: invoice.success_url ?? '/' });
    response.end();
  }

  function api(request: IncomingMessage, response: ServerResponse, path: string, body: Record<string, unknown>) {
    const expected = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return refuse(response, 401, 'authentication_error', 'Invalid authorization credentials');
    }
    if (failure) {
      const { status, message } = failure;
      failure = undefined;
      return refuse(response, status, 'api_error', message);
    }
    if (request.method === 'POST' && path === '/invoices') {
      const errors: Record<string, string[]> = {};
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        errors.amount = ['must be an integer of at least 100'];
      }
      if (!CURRENCIES.includes(String(body.currency))) errors.currency = ['is not supported'];
      if (typeof body.description !== 'string' || body.description === '') errors.description = ["can't be blank"];
      for (const key of ['callback_url', 'success_url', 'back_url'] as const) {
        if (body[key] !== undefined && !absolute(body[key])) errors[key] = ['must be an absolute URL'];
      }
      if (body.expired_at !== undefined && Number.isNaN(Date.parse(String(body.expired_at)))) {
        errors.expired_at = ['is not a date'];
      }
      if (Object.keys(errors).length > 0)
        return refuse(response, 400, 'invalid_request_error', 'Validation Failed', errors);
      const id = randomUUID();
      const invoice: Invoice = {
        id,
        status: 'initiated',
        amount: body.amount as number,
        currency: String(body.currency),
        description: String(body.description),
        url: `${origin}/checkout/invoices/${id}`,
        callback_url: (body.callback_url as string | undefined) ?? null,
        success_url: (body.success_url as string | undefined) ?? null,
        back_url: (body.back_url as string | undefined) ?? null,
        expired_at: (body.expired_at as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? null,
        payments: [],
        created_at: now(),
        updated_at: now(),
      };
      invoices.set(id, invoice);
      return send(response, 201, invoice);
    }
    const invoiceMatch = /^\/invoices\/([^/]+)(\/cancel)?$/.exec(path);
    if (invoiceMatch?.[1]) {
      const invoice = current(invoiceMatch[1]);
      if (!invoice) return refuse(response, 404, 'invalid_request_error', 'Object not found');
      if (request.method === 'GET' && !invoiceMatch[2]) return send(response, 200, invoice);
      if (request.method === 'PUT' && invoiceMatch[2]) {
        if (invoice.status !== 'initiated') {
          return refuse(response, 400, 'invalid_request_error', `Invoice cannot be canceled, it is ${invoice.status}`);
        }
        Object.assign(invoice, { status: 'canceled', updated_at: now() });
        return send(response, 200, invoice);
      }
    }
    const verify = /^\/webhooks\/([^/]+)\/verify$/.exec(path);
    if (request.method === 'POST' && verify?.[1]) {
      const pending = unverified.get(verify[1]);
      if (!pending) return refuse(response, 404, 'invalid_request_error', 'Object not found');
      if (pending.wrongCodes >= 5 || body.code !== pending.code) {
        pending.wrongCodes += 1;
        return refuse(response, 400, 'webhook_verification_invalid', 'Verification code is incorrect');
      }
      pending.verified = true;
      return send(response, 200, { id: verify[1], verified: true, verified_at: now() });
    }
    const paymentRead = /^\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && paymentRead?.[1]) {
      const found = [...invoices.values()].flatMap((i) => i.payments).find((p) => p.id === paymentRead[1]);
      return found ? send(response, 200, found) : refuse(response, 404, 'invalid_request_error', 'Object not found');
    }
    const refund = /^\/payments\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refund?.[1]) {
      const found = [...invoices.values()].flatMap((i) => i.payments).find((p) => p.id === refund[1]);
      if (!found) return refuse(response, 404, 'invalid_request_error', 'Object not found');
      const amount = body.amount === undefined ? found.amount - found.refunded : body.amount;
      if (!Number.isInteger(amount) || (amount as number) < 1 || (amount as number) > found.amount - found.refunded) {
        return refuse(response, 400, 'invalid_request_error', 'Refund amount is invalid or more than what is left');
      }
      found.refunded += amount as number;
      Object.assign(found, { refunded_at: now(), updated_at: now() });
      if (found.refunded === found.amount) {
        found.status = 'refunded';
        const invoice = invoices.get(found.invoice_id);
        if (invoice) invoice.status = 'refunded';
      }
      if (refundThenFail) {
        refundThenFail = false;
        return refuse(response, 500, 'api_error', 'Internal server error');
      }
      return send(response, 200, found);
    }
    return refuse(response, 404, 'invalid_request_error', `No route for ${request.method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const path = new URL(request.url ?? '/', origin).pathname;
      const page = /^\/checkout\/invoices\/([^/]+)(\/pay)?$/.exec(path);
      if (page?.[1]) {
        if (request.method === 'POST' && page[2]) {
          payOnPage(response, page[1]).catch((error: unknown) => {
            response.writeHead(500, { 'content-type': 'text/plain' });
            response.end(String(error));
          });
          return;
        }
        return hostedPage(response, current(page[1]));
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return refuse(response, 400, 'invalid_request_error', 'Invalid JSON');
      }
      calls.push({ method: request.method ?? '', path, headers: request.headers, body });
      if (!path.startsWith('/v1/')) return refuse(response, 404, 'invalid_request_error', 'Not found');
      const delay = request.method === 'POST' && path.endsWith('/refund') ? refundDelayMs : 0;
      if (delay > 0) {
        // The refund is made at once; its answer is what is slow (a gateway busy answering).
        const end = response.end.bind(response);
        response.end = ((...args: Parameters<typeof end>) => {
          setTimeout(() => end(...args), delay);
          return response;
        }) as typeof response.end;
      }
      api(request, response, path.slice('/v1'.length), body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** MOYASAR_API_URL for the shop. */
    url: `${origin}/v1`,
    secretKey: SECRET_KEY,
    calls,
    invoices,
    pay,
    event,
    /**
     * A webhook created through the API, not yet verified: the `webhook_verification` event Moyasar
     * sends it once (its id and 6-digit code, with `secret` as the token), as "Verify Webhook" shows it.
     */
    verificationEvent(secret: string) {
      const webhookId = randomUUID();
      const code = String(100_000 + Math.floor(Math.random() * 900_000));
      unverified.set(webhookId, { code, verified: false, wrongCodes: 0 });
      const body = JSON.stringify({
        id: randomUUID(),
        type: 'webhook_verification',
        created_at: now(),
        secret_token: secret,
        account_name: 'Matjar test',
        data: { webhook_id: webhookId, verification_code: code },
      });
      return { webhookId, code, body, verified: () => unverified.get(webhookId)?.verified === true };
    },
    /** Where the pay button sends the `payment_paid` webhook, with its secret token (the dashboard's setting). */
    registerWebhook(url: string, secret: string) {
      webhook = { url, secret };
    },
    failNext(status: number, message: string) {
      failure = { status, message };
    },
    /** Refunds are made at once and answered `ms` later: a slow gateway. */
    slowRefunds(ms: number) {
      refundDelayMs = ms;
    },
    /** The next refund is made, then answered with a 500: its answer is lost to the shop. */
    refundThenFail() {
      refundThenFail = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
