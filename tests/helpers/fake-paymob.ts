import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake Paymob received: method, path (with its query), headers and the parsed body. */
export type PaymobCall = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the shop sent.
  body: any;
};

type Intention = {
  id: string;
  clientSecret: string;
  orderId: number;
  amount: number;
  currency: string;
  integrationIds: number[];
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
  expiresAt: number;
  paid: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: a transaction is Paymob's loose JSON; tests override any field.
export type Transaction = Record<string, any>;

const SECRET_KEY = 'egy_sk_test_fake';
const PUBLIC_KEY = 'egy_pk_test_fake';
const API_KEY = 'ZXlKaGJHY2lPaUpJVXpVeE1pSXNJblI1Y0NJNklrcFhWQ0o5.fake';
const HMAC_SECRET = 'fake-paymob-hmac-secret';
const INTEGRATION_IDS = [4097558, 4097559];

/**
 * Paymob's HMAC for a transaction callback, written out as Paymob's "HMAC Transaction Callback"
 * page lists it (the fields' values, concatenated in this order, SHA-512, lowercase hex). Kept
 * apart from the shop's own code on purpose: the shop is checked against the documentation.
 */
export function signTransaction(secret: string, obj: Transaction): string {
  const text = [
    obj.amount_cents,
    obj.created_at,
    obj.currency,
    obj.error_occured,
    obj.has_parent_transaction,
    obj.id,
    obj.integration_id,
    obj.is_3d_secure,
    obj.is_auth,
    obj.is_capture,
    obj.is_refunded,
    obj.is_standalone_payment,
    obj.is_voided,
    obj.order?.id,
    obj.owner,
    obj.pending,
    obj.source_data?.pan,
    obj.source_data?.sub_type,
    obj.source_data?.type,
    obj.success,
  ]
    .map((value) => (value === undefined || value === null ? '' : String(value)))
    .join('');
  return createHmac('sha512', secret).update(text).digest('hex');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local stand-in for the parts of Paymob's API the shop uses, on 127.0.0.1, reached through
 * PAYMOB_API_URL as in production: the Intention API (`POST /v1/intention/`, `Token` secret key,
 * Paymob's error shapes), the unified checkout page (`/unifiedcheckout/?publicKey&clientSecret`)
 * whose pay button (and its declined-card button) sends the signed transaction callback to the intention's notification_url and
 * then sends the browser to its redirection_url with the transaction in the query, and refunds
 * (`POST /api/acceptance/void_refund/refund`, secret key). Reading transactions takes an auth
 * token, as Paymob's "Retrieve A Transaction" page says (https://docs.paymob.com/docs/retrieve-a-transaction):
 * `POST /api/auth/tokens` exchanges the API key for one (an hour's life), and `GET
 * /api/acceptance/transactions/:id` (with `refunded_amount_cents`) and `POST
 * /api/ecommerce/orders/transaction_inquiry` (`order_id`: the order's latest transaction, 404
 * when it has none) take `Authorization: Bearer <token>` only: the secret key is refused there
 * (401), as Paymob does. `failNext` makes the next API answer an error; `payWithoutCallback`
 * records a payment whose callback never comes (a wallet integration, which Paymob documents
 * `notification_url` does not serve, or a lost callback).
 */
export async function startFakePaymob() {
  const calls: PaymobCall[] = [];
  const intentions = new Map<string, Intention>();
  /** Successful payments by transaction id, with what has been refunded of them. */
  const payments = new Map<number, { amount: number; refunded: number; intention: Intention }>();
  /** What the shop answered each callback the hosted page sent. */
  const callbacks: { status: number; body: string }[] = [];
  let failure: { status: number; body: unknown } | undefined;
  /** Auth tokens given out, with when each stops working. */
  const tokens = new Map<string, number>();
  /** Each Paymob order's transactions, oldest first (what the inquiry reads). */
  const transactionsByOrder = new Map<number, Transaction[]>();
  /** Every transaction by its id (what "Retrieve a transaction" reads). */
  const transactionsById = new Map<number, Transaction>();
  /** `refundThenFail`: the next refund is made, then answered with a 500. */
  let refundThenFail = false;
  let count = 0;

  /** A transaction on `intention` as Paymob's processed callback carries it, with `changes` applied. */
  function transactionFor(intention: Intention, changes: Transaction = {}): Transaction {
    count += 1;
    const { order, source_data, ...rest } = changes;
    const obj: Transaction = {
      id: 192_036_000 + count,
      pending: false,
      amount_cents: intention.amount,
      success: true,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: intention.integrationIds[0],
      profile_id: 302_852,
      has_parent_transaction: false,
      order: {
        id: intention.orderId,
        created_at: '2026-06-13T11:32:09.628623',
        delivery_needed: false,
        merchant_order_id: intention.specialReference,
        amount_cents: intention.amount,
        currency: intention.currency,
        payment_status: 'PAID',
        ...order,
      },
      created_at: '2026-06-13T11:33:44.592345',
      currency: intention.currency,
      source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard', ...source_data },
      error_occured: false,
      owner: 302_852,
      data: { message: 'Approved', txn_response_code: 'APPROVED' },
      ...rest,
    };
    const ofOrder = transactionsByOrder.get(intention.orderId) ?? [];
    transactionsByOrder.set(intention.orderId, [...ofOrder, obj]);
    transactionsById.set(Number(obj.id), obj);
    if (obj.success === true && obj.pending === false && obj.has_parent_transaction === false) {
      payments.set(obj.id, { amount: Number(obj.amount_cents), refunded: 0, intention });
      intention.paid = true;
    }
    return obj;
  }

  /** The processed callback's body and its HMAC (the `hmac` query parameter). */
  function callbackOf(obj: Transaction) {
    return {
      obj,
      body: JSON.stringify({
        type: 'TRANSACTION',
        obj,
        issuer_bank: null,
        transaction_processed_callback_responses: '',
      }),
      hmac: signTransaction(HMAC_SECRET, obj),
    };
  }

  const intentionByOrder = (orderId: string | number) => {
    const found = [...intentions.values()].find((intention) => intention.orderId === Number(orderId));
    if (!found) throw new Error(`fake Paymob: no intention for order ${orderId}`);
    return found;
  };

  function page(response: ServerResponse, status: number, body: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Paymob test checkout</title></head>
<body><main><h1>Paymob test checkout</h1>${body}</main></body></html>`);
  }

  function createIntention(body: Record<string, unknown>): [number, unknown] {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return [400, { amount: ['A valid integer is required.'] }];
    }
    const methods = body.payment_methods;
    if (!Array.isArray(methods) || methods.length === 0) return [400, { payment_methods: ['This field is required.'] }];
    if (!methods.every((id) => INTEGRATION_IDS.includes(id))) {
      return [
        404,
        {
          detail:
            'Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab',
        },
      ];
    }
    const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    for (const field of ['name', 'amount']) {
      if (items.some((item) => item[field] === undefined))
        return [400, { items: { [field]: ['This field is required.'] } }];
    }
    if (items.reduce((sum, item) => sum + Number(item.amount), 0) !== amount) {
      return [400, { detail: 'Sum of items amounts is not equal to the intention amount.' }];
    }
    const billing = (body.billing_data ?? {}) as Record<string, unknown>;
    for (const field of ['first_name', 'last_name', 'email', 'phone_number']) {
      const value = billing[field];
      if (typeof value !== 'string' || value.trim() === '' || value === 'NA') {
        return [400, { billing_data: { [field]: ['This field is required.'] } }];
      }
    }
    const reference = String(body.special_reference ?? '');
    if ([...intentions.values()].some((intention) => intention.specialReference === reference)) {
      return [400, { special_reference: ['Special reference must be unique.'] }];
    }
    count += 1;
    const intention: Intention = {
      id: `pi_test_${randomBytes(8).toString('hex')}`,
      clientSecret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      orderId: 217_503_000 + count,
      amount,
      currency: String(body.currency),
      integrationIds: methods as number[],
      specialReference: reference,
      notificationUrl: String(body.notification_url ?? ''),
      redirectionUrl: String(body.redirection_url ?? ''),
      expiresAt: Date.now() + Number(body.expiration ?? 3600) * 1000,
      paid: false,
    };
    intentions.set(intention.clientSecret, intention);
    return [
      201,
      {
        id: intention.id,
        client_secret: intention.clientSecret,
        intention_order_id: intention.orderId,
        special_reference: reference,
        status: 'intended',
        object: 'paymentintention',
        created: new Date().toISOString(),
        intention_detail: { amount, currency: intention.currency, items, billing_data: billing },
        payment_methods: intention.integrationIds.map((id) => ({
          integration_id: id,
          name: 'Card',
          method_type: 'card',
        })),
      },
    ];
  }

  function refund(body: Record<string, unknown>): [number, unknown] {
    const payment = payments.get(Number(body.transaction_id));
    if (!payment) return [404, { detail: 'Not found.' }];
    const amount = Number(body.amount_cents);
    if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount - payment.refunded) {
      return [200, { success: false, id: null, data: { message: 'Refund amount exceeds the refundable amount.' } }];
    }
    payment.refunded += amount;
    count += 1;
    if (refundThenFail) {
      refundThenFail = false;
      return [500, { detail: 'Internal server error.' }];
    }
    return [
      200,
      {
        id: 192_036_000 + count,
        pending: false,
        success: true,
        amount_cents: amount,
        is_refund: true,
        is_refunded: false,
        has_parent_transaction: true,
        parent_transaction: Number(body.transaction_id),
        currency: payment.intention.currency,
        order: { id: payment.intention.orderId, merchant_order_id: payment.intention.specialReference },
        data: { message: 'Approved' },
      },
    ];
  }

  /**
   * The hosted page's pay and decline buttons: the signed callback to the shop, then the browser
   * back to it. Paymob sends both callbacks for a declined transaction as for a paid one
   * (https://developers.paymob.com/paymob-docs/webhook-callbacks-and-hmac/overview: "only if the
   * transaction succeeds or is declined"), with `success` false.
   */
  async function pay(form: URLSearchParams, response: ServerResponse, outcome: 'paid' | 'declined') {
    const intention = intentions.get(form.get('clientSecret') ?? '');
    if (!intention || intention.paid || Date.now() > intention.expiresAt) {
      return page(response, 409, '<p role="alert">This payment can no longer be made.</p>');
    }
    const declined: Transaction = {
      success: false,
      order: { payment_status: 'UNPAID' },
      data: { message: 'Do not honor', txn_response_code: 'DECLINED' },
    };
    const { obj, body, hmac } = callbackOf(transactionFor(intention, outcome === 'declined' ? declined : {}));
    const notify = new URL(intention.notificationUrl);
    notify.searchParams.set('hmac', hmac);
    const answer = await fetch(notify, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    callbacks.push({ status: answer.status, body: await answer.text() });
    // The transaction response callback: the same transaction, flattened into the query.
    const back = new URL(intention.redirectionUrl);
    const flat: Record<string, unknown> = {
      ...obj,
      order: obj.order.id,
      merchant_order_id: obj.order.merchant_order_id,
      'source_data.pan': obj.source_data.pan,
      'source_data.type': obj.source_data.type,
      'source_data.sub_type': obj.source_data.sub_type,
      'data.message': obj.data.message,
      hmac,
    };
    for (const [key, value] of Object.entries(flat)) {
      if (typeof value !== 'object') back.searchParams.set(key, String(value));
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.paymob');
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (url.pathname === '/unifiedcheckout/' && request.method === 'GET') {
        const intention = intentions.get(url.searchParams.get('clientSecret') ?? '');
        if (url.searchParams.get('publicKey') !== PUBLIC_KEY || !intention) {
          return page(response, 404, '<p role="alert">Invalid checkout.</p>');
        }
        const major = (intention.amount / 100).toFixed(2);
        return page(
          response,
          200,
          `<p>Amount: <strong>${escapeHtml(`${intention.currency} ${major}`)}</strong></p>
<form method="post" action="/unifiedcheckout/pay"><input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}"><button type="submit">Pay</button></form>
<form method="post" action="/unifiedcheckout/decline"><input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}"><button type="submit">Pay with a declined card</button></form>`,
        );
      }
      const outcome = { '/unifiedcheckout/pay': 'paid', '/unifiedcheckout/decline': 'declined' } as const;
      if (url.pathname in outcome && request.method === 'POST') {
        pay(new URLSearchParams(raw), response, outcome[url.pathname as keyof typeof outcome]).catch(
          (error: unknown) => {
            page(response, 502, `<p role="alert">${escapeHtml(String(error))}</p>`);
          },
        );
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return answer(400, { detail: 'JSON parse error' });
      }
      calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      if (failure) {
        const { status, body: error } = failure;
        failure = undefined;
        return answer(status, error);
      }
      if (request.method === 'POST' && url.pathname === '/api/auth/tokens') {
        if (body.api_key !== API_KEY) return answer(403, { detail: 'Incorrect credentials' });
        const token = `ZXlK${randomBytes(24).toString('hex')}`;
        tokens.set(token, Date.now() + 3_600_000);
        return answer(201, { token, profile: { id: 302_852 } });
      }
      const read = /^\/api\/acceptance\/transactions\/(\d+)$/.exec(url.pathname);
      const inquiry = request.method === 'POST' && url.pathname === '/api/ecommerce/orders/transaction_inquiry';
      if ((request.method === 'GET' && read?.[1]) || inquiry) {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const until = bearer ? tokens.get(bearer) : undefined;
        if (until === undefined || until < Date.now()) {
          return answer(401, { detail: 'Authentication credentials were not provided.' });
        }
        if (inquiry) {
          const latest = transactionsByOrder.get(Number(body.order_id))?.at(-1);
          return latest ? answer(200, latest) : answer(404, { detail: 'Not found.' });
        }
        const id = Number(read?.[1]);
        const transaction = transactionsById.get(id);
        if (!transaction) return answer(404, { detail: 'Not found.' });
        // The transaction as its callback carried it, with what has been given back of it since.
        const refunded = payments.get(id)?.refunded ?? 0;
        return answer(200, { ...transaction, refunded_amount_cents: refunded, is_refunded: refunded > 0 });
      }
      if (request.headers.authorization !== `Token ${SECRET_KEY}`) return answer(401, { detail: 'Invalid token.' });
      if (request.method === 'POST' && url.pathname === '/v1/intention/') return answer(...createIntention(body));
      if (request.method === 'POST' && url.pathname === '/api/acceptance/void_refund/refund') {
        return answer(...refund(body));
      }
      return answer(404, { detail: 'Not found.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    secretKey: SECRET_KEY,
    publicKey: PUBLIC_KEY,
    apiKey: API_KEY,
    hmacSecret: HMAC_SECRET,
    integrationIds: INTEGRATION_IDS,
    /** The shop's Paymob settings for this server (PAYMOB_* as they would be configured). */
    settings(country: string) {
      return {
        secretKey: SECRET_KEY,
        publicKey: PUBLIC_KEY,
        apiKey: API_KEY,
        hmacSecret: HMAC_SECRET,
        integrationIds: INTEGRATION_IDS,
        apiUrl: url,
        country,
      };
    },
    calls,
    callbacks,
    /** The intention Paymob made for a checkout (by the id the shop was given: the Paymob order id). */
    intention: intentionByOrder,
    /** A transaction on a checkout's intention and its signed processed callback, as Paymob sends it. */
    transaction(orderId: string | number, changes: Transaction = {}) {
      return callbackOf(transactionFor(intentionByOrder(orderId), changes));
    },
    /** A transaction on a checkout's intention that Paymob records but never calls back about. */
    payWithoutCallback(orderId: string | number, changes: Transaction = {}) {
      return transactionFor(intentionByOrder(orderId), changes);
    },
    /** The auth tokens given out so far stop working (their hour is over). */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    /** The next API call answers `status` with Paymob's error body (`{ detail }` unless given). */
    failNext(status: number, body: unknown = { detail: 'Service temporarily unavailable.' }) {
      failure = { status, body };
    },
    /** The next refund is made, then answered with a 500: its answer is lost to the shop. */
    refundThenFail() {
      refundThenFail = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePaymob = Awaited<ReturnType<typeof startFakePaymob>>;
