import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ListEnvelope, Order, Product } from '../../src/contract/types';
import { formatCode } from '../../src/web/lib/format';
import { startFakeMoyasar } from '../helpers/fake-moyasar';
import { killAllServers, type ServerProcess, startServer, TEST_ADMIN } from '../helpers/server';
import { type APIRequestContext, expect, test } from './fixtures';
import { apiToken, bearer, createCustomer, PLACED_ORDER_URL, signInWithCookie, toast } from './support';

/**
 * A shop with PAYMENT_PROVIDER=moyasar (its own server process, on the web build) against a local
 * server that speaks Moyasar's API and serves its hosted invoice page (docs/payments.md § Moyasar):
 * the customer pays there and lands on the thank-you page.
 */

const WEBHOOK_SECRET = 'e2e-moyasar-webhook-token';
let fake: Awaited<ReturnType<typeof startFakeMoyasar>>;
let shop: ServerProcess;
let api: APIRequestContext;
let dataDir: string;

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  fake = await startFakeMoyasar();
  dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-e2e-moyasar-'));
  shop = await startServer({
    dataDir,
    env: {
      SERVE_WEB: 'true',
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_SECRET_KEY: fake.secretKey,
      MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MOYASAR_API_URL: fake.url,
    },
  });
  // What the shop owner sets in Moyasar's dashboard (Settings → Webhooks).
  fake.registerWebhook(`${shop.origin}/api/v1/payments/webhook/moyasar`, WEBHOOK_SECRET);
  api = await playwright.request.newContext({ baseURL: shop.origin });
});

test.afterAll(async () => {
  await api?.dispose();
  await killAllServers();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A product of 150.00 SAR made by staff through the API. */
async function createProduct(): Promise<Product> {
  const admin = bearer(await apiToken(api, TEST_ADMIN));
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const category = await api.post('/api/v1/categories', {
    headers: admin,
    multipart: { name: 'قسم ميسّر', image: { name: 'c.png', mimeType: 'image/png', buffer: image } },
  });
  expect(category.status(), await category.text()).toBe(201);
  const product = await api.post('/api/v1/products', {
    headers: admin,
    multipart: {
      title: 'مصباح مكتب',
      description: 'منتج لاختبار الدفع عبر ميسّر',
      quantity: '5',
      price: '150',
      category: (await category.json()).data._id,
      imageCover: { name: 'p.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  return (await product.json()).data as Product;
}

test('card through Moyasar: «رجوع» comes back to the payment screen; paid on its hosted page, back on the thank-you page', async ({
  page,
  context,
}) => {
  const product = await createProduct();
  const customer = await createCustomer(api, 'نورة العتيبي');
  const address = await api.post('/api/v1/addresses', {
    headers: bearer(customer.token),
    data: { alias: 'المنزل', details: 'شارع الأمير سلطان 5', phone: '0551234567', city: 'الرياض' },
  });
  expect(address.status(), await address.text()).toBe(200);
  const addressId = ((await address.json()).data as { _id: string; alias: string }[])[0]?._id ?? '';
  expect(
    (await api.post('/api/v1/cart', { headers: bearer(customer.token), data: { productId: product.id } })).ok(),
  ).toBe(true);

  await signInWithCookie(context, shop.origin, customer.token);
  await page.goto(`${shop.origin}/order/paymethoud`);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /الدفع بالبطاقة/ }).check();
  // With Moyasar's test keys the payment screen says no money will move.
  await expect(main.getByText(/^وضع تجريبي:/)).toBeVisible();
  await main.getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(addressId);
  const moyasar = page;
  const toMoyasar = async () => {
    await main.getByRole('button', { name: 'إتمام الشراء' }).click();
    // Moyasar's page, in the same tab, for the amount the server computed: 150.00 SAR as 15000 halalas.
    await expect(moyasar).toHaveURL(new RegExp(`^${fake.url.replace('/v1', '')}/checkout/invoices/[0-9a-f-]{36}$`));
    const invoice = [...fake.invoices.values()].at(-1);
    expect(invoice).toMatchObject({ amount: 15_000, currency: 'SAR', status: 'initiated' });
    return invoice;
  };
  await toMoyasar();
  // Moyasar's «رجوع» (the invoice's back_url): the payment screen says the payment was not made.
  await moyasar.getByRole('link', { name: 'رجوع' }).click();
  await expect(page).toHaveURL(
    new RegExp(`^${shop.origin}/order/paymethoud\\?payment=cancelled&checkout=[0-9a-f-]{36}$`),
  );
  await expect(main.getByRole('alert')).toContainText('لم يكتمل الدفع بالبطاقة');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const invoice = await toMoyasar();
  expect((await api.get('/api/v1/orders', { headers: bearer(customer.token) }).then((r) => r.json())).results).toBe(0);

  await moyasar.getByRole('button', { name: 'ادفع 150.00 SAR' }).click();
  // Back on the shop: the order's page thanks for it, in Arabic.
  await expect(moyasar).toHaveURL(PLACED_ORDER_URL);
  const orders = (await (
    await api.get('/api/v1/orders', { headers: bearer(customer.token) })
  ).json()) as ListEnvelope<Order>;
  expect(orders.results).toBe(1);
  expect(orders.data[0]).toMatchObject({
    paymentMethodType: 'card',
    isPaid: true,
    // Moyasar test keys (sk_test_…): no money moved, and the order says so.
    isTest: true,
    totalOrderPrice: 150,
  });
  const number = formatCode(orders.data[0]?.number ?? 0);
  await expect(toast(moyasar, `تم استلام الدفع وتأكيد طلبك رقم ${number}`)).toBeVisible();
  expect(fake.invoices.get(invoice?.id ?? '')?.status).toBe('paid');
});
