import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { contentSecurityPolicy } from '../../src/server/http/security-headers.js';
import { paymentPageOrigin } from '../../src/server/payments/choose.js';
import { createPaymobProvider, signedString } from '../../src/server/payments/paymob-provider.js';
import { checkoutRequest } from '../helpers/checkout-request.js';
import { type FakePaymob, signTransaction, startFakePaymob, type Transaction } from '../helpers/fake-paymob.js';

/*
 * The Paymob provider against a local server that speaks Paymob's Intention and refund APIs
 * (reached through PAYMOB_API_URL, as in production), and its transaction callbacks against
 * callbacks signed the way Paymob's "HMAC Transaction Callback" page says (docs/payments.md § Paymob).
 */

let fake: FakePaymob;
let paymob: ReturnType<typeof createPaymobProvider>;
const expiresAt = () => new Date(Date.now() + 30 * 60_000);
const checkout = (reference: string) =>
  checkoutRequest({
    reference,
    currency: 'EGP',
    customerName: 'سارة   محمد أحمد',
    shippingAddress: { details: 'شارع التحرير 5', phone: '+201012345678', city: 'القاهرة', postalCode: '' },
    expiresAt: expiresAt(),
  });

beforeAll(async () => {
  fake = await startFakePaymob();
  paymob = createPaymobProvider(fake.settings('EG'));
});
afterAll(() => fake.close());

describe('createCheckout', () => {
  it('creates an intention for the amount in minor units, and opens the unified checkout with its client secret', async () => {
    const page = await paymob.createCheckout(checkout('ref-1'));
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/intention/' });
    expect(call?.headers).toMatchObject({
      authorization: `Token ${fake.secretKey}`,
      'content-type': 'application/json',
    });
    expect(call?.body).toMatchObject({
      amount: 34_050,
      currency: 'EGP',
      payment_methods: fake.integrationIds,
      items: [{ name: 'متجر — 2 منتجات', amount: 34_050, quantity: 1 }],
      billing_data: {
        first_name: 'سارة',
        last_name: 'محمد أحمد',
        email: 'buyer@example.com',
        phone_number: '+201012345678',
        street: 'شارع التحرير 5',
        city: 'القاهرة',
        country: 'EG',
        postal_code: 'NA',
        building: 'NA',
        floor: 'NA',
        apartment: 'NA',
        state: 'NA',
      },
      special_reference: 'ref-1',
      notification_url: 'https://shop.example/api/v1/payments/webhook/paymob',
      redirection_url: 'https://shop.example/user/allOrders?paid=1&checkout=ref-1',
    });
    // The checkout's 30 minutes, in seconds.
    expect(call?.body.expiration).toBeGreaterThan(29 * 60);
    expect(call?.body.expiration).toBeLessThanOrEqual(30 * 60);

    const intention = fake.intention(page.id);
    expect(page.id).toBe(String(intention.orderId));
    const url = new URL(page.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/unifiedcheckout/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      publicKey: fake.publicKey,
      clientSecret: intention.clientSecret,
    });
  });

  it('a one-word name is first and last name: Paymob refuses "NA" there', async () => {
    await paymob.createCheckout({ ...checkout('ref-2'), customerName: 'سارة' });
    expect(fake.calls.at(-1)?.body.billing_data).toMatchObject({ first_name: 'سارة', last_name: 'سارة' });
  });

  it('fails with Paymob’s own message: a detail, or the first field error', async () => {
    fake.failNext(404, { detail: 'Integration ID/Name does not exist in our system .' });
    await expect(paymob.createCheckout(checkout('ref-3'))).rejects.toThrow(
      'Paymob: Integration ID/Name does not exist in our system .',
    );
    fake.failNext(400, { billing_data: { phone_number: ['This field is required.'] } });
    await expect(paymob.createCheckout(checkout('ref-4'))).rejects.toThrow(
      'Paymob: billing_data.phone_number: This field is required.',
    );
    fake.failNext(502, 'not json');
    await expect(paymob.createCheckout(checkout('ref-5'))).rejects.toThrow('Paymob: not json');
  });

  it('an answer without an order id or client secret is a failure, not a page', async () => {
    fake.failNext(201, { id: 'pi_1' });
    await expect(paymob.createCheckout(checkout('ref-6'))).rejects.toThrow('Paymob: no intention order id');
  });
});

describe('the transaction callback', () => {
  let orderId: string;
  beforeEach(async () => {
    orderId = (await paymob.createCheckout(checkout(`ref-${Math.random()}`))).id;
  });
  /** The callback as it arrived: `body` exactly, `hmac` in the query. */
  const call = (body: string, hmac: string | undefined) =>
    paymob.parseWebhook({ rawBody: body, header: () => undefined, query: hmac === undefined ? {} : { hmac } });
  const send = (changes: Transaction = {}) => {
    const { body, hmac } = fake.transaction(orderId, changes);
    return call(body, hmac);
  };

  it('the string it signs is Paymob’s, for the sample on its HMAC page', () => {
    const sample = {
      amount_cents: 100_000,
      created_at: '2024-06-13T11:33:44.592345',
      currency: 'EGP',
      error_occured: false,
      has_parent_transaction: false,
      id: 192_036_465,
      integration_id: 4_097_558,
      is_3d_secure: true,
      is_auth: false,
      is_capture: false,
      is_refunded: false,
      is_standalone_payment: true,
      is_voided: false,
      order: { id: 217_503_754 },
      owner: 302_852,
      pending: false,
      source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
      success: true,
    };
    expect(signedString(sample)).toBe(
      '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue',
    );
  });

  it('a successful transaction is a payment of its Paymob order, with its amount, currency and transaction id', async () => {
    const { obj, body, hmac } = fake.transaction(orderId);
    expect(await call(body, hmac)).toEqual({
      type: 'paid',
      sessionId: orderId,
      paymentId: String(obj.id),
      amount: 34_050,
      currency: 'EGP',
    });
    // The HMAC in capitals is the same HMAC.
    expect(await call(body, hmac.toUpperCase())).toMatchObject({ type: 'paid' });
  });

  it('what it reads is all signed: a changed merchant_order_id still names the signed Paymob order', async () => {
    const { body, hmac } = fake.transaction(orderId);
    const changed = JSON.parse(body);
    changed.obj.order.merchant_order_id = 'someone-elses-checkout';
    changed.obj.data.message = 'anything';
    expect(await call(JSON.stringify(changed), hmac)).toMatchObject({ type: 'paid', sessionId: orderId });
  });

  it('a declined, voided or refunded transaction, a refund, an authorisation or another type is no payment', async () => {
    for (const changes of [
      { success: false },
      { is_voided: true },
      { is_refunded: true },
      { has_parent_transaction: true, is_refund: true },
      { is_auth: true },
      { error_occured: true },
    ]) {
      expect(await send(changes), JSON.stringify(changes)).toEqual({ type: 'ignored' });
    }
    const { body, hmac } = fake.transaction(orderId);
    expect(await call(body.replace('"TRANSACTION"', '"TOKEN"'), hmac)).toEqual({ type: 'ignored' });
  });

  it('a pending transaction (a wallet or kiosk payment not yet decided) names its checkout to ask Paymob about', async () => {
    expect(await send({ pending: true, success: false })).toEqual({ type: 'check', sessionId: orderId });
  });

  it('a saved-card callback (`type: "TOKEN"`, signed over other fields) is answered and ignored, never refused', async () => {
    const token = {
      type: 'TOKEN',
      obj: { id: 1, token: 'abc', masked_pan: 'xxxx-2346', merchant_id: 1, card_subtype: 'MasterCard', order_id: 1 },
    };
    expect(await call(JSON.stringify(token), 'a'.repeat(128))).toEqual({ type: 'ignored' });
    expect(await call(JSON.stringify(token), undefined)).toEqual({ type: 'ignored' });
  });

  it('refuses a callback the HMAC does not prove: none, not hex, another secret, another transaction, a changed field', async () => {
    const { obj, body, hmac } = fake.transaction(orderId);
    expect(await call(body, undefined)).toBeNull();
    expect(await call(body, '')).toBeNull();
    expect(await call(body, 'z'.repeat(128))).toBeNull();
    expect(await call(body, hmac.slice(0, 64))).toBeNull();
    expect(await call(body, signTransaction('someone-else', obj))).toBeNull();
    expect(await call(body, fake.transaction(orderId).hmac)).toBeNull();
    for (const [field, value] of [
      ['amount_cents', 1],
      ['currency', 'USD'],
      ['success', false],
      ['pending', true],
      ['id', 1],
    ] as const) {
      expect(
        await call(JSON.stringify({ type: 'TRANSACTION', obj: { ...obj, [field]: value } }), hmac),
        field,
      ).toBeNull();
    }
    const otherOrder = { ...obj, order: { ...obj.order, id: 1 } };
    expect(await call(JSON.stringify({ type: 'TRANSACTION', obj: otherOrder }), hmac)).toBeNull();
    // Not Paymob's shape at all.
    expect(await call('not json', hmac)).toBeNull();
    expect(await call(JSON.stringify({ type: 'TRANSACTION' }), hmac)).toBeNull();
    const objectInSignedField = { ...obj, amount_cents: { value: 34_050 } };
    expect(
      await call(
        JSON.stringify({ type: 'TRANSACTION', obj: objectInSignedField }),
        signTransaction(fake.hmacSecret, objectInSignedField),
      ),
    ).toBeNull();
  });

  it('a callback only names its transaction: digits slid between signed fields verify, but what was paid, and for which order, is Paymob’s answer', async () => {
    const { obj, hmac } = fake.transaction(orderId);
    const forged = (changes: Transaction) =>
      call(JSON.stringify({ type: 'TRANSACTION', obj: { ...obj, ...changes } }), hmac);
    // The signed string has no separators: 34050 + "2026-…" reads as 3405 + "02026-…".
    const lessPaid = { amount_cents: 3405, created_at: `0${obj.created_at}` };
    expect(signTransaction(fake.hmacSecret, { ...obj, ...lessPaid })).toBe(hmac);
    expect(await forged(lessPaid)).toEqual({
      type: 'paid',
      sessionId: orderId,
      paymentId: String(obj.id),
      amount: 34_050,
      currency: 'EGP',
    });
    // The Paymob order id's last digit slid into `owner`: another checkout named, refused.
    const order = String((obj.order as { id: number }).id);
    const otherCheckout = {
      order: { id: Number(order.slice(0, -1)) },
      owner: Number(`${order.slice(-1)}${obj.owner}`),
    };
    expect(signTransaction(fake.hmacSecret, { ...obj, ...otherCheckout })).toBe(hmac);
    expect(await forged(otherCheckout)).toBeNull();
    // A bare order (no object, so no signed `order.id`): the checkout it names is not signed.
    const bare = { order: Number(order.slice(0, -1)), owner: Number(`${order.slice(-1)}${obj.owner}`) };
    expect(await forged(bare)).toBeNull();
  });

  it('an amount or currency that is not Paymob’s usual shape is passed on as a mismatch, never as “unknown”', async () => {
    const event = await send({ amount_cents: 'lots', currency: null });
    expect(event).toMatchObject({ type: 'paid', currency: '' });
    expect(event?.type === 'paid' && Number.isNaN(event.amount)).toBe(true);
  });
});

describe('refund and expire', () => {
  it('refunds a transaction for an amount, with the secret key', async () => {
    const page = await paymob.createCheckout(checkout('ref-refund'));
    const { obj } = fake.transaction(page.id);
    const refund = await paymob.refund({ paymentId: String(obj.id), amount: 10_000, currency: 'EGP', reason: 'x' });
    expect(refund.id).toMatch(/^\d+$/);
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/acceptance/void_refund/refund',
      body: { transaction_id: obj.id, amount_cents: 10_000 },
    });
    expect(call?.headers.authorization).toBe(`Token ${fake.secretKey}`);
    // Paymob answers 200 with success false when it will not refund: an error naming its reason.
    await expect(
      paymob.refund({ paymentId: String(obj.id), amount: 30_000, currency: 'EGP', reason: 'x' }),
    ).rejects.toThrow('Paymob: refund not accepted (Refund amount exceeds the refundable amount.)');
    fake.failNext(404, { detail: 'Not found.' });
    await expect(paymob.refund({ paymentId: '1', amount: 1, currency: 'EGP', reason: 'x' })).rejects.toThrow(
      'Paymob: Not found.',
    );
  });

  it('reads a transaction with an auth token for the API key, kept for later reads and renewed when refused', async () => {
    const reader = createPaymobProvider(fake.settings('EG'));
    const page = await reader.createCheckout(checkout('ref-token'));
    const { obj } = fake.transaction(page.id);
    const tokenCalls = () => fake.calls.filter((call) => call.path === '/api/auth/tokens');
    const before = tokenCalls().length;
    expect(await reader.refundedAmount?.(String(obj.id))).toBe(0);
    expect(await reader.refundedAmount?.(String(obj.id))).toBe(0);
    expect(tokenCalls().length - before).toBe(1);
    expect(tokenCalls().at(-1)?.body).toEqual({ api_key: fake.apiKey });
    const read = fake.calls.at(-1);
    expect(read).toMatchObject({ method: 'GET', path: `/api/acceptance/transactions/${obj.id}` });
    expect(read?.headers.authorization).toMatch(/^Bearer ZXlK/);
    fake.expireTokens();
    expect(await reader.refundedAmount?.(String(obj.id))).toBe(0);
    expect(tokenCalls().length - before).toBe(2);
    // Paymob refuses the secret key there: the credential the shop used to send.
    const withSecretKey = await fetch(`${fake.url}/api/acceptance/transactions/${obj.id}`, {
      headers: { authorization: `Token ${fake.secretKey}` },
    });
    expect(withSecretKey.status).toBe(401);
    // A wrong API key is an error naming Paymob's answer, not a token.
    const wrongKey = createPaymobProvider({ ...fake.settings('EG'), apiKey: 'wrong' });
    await expect(wrongKey.refundedAmount?.(String(obj.id))).rejects.toThrow('Paymob: Incorrect credentials');
  });

  it('asks Paymob whether a checkout was paid: transaction inquiry by its Paymob order id, with the auth token', async () => {
    const page = await paymob.createCheckout(checkout('ref-inquiry'));
    expect(await paymob.lookupPayment?.(page.id)).toBeUndefined();
    fake.payWithoutCallback(page.id, { success: false });
    expect(await paymob.lookupPayment?.(page.id)).toBeUndefined();
    // Not decided yet (a wallet awaiting approval): no answer, so the checkout is not ended.
    fake.payWithoutCallback(page.id, { pending: true, success: false });
    await expect(paymob.lookupPayment?.(page.id)).rejects.toThrow(/still pending/);
    const obj = fake.payWithoutCallback(page.id);
    expect(await paymob.lookupPayment?.(page.id)).toEqual({
      type: 'paid',
      sessionId: page.id,
      paymentId: String(obj.id),
      amount: 34_050,
      currency: 'EGP',
    });
    const inquiry = fake.calls.at(-1);
    expect(inquiry).toMatchObject({
      method: 'POST',
      path: '/api/ecommerce/orders/transaction_inquiry',
      body: { order_id: Number(page.id) },
    });
    expect(inquiry?.headers.authorization).toMatch(/^Bearer /);
  });

  it('a payment id that is not a Paymob transaction id is refused before any call', async () => {
    const before = fake.calls.length;
    await expect(paymob.refund({ paymentId: 'pi_123', amount: 1, currency: 'EGP', reason: 'x' })).rejects.toThrow(
      'not a transaction id',
    );
    expect(fake.calls.length).toBe(before);
  });

  it('ending a checkout calls nothing: Paymob has no call that ends an intention', async () => {
    const before = fake.calls.length;
    await paymob.expireCheckout('217503001');
    expect(fake.calls.length).toBe(before);
  });
});

describe('configuration', () => {
  const env = {
    DATA_DIR: tmpdir(),
    JWT_SECRET: 'x'.repeat(32),
    PAYMENT_PROVIDER: 'paymob',
    PAYMOB_SECRET_KEY: 'egy_sk_live_1',
    PAYMOB_PUBLIC_KEY: 'egy_pk_live_1',
    PAYMOB_API_KEY: 'api-key',
    PAYMOB_HMAC_SECRET: 'hmac',
    PAYMOB_INTEGRATION_IDS: ' 4097558, 4097559 ,4097558',
  };

  it('PAYMENT_PROVIDER=paymob takes its keys, the integration ids as numbers, and Egypt’s host by default', () => {
    expect(loadConfig({ ...env, SHOP_COUNTRY: 'EG' }).payments).toEqual({
      provider: 'paymob',
      paymob: {
        secretKey: 'egy_sk_live_1',
        publicKey: 'egy_pk_live_1',
        apiKey: 'api-key',
        hmacSecret: 'hmac',
        integrationIds: [4_097_558, 4_097_559],
        apiUrl: 'https://accept.paymob.com',
        country: 'EG',
      },
    });
    const ksa = loadConfig({ ...env, PAYMOB_SECRET_KEY: 'ksa_sk_live_1', PAYMOB_API_URL: 'https://ksa.paymob.com/' });
    expect(ksa.payments).toMatchObject({ paymob: { apiUrl: 'https://ksa.paymob.com', country: 'SA' } });
  });

  it('the host is the secret key’s region by default; a Paymob host of another region refuses start-up', () => {
    const hostOf = (secretKey: string, url?: string) => {
      const config = loadConfig({ ...env, PAYMOB_SECRET_KEY: secretKey, ...(url ? { PAYMOB_API_URL: url } : {}) });
      return config.payments.provider === 'paymob' ? config.payments.paymob.apiUrl : undefined;
    };
    expect(hostOf('egy_sk_live_1')).toBe('https://accept.paymob.com');
    expect(hostOf('ksa_sk_test_1')).toBe('https://ksa.paymob.com');
    expect(hostOf('sau_sk_live_1')).toBe('https://ksa.paymob.com');
    expect(hostOf('are_sk_live_1')).toBe('https://uae.paymob.com');
    expect(hostOf('uae_sk_live_1')).toBe('https://uae.paymob.com');
    expect(hostOf('omn_sk_live_1')).toBe('https://oman.paymob.com');
    expect(hostOf('pak_sk_live_1')).toBe('https://pakistan.paymob.com');
    expect(hostOf('sk_live_without_region')).toBe('https://accept.paymob.com');
    // A server that is not Paymob's (a proxy, the tests' local one) is taken as given.
    expect(hostOf('ksa_sk_live_1', 'http://127.0.0.1:9999/')).toBe('http://127.0.0.1:9999');
    expect(() => hostOf('ksa_sk_live_1', 'https://accept.paymob.com')).toThrow(
      /PAYMOB_API_URL https:\/\/accept\.paymob\.com is not the host of PAYMOB_SECRET_KEY's region \(ksa: https:\/\/ksa\.paymob\.com\)/,
    );
    expect(() => hostOf('egy_sk_live_1', 'https://uae.paymob.com')).toThrow(/region \(egy/);
  });

  it('refuses to start without a key, naming each one missing, or with an integration id that is not a number', () => {
    const { PAYMOB_PUBLIC_KEY: _, PAYMOB_HMAC_SECRET: __, ...partial } = env;
    expect(() => loadConfig(partial)).toThrow('PAYMENT_PROVIDER=paymob needs PAYMOB_PUBLIC_KEY, PAYMOB_HMAC_SECRET');
    const { PAYMOB_API_KEY: ___, ...withoutApiKey } = env;
    expect(() => loadConfig(withoutApiKey)).toThrow('PAYMENT_PROVIDER=paymob needs PAYMOB_API_KEY');
    expect(() => loadConfig({ ...env, PAYMOB_INTEGRATION_IDS: ' , ' })).toThrow('needs PAYMOB_INTEGRATION_IDS');
    for (const ids of ['card', '4097558,card', '-1', '0', '1.5', '12345678901234567']) {
      expect(() => loadConfig({ ...env, PAYMOB_INTEGRATION_IDS: ids }), ids).toThrow(
        /PAYMOB_INTEGRATION_IDS: ".*" is not/,
      );
    }
    expect(() => loadConfig({ ...env, PAYMOB_API_URL: 'not a url' })).toThrow(/PAYMOB_API_URL/);
  });

  it('the pages let the no-JS checkout form lead to Paymob’s page, and nowhere else', () => {
    const origin = paymentPageOrigin(loadConfig({ ...env, PAYMOB_SECRET_KEY: 'are_sk_live_1' }).payments);
    expect(origin).toBe('https://uae.paymob.com');
    expect(contentSecurityPolicy('n', origin)).toMatch(/form-action 'self' https:\/\/uae\.paymob\.com$/);
    expect(contentSecurityPolicy('n', paymentPageOrigin({ provider: 'none' }))).toMatch(/form-action 'self'$/);
  });
});

describe('test keys', () => {
  it('a test key (egy_sk_test_…, ksa_sk_test_…) makes test orders; a live key real ones', () => {
    const withKey = (secretKey: string) => createPaymobProvider({ ...fake.settings('EG'), secretKey });
    expect(withKey('egy_sk_test_abc').isTest).toBe(true);
    expect(withKey('ksa_sk_test_abc').isTest).toBe(true);
    expect(withKey('egy_sk_live_abc').isTest).toBe(false);
  });
});
