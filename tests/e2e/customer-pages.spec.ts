import type { APIRequestContext } from '@playwright/test';
import type { Product } from '../../src/contract/types';
import { BASKET_COOKIE } from '../../src/contract/web';
import { type BrowserContext, expect, type Page, test } from './fixtures';
import {
  bearer,
  cartChoice,
  createCustomer,
  fillCart,
  holdRequests,
  hydrated,
  listedProducts,
  signInWithCookie,
  stockedProducts,
} from './support';

/*
 * Customers' catalogue pages are rendered once per catalogue version and kept for every customer,
 * each written in as served (docs/caching.md § Customers' pages). What a customer must see of it:
 * their own name, cart count and hearts, never another's; a page React takes over without a
 * mismatch; and, without JavaScript, the same header and hearts.
 */

// What a person reads (src/web/i18n/auth.ts, account.ts, reviews.ts), written out so a changed text fails here.
const t = {
  accountMenu: (name: string) => `قائمة الحساب: ${name}`,
  badge: (count: string) => `السلة، ${count}`,
  heart: (title: string) => `حفظ «${title}» في المفضلة`,
  signOut: 'تسجيل الخروج',
  reviewForm: 'أضف تقييمك',
  yourReview: 'تقييمك',
  related: 'منتجات قد تعجبك',
  signIn: 'تسجيل الدخول',
  pager: 'صفحات المنتجات',
  nextPage: 'الصفحة التالية',
};

const banner = (page: Page) => page.getByRole('banner');
const heartOf = (page: Page, product: Product) =>
  page
    .getByRole('main')
    .getByRole('button', { name: t.heart(product.title) })
    .first();
/** The nonce of the page's policy: the same for two customers only when both got the one kept copy. */
const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

/** Errors the page logs (a hydration mismatch among them) and those it throws. */
function recordErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A guest basket holding one line of each product, through the API; its key, as its cookie holds it. */
async function basketHolding(request: APIRequestContext, products: readonly Product[]): Promise<string> {
  let key: string | undefined;
  for (const product of products) {
    const res = await request.post('/api/v1/basket', {
      headers: key ? { 'x-basket-key': key } : {},
      data: { productId: product.id, ...cartChoice(product) },
    });
    expect(res.status(), await res.text()).toBe(200);
    key ??= (await res.json()).basketKey;
  }
  if (!key) throw new Error('no basket');
  return key;
}

async function signedInPage(context: BrowserContext, baseURL: string | undefined, token: string) {
  await signInWithCookie(context, baseURL, token);
  return context.newPage();
}

test.describe('customers’ kept pages', () => {
  test('two customers get one kept page, each with their own name, cart count and hearts, and React takes it over cleanly', async ({
    browser,
    request,
    baseURL,
  }) => {
    const [favourite] = await listedProducts(request, 2);
    const sara = await createCustomer(request, 'سارة المفضّلة');
    const huda = await createCustomer(request, 'هدى الجديدة');
    expect(
      (await request.post('/api/v1/wishlist', { headers: bearer(sara.token), data: { productId: favourite.id } })).ok(),
    ).toBe(true);
    await fillCart(request, sara.token, (await stockedProducts(request)).slice(0, 2));

    const nonces: (string | undefined)[] = [];
    for (const [customer, count, saved] of [
      [sara, 'منتجان', true],
      [huda, 'لا توجد منتجات', false],
    ] as const) {
      const context = await browser.newContext();
      const page = await signedInPage(context, baseURL, customer.token);
      const errors = recordErrors(page);
      const response = await page.goto('/products');
      expect(response?.headers()['cache-control']).toBe('no-store');
      nonces.push(nonceOf(response?.headers()['content-security-policy']));
      await expect(banner(page).getByRole('button', { name: t.accountMenu(customer.name) })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: t.badge(count) })).toBeVisible();
      await expect(heartOf(page, favourite)).toHaveAttribute('aria-pressed', String(saved));
      // Radix's menu took over the server's button: it opens.
      await banner(page)
        .getByRole('button', { name: t.accountMenu(customer.name) })
        .click();
      await expect(page.getByRole('menuitem', { name: t.signOut })).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(nonces[0]).toBeDefined();
    expect(nonces[1]).toBe(nonces[0]);
  });

  test('the next pages, opened in the browser, keep each customer’s header from data kept for every customer, and the count follows their cart', async ({
    browser,
    request,
    baseURL,
  }) => {
    const stocked = (await stockedProducts(request)).slice(0, 3);
    const sara = await createCustomer(request, 'سارة المتصفحة');
    const huda = await createCustomer(request, 'هدى المتصفحة');
    await fillCart(request, sara.token, stocked.slice(0, 2));

    const nonces: (string | undefined)[] = [];
    for (const [customer, count] of [
      [sara, 'منتجان'],
      [huda, 'لا توجد منتجات'],
    ] as const) {
      const context = await browser.newContext();
      const page = await signedInPage(context, baseURL, customer.token);
      const errors = recordErrors(page);
      await page.goto('/products');
      const next = page.getByRole('navigation', { name: t.pager }).getByRole('link', { name: t.nextPage });
      await hydrated(next);
      // The listing's next page: React Router asks for its data, and the root's (the search changed).
      const data = page.waitForResponse((response) => new URL(response.url()).pathname === '/products.data');
      await next.click();
      await expect(page).toHaveURL(/page=2/);
      const answer = await data;
      expect(answer.headers()['cache-control']).toBe('no-store');
      nonces.push(nonceOf(answer.headers()['content-security-policy']));
      await expect(banner(page).getByRole('button', { name: t.accountMenu(customer.name) })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: t.badge(count) })).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    }
    // One render of that data served both: kept for customers, each written in.
    expect(nonces[0]).toBeDefined();
    expect(nonces[1]).toBe(nonces[0]);

    // A line added through the API (another tab): the next page in the browser counts it.
    const context = await browser.newContext();
    const page = await signedInPage(context, baseURL, sara.token);
    await page.goto('/products');
    const next = page.getByRole('navigation', { name: t.pager }).getByRole('link', { name: t.nextPage });
    await hydrated(next);
    await expect(banner(page).getByRole('link', { name: t.badge('منتجان') })).toBeVisible();
    await fillCart(request, sara.token, stocked.slice(2, 3));
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(banner(page).getByRole('link', { name: t.badge('3 منتجات') })).toBeVisible();
    await context.close();
  });

  test('a heart in a part whose code comes after the page keeps the customer’s favourite filled meanwhile', async ({
    browser,
    request,
    baseURL,
  }) => {
    const [product] = await listedProducts(request, 1);
    // One of the products the page offers below ("products you may like", lib/below-the-fold.tsx).
    const html = await (await request.get(`/products/${product.id}`)).text();
    const related = /id="related-products"[\s\S]*?data-favorite="([\w-]+)"/.exec(html)?.[1];
    if (!related) throw new Error('the product page offers no related products');
    const nour = await createCustomer(request, 'نور المفضّلة');
    const saved = await request.post('/api/v1/wishlist', { headers: bearer(nour.token), data: { productId: related } });
    expect(saved.ok()).toBe(true);

    const context = await browser.newContext();
    const page = await signedInPage(context, baseURL, nour.token);
    const { release: releaseCode } = await holdRequests(page, /\/assets\/listings-[\w-]+\.js$/);
    await page.goto(`/products/${product.id}`);
    const heart = page.getByRole('region', { name: t.related }).locator(`[data-favorite="${related}"]`);
    const fill = () => heart.locator('svg').evaluate((icon) => getComputedStyle(icon).fill);
    // The page is React's; the part still waits for its code, and its heart shows the favourite.
    expect(await fill()).not.toBe('none');
    releaseCode();
    await hydrated(heart.getByRole('button'));
    await expect(heart.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    expect(await fill()).not.toBe('none');
    await context.close();
  });

  test('without JavaScript the kept page shows the customer’s header and fills their hearts', async ({
    browser,
    request,
    baseURL,
  }) => {
    const [favourite, other] = await listedProducts(request, 2);
    if (!other) throw new Error('no second product');
    const reem = await createCustomer(request, 'ريم بلا جافاسكربت');
    await request.post('/api/v1/wishlist', { headers: bearer(reem.token), data: { productId: favourite.id } });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await signedInPage(context, baseURL, reem.token);
    await page.goto('/products');
    await expect(banner(page).getByRole('button', { name: t.accountMenu(reem.name) })).toBeVisible();
    const fill = (product: Product) =>
      heartOf(page, product)
        .locator('svg')
        .evaluate((icon) => getComputedStyle(icon).fill);
    expect(await fill(favourite)).not.toBe('none');
    expect(await fill(other)).toBe('none');
    await context.close();
  });

  test('a product page kept for customers is not served to one who reviewed the product: they see their review', async ({
    browser,
    request,
    baseURL,
  }) => {
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no product');
    const author = await createCustomer(request, 'كاتبة التقييم');
    const reader = await createCustomer(request, 'قارئة التقييم');
    const path = `/products/${product.id}`;

    // The author reviews it (a catalogue write: kept pages of the old version go), then the reader
    // opens it: the page is kept for customers, with the form to add a review.
    const review = await request.post(`/api/v1/products/${product.id}/reviews`, {
      headers: bearer(author.token),
      data: { review: 'منتج ممتاز وسريع التوصيل', rating: 4 },
    });
    expect(review.status(), await review.text()).toBe(201);
    const readerContext = await browser.newContext();
    const readerPage = await signedInPage(readerContext, baseURL, reader.token);
    const kept = await readerPage.goto(path);
    await expect(readerPage.getByRole('heading', { name: t.reviewForm })).toBeVisible();

    // The author, after them, gets a page of their own, with their review in place of the form.
    const authorContext = await browser.newContext();
    const authorPage = await signedInPage(authorContext, baseURL, author.token);
    const own = await authorPage.goto(path);
    expect(nonceOf(own?.headers()['content-security-policy'])).not.toBe(
      nonceOf(kept?.headers()['content-security-policy']),
    );
    await expect(authorPage.getByRole('heading', { name: t.yourReview })).toBeVisible();
    await expect(authorPage.getByRole('heading', { name: t.reviewForm })).toHaveCount(0);

    // The reader still has the form, from the kept copy.
    const again = await readerPage.goto(path);
    expect(nonceOf(again?.headers()['content-security-policy'])).toBe(
      nonceOf(kept?.headers()['content-security-policy']),
    );
    await expect(readerPage.getByRole('heading', { name: t.reviewForm })).toBeVisible();
    await readerContext.close();
    await authorContext.close();
  });
});

test.describe('guests’ kept pages when they hold a basket', () => {
  test('two guests with baskets get one kept page, each with their own cart count, React takes it over cleanly and the cart shows their lines', async ({
    browser,
    request,
    baseURL,
  }) => {
    const stocked = (await stockedProducts(request)).slice(0, 2);
    const nonces: (string | undefined)[] = [];
    for (const [lines, count] of [
      [stocked.slice(0, 1), 'منتج واحد'],
      [stocked, 'منتجان'],
    ] as const) {
      const key = await basketHolding(request, lines);
      const context = await browser.newContext();
      await context.addCookies([{ name: BASKET_COOKIE, value: key, url: baseURL ?? '', httpOnly: true }]);
      const page = await context.newPage();
      const errors = recordErrors(page);
      const response = await page.goto('/products');
      expect(response?.headers()['cache-control']).toBe('no-store');
      nonces.push(nonceOf(response?.headers()['content-security-policy']));
      await expect(banner(page).getByRole('link', { name: t.badge(count) })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: t.signIn })).toBeVisible();
      // React took the page over with the same guest: their cart, reached through the badge, holds their lines.
      const cartLink = banner(page).getByRole('link', { name: t.badge(count) });
      await hydrated(cartLink);
      await cartLink.click();
      await expect(page).toHaveURL('/cart');
      for (const product of lines) await expect(page.getByRole('main').getByText(product.title).first()).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(nonces[0]).toBeDefined();
    expect(nonces[1]).toBe(nonces[0]);
  });
});
