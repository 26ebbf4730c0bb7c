import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListEnvelope, Order, Product } from '../../src/contract/types';
import { type FakePaymob, startFakePaymob } from '../helpers/fake-paymob';
import { type ServerProcess, startServer } from '../helpers/server';
import { expect, request, test } from './fixtures';
import { PASSWORD, PLACED_ORDER_URL, uniqueEmail } from './support';

/**
 * An Egyptian shop paying through Paymob (docs/payments.md § Paymob): its own server process with
 * PAYMENT_PROVIDER=paymob and PAYMOB_API_URL pointing at a local server that speaks Paymob's API
 * and serves its unified checkout page. The customer pays there; Paymob's signed callback makes
 * the order, and the browser comes back to the thank-you page.
 */

let fake: FakePaymob;
let shop: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A shop of its own: it starts, migrates and seeds the demo catalogue.
  test.setTimeout(120_000);
  fake = await startFakePaymob();
  dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-e2e-paymob-'));
  shop = await startServer({
    dataDir,
    timeoutMs: 110_000,
    env: {
      SERVE_WEB: 'true',
      SEED_DEMO: 'true',
      SHOP_COUNTRY: 'EG',
      PAYMENT_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: fake.secretKey,
      PAYMOB_PUBLIC_KEY: fake.publicKey,
      PAYMOB_API_KEY: fake.apiKey,
      PAYMOB_HMAC_SECRET: fake.hmacSecret,
      PAYMOB_INTEGRATION_IDS: fake.integrationIds.join(','),
      PAYMOB_API_URL: fake.url,
    },
  });
});

test.afterAll(async () => {
  await shop?.kill();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a declined card on Paymob’s page comes back to the payment screen; paid on a second try, to the thank-you page', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const api = await request.newContext({ baseURL: shop.origin });
  const customer = { name: 'سارة أحمد', email: uniqueEmail('paymob'), password: PASSWORD, phone: '01012345678' };
  expect((await api.post('/api/v1/auth/signup', { data: { ...customer, passwordConfirm: PASSWORD } })).status()).toBe(
    201,
  );
  const { token } = await (await api.post('/api/v1/auth/login', { data: customer })).json();
  const headers = { authorization: `Bearer ${token}` };
  const address = { alias: 'المنزل', details: 'شارع التحرير 5، الدقي', phone: '01012345678', city: 'الجيزة' };
  const saved = await api.post('/api/v1/addresses', { headers, data: address });
  expect(saved.status(), await saved.text()).toBe(200);
  const addressId = ((await saved.json()).data as { _id: string; alias: string }[]).find(
    (a) => a.alias === 'المنزل',
  )?._id;
  const { data: products } = (await (await api.get('/api/v1/products?limit=50')).json()) as ListEnvelope<Product>;
  // One without colours to choose from: the cart takes it as it is.
  const product = products.find((p) => p.availableColors.length === 0 && p.quantity > 0);
  if (!product || !addressId) throw new Error('no product or address');
  const added = await api.post('/api/v1/cart', { headers, data: { productId: product.id } });
  expect(added.ok(), await added.text()).toBe(true);

  const context = await browser.newContext({ baseURL: shop.origin, locale: 'ar' });
  await context.addCookies([
    { name: 'matjar_session', value: token, url: shop.origin, httpOnly: true, sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  await page.goto('/order/paymethoud');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /الدفع بالبطاقة/ }).check();
  await main.getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(addressId);
  const paymob = page;
  const toPaymob = async () => {
    await main.getByRole('button', { name: 'إتمام الشراء' }).click();
    // Paymob's unified checkout, in the same tab, opened with the public key and the intention's client secret.
    await expect(paymob).toHaveURL(
      new RegExp(`^${fake.url}/unifiedcheckout/\\?publicKey=${fake.publicKey}&clientSecret=egy_csk_test_[0-9a-f]+$`),
    );
    await expect(paymob.getByRole('heading', { name: 'Paymob test checkout' })).toBeVisible();
  };
  await toPaymob();
  // A declined card: Paymob sends the customer back with success=false; the payment screen says
  // the payment was not made, card still chosen, and no order exists.
  await paymob.getByRole('button', { name: 'Pay with a declined card' }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${shop.origin}/order/paymethoud\\?payment=cancelled&checkout=[0-9a-f-]{36}$`),
  );
  await expect(main.getByRole('alert')).toContainText('لم يكتمل الدفع بالبطاقة');
  await expect(main.getByRole('radio', { name: /الدفع بالبطاقة/ })).toBeChecked();
  expect((await (await api.get('/api/v1/orders', { headers })).json()).results).toBe(0);

  // A second attempt, paid.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await toPaymob();
  await paymob.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back in the shop: the order exists (made by the signed callback, not by the return) and is thanked for.
  await expect(paymob).toHaveURL(new RegExp(`^${shop.origin}${PLACED_ORDER_URL.source.slice(1)}`));
  await expect(
    paymob.locator('[data-sonner-toast]').filter({ hasText: 'تم استلام الدفع وتأكيد طلبك رقم' }),
  ).toBeVisible();
  await expect(paymob.getByRole('main').getByRole('heading', { name: 'شكراً لطلبك' })).toBeVisible();
  // Both callbacks answered: the declined one ends nothing, the paid one makes the order.
  expect(fake.callbacks).toEqual([
    { status: 200, body: JSON.stringify({ received: true }) },
    { status: 200, body: JSON.stringify({ received: true }) },
  ]);
  const orders = (await (await api.get('/api/v1/orders', { headers })).json()) as ListEnvelope<Order>;
  expect(orders.results).toBe(1);
  expect(orders.data[0]).toMatchObject({ paymentMethodType: 'card', isPaid: true, isTest: true });
  await context.close();
  await api.dispose();
});
