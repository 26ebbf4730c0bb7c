import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Product } from '../../src/contract/types';
import { expect, type Page, test } from './fixtures';
import { ADMIN, apiToken, bearer, createCustomer, signInWithCookie } from './support';

/*
 * Stored XSS (SECURITY.md, section 3): markup that customers and staff type — a product's name
 * and description, a review, an address — shows as text on every screen that displays it, runs
 * nothing, and the pages load without a single Content-Security-Policy violation.
 */

const marker = `xss${randomUUID().slice(0, 8)}`;
const payloads = {
  title: `هجوم ${marker} <img src=x onerror="window.__xss='title'">`,
  description: `<script>window.__xss='description'</script> وصف ${marker}`,
  review: `<svg onload="window.__xss='review'"></svg> رأيي ${marker}`,
  address: `<iframe srcdoc="<script>parent.__xss='address'</script>"></iframe> شارع ${marker}`,
};

let product: Product;
let customerToken = '';

test.beforeAll(async ({ request }) => {
  const admin = bearer(await apiToken(request, ADMIN));
  const category = (await (await request.get('/api/v1/categories?limit=1')).json()).data[0].id as string;
  const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#be123c' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/products', {
    headers: admin,
    multipart: {
      title: payloads.title,
      description: payloads.description,
      quantity: '50',
      price: '120',
      category,
      imageCover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  product = (await created.json()).data;

  const customer = await createCustomer(request, `<b onmouseover="window.__xss='name'">${marker}</b>`);
  customerToken = customer.token;
  const as = bearer(customer.token);
  const review = await request.post(`/api/v1/products/${product.id}/reviews`, {
    headers: as,
    data: { review: payloads.review, rating: 4 },
  });
  expect(review.status(), await review.text()).toBe(201);
  const address = await request.post('/api/v1/addresses', {
    headers: as,
    data: { alias: 'المنزل', details: payloads.address, phone: '0551234567', city: 'الرياض', postalCode: '11511' },
  });
  expect(address.status(), await address.text()).toBe(200);
  const cart = await request.post('/api/v1/cart', { headers: as, data: { productId: product.id } });
  expect(cart.status(), await cart.text()).toBe(200);
});

/** Fails the test on any dialog, and collects CSP violations the page reports. */
function watch(page: Page) {
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    violations.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function expectInert(page: Page, violations: string[]) {
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator(`img[src="x"], main script:not([type]), svg[onload], iframe[srcdoc]`).count()).toBe(0);
  expect(violations).toEqual([]);
}

test('a product’s name, description and reviews show as text on the product page and in the listing', async ({
  page,
}) => {
  const violations = watch(page);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { name: payloads.title })).toBeVisible();
  await expect(page.getByText(payloads.description)).toBeVisible();
  await expect(page.getByText(payloads.review)).toBeVisible();
  await expectInert(page, violations);

  await page.goto(`/products?keyword=${marker}`);
  await expect(page.getByText(payloads.title).first()).toBeVisible();
  await expectInert(page, violations);
});

test('the cart and the saved addresses show them as text too', async ({ page, context, baseURL }) => {
  const violations = watch(page);
  await signInWithCookie(context, baseURL, customerToken);
  await page.goto('/cart');
  await expect(page.getByText(payloads.title).first()).toBeVisible();
  await expectInert(page, violations);

  await page.goto('/user/address');
  await expect(page.getByText(payloads.address)).toBeVisible();
  await expectInert(page, violations);
});

test('staff see them as text in the product list', async ({ page, context, baseURL, request }) => {
  const violations = watch(page);
  await signInWithCookie(context, baseURL, await apiToken(request, ADMIN));
  await page.goto(`/admin/allproducts?keyword=${marker}`);
  await expect(page.getByText(payloads.title).first()).toBeVisible();
  await expectInert(page, violations);
});

test('the main pages load without Content-Security-Policy violations', async ({ page }) => {
  const violations = watch(page);
  for (const path of ['/', '/products', `/products/${product.id}`, '/login', '/allbrands']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
  }
  expect(violations).toEqual([]);
});
