import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ListEnvelope, NamedItem, Order, Product } from '../../src/contract/types';
import { adminText } from '../../src/web/i18n/admin';

/** Helpers the account tests share (auth.spec.ts predates this file and keeps its own copies). */

export const PASSWORD = 'Secret-pass-1';
export const ADMIN = { email: 'admin@matjar.local', password: 'Matjar-Admin-2026', name: 'مدير المتجر' };

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export type Account = { name: string; email: string; password: string; phone: string; token: string };

/** A fresh customer, signed up and signed in through the API, so tests do not depend on each other. */
export async function createCustomer(
  request: APIRequestContext,
  name = 'سارة أحمد',
  phone = '0551234567',
): Promise<Account> {
  const account = { name, email: uniqueEmail('customer'), password: PASSWORD, phone };
  const signup = await request.post('/api/v1/auth/signup', { data: { ...account, passwordConfirm: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  return { ...account, token: await apiToken(request, account) };
}

export async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post('/api/v1/auth/login', { data: account });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).token as string;
}

/** Signs the browser in the way the sign-in form does: the token in the httpOnly session cookie. */
export async function signInWithCookie(context: BrowserContext, baseURL: string | undefined, token: string) {
  if (!baseURL) throw new Error('baseURL is not set');
  await context.addCookies([{ name: 'matjar_session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** The browser signed in as the shop's admin; returns the admin's API token too. */
export async function adminSession(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const token = await apiToken(request, ADMIN);
  await signInWithCookie(page.context(), baseURL, token);
  return token;
}

/** The browser signed in as the shop's admin, on the screen `link` names in the admin menu. */
export async function openFromAdminMenu(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  link: string,
) {
  await adminSession(page, request, baseURL);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: adminText.nav }).getByRole('link', { name: link }).click();
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'matjar_session');
}

/**
 * Waits until React owns `locator`, so clicks reach its handlers rather than the bare HTML. A part
 * below the fold takes its code only when its place nears the viewport (src/web/lib/below-the-fold.tsx):
 * while React does not own it, it is scrolled into view, as a person reaching it would.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((el) => {
        const owned = Object.keys(el).some((key) => key.startsWith('__reactProps'));
        if (!owned) el.scrollIntoView({ block: 'nearest' });
        return owned;
      }),
    )
    .toBe(true);
}

export async function expectNoAxeViolations(page: Page) {
  // Axe reads colours as painted: a toast still fading in reads as text of too little contrast.
  // Spinners turn forever and are not waited for. A region still dimmed while its next results
  // load (aria-busy, BusyRegion) reads the same way: the address bar can change before React
  // repaints it. (The top progress bar is busy too, and dims nothing.)
  await expect(page.locator('[aria-busy="true"]:not([role="progressbar"])')).toHaveCount(0);
  // A toast fades in only once sonner marks it mounted: before that no animation runs yet.
  await expect(page.locator('[data-sonner-toast]:not([data-mounted="true"])')).toHaveCount(0);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Watches for posts to the site: an invalid form, or a guest's heart, must send nothing. */
export function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return posts;
}

export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
/** How far the page scrolls sideways: 0 or less when it fits the window (a 360 px phone). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** The value beside a term of an order card ('الدفع' → 'مدفوع', 'الحالة' → 'قيد المراجعة'). */
export const fact = (card: Locator, term: string) =>
  card
    .locator('dl > div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A person closes the toast with its (Arabic) close button, to reach what lies under it. */
export async function closeToast(page: Page, text: string) {
  const shown = toast(page, text);
  await shown.getByRole('button', { name: 'إغلاق الإشعار' }).click();
  await expect(shown).toHaveCount(0);
}

export const toArabicIndic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible description that starts with `message` (a hint may follow it). */
export const described = (message: string) => new RegExp(`^${escapeRegExp(message)}`);

/** Where placing an order leads: the order's own page, thanking for it (docs/orders.md § The customer's screens). */
export const PLACED_ORDER_URL = /\/user\/orders\/[0-9a-f-]+\?placed=1$/;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const SHIPPING = { details: 'شارع التحلية 10، الروضة', phone: '0551234567', city: 'جدة', postalCode: '' };
/** The customers' phone (0551234567) as pages show it: E.164, grouped (docs/decisions/0014-phone-numbers.md). */
export const SHOWN_PHONE = '+966 55 123 4567';
/** The phone field's message in a Saudi shop (the default SHOP_COUNTRY). */
/**
 * The zone the pages read dates in: a Saudi shop's (the default SHOP_COUNTRY; the test servers set
 * no SHOP_TIMEZONE), three hours ahead of UTC all year (docs/dates.md).
 */
export const SHOP_TIME_ZONE = 'Asia/Riyadh';
export const SA_PHONE_INVALID = 'رقم الجوال غير صالح، أدخل رقم جوال من المملكة العربية السعودية';

/** The first `count` products of the shop's listing, in its own order; an error when it has fewer. */
export async function listedProducts(request: APIRequestContext, count: number): Promise<[Product, ...Product[]]> {
  const [first, ...rest] = (
    (await (await request.get(`/api/v1/products?limit=${count}`)).json()) as ListEnvelope<Product>
  ).data;
  if (!first || rest.length < count - 1) throw new Error(`the listing has fewer than ${count} products`);
  return [first, ...rest];
}

/** Products with plenty in stock, so orders never run a product out for other tests. */
export async function stockedProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/v1/products?limit=20&sort=-quantity');
  return ((await res.json()) as ListEnvelope<Product>).data.filter((p) => p.quantity >= 20);
}

export const colorOf = (product: Product) => product.availableColors[0];

/**
 * What a cart request names for a product (docs/variants.md): for a product with options, its
 * best-stocked variant of the first colour; else the first swatch, if any.
 */
export function cartChoice(product: Product): { variantId?: string; color?: string } {
  const color = colorOf(product);
  if (product.options.length === 0) return color ? { color } : {};
  const candidates = product.variants.filter((v) => !color || Object.values(v.options).includes(color));
  const best = [...candidates].sort((a, b) => b.quantity - a.quantity)[0];
  if (!best) throw new Error(`no variant of ${product.title}`);
  return { variantId: best.id };
}

/** Puts products in the customer's cart through the API; returns the cart id. */
export async function fillCart(request: APIRequestContext, token: string, products: Product[]): Promise<string> {
  let cartId = '';
  for (const product of products) {
    const res = await request.post('/api/v1/cart', {
      headers: bearer(token),
      data: { productId: product.id, ...cartChoice(product) },
    });
    expect(res.status(), await res.text()).toBe(200);
    cartId = (await res.json()).data._id;
  }
  return cartId;
}

/** A cash order through the API (POST /cart, then POST /orders/:cartId). */
export async function placeCashOrder(request: APIRequestContext, token: string, products: Product[]): Promise<Order> {
  const cartId = await fillCart(request, token, products);
  const res = await request.post(`/api/v1/orders/${cartId}`, {
    headers: bearer(token),
    data: { shippingAddress: SHIPPING },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Order;
}

/**
 * A product of the test's own (a plain cover picture, the first category), so reviews and other
 * changes never touch the seeded catalogue the other spec files share; delete it afterwards.
 */
export async function createTestProduct(request: APIRequestContext, title: string, quantity = 5): Promise<Product> {
  const headers = bearer(await apiToken(request, ADMIN));
  const categories = (await (await request.get('/api/v1/categories?limit=1')).json()) as ListEnvelope<NamedItem>;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
  const res = await request.post('/api/v1/products', {
    headers,
    multipart: {
      title: `${title} ${randomUUID().slice(0, 6)}`,
      description: 'منتج أُنشئ للاختبار',
      quantity: String(quantity),
      price: '120',
      category: categories.data[0]?.id ?? '',
      imageCover: { name: 'cover.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

/** The newest e-mail to `email` in the shop's outbox folder (no SMTP in the browser tests), or undefined. */
export function latestMailTo(email: string): { to: string; subject: string; text: string } | undefined {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.json'));
  } catch {
    return undefined;
  }
  return files
    .map(
      (file) =>
        JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
          sentAt: string;
        },
    )
    .filter((mail) => mail.to === email)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
    .at(-1);
}

/**
 * Holds every request whose URL matches until `release` is called, as a slow line would: a page's
 * data, a part's code. `asked` lists the URLs held so far.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(url, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.fallback();
  });
  return { release: () => release(), asked };
}
