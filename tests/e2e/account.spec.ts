import { randomUUID } from 'node:crypto';
import { colorName } from '../../src/contract/colors';
import { formatDate } from '../../src/contract/dates';
import type { Address, Order, Product } from '../../src/contract/types';
import { pt } from '../../src/web/i18n/product';
import { formatCode, formatNumber, formatPrice } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  closeToast,
  colorOf,
  createCustomer,
  escapeRegExp,
  expectNoAxeViolations,
  field,
  fillCart,
  hydrated,
  PASSWORD,
  PLACED_ORDER_URL,
  placeCashOrder,
  recordPosts,
  SA_PHONE_INVALID,
  SHIPPING,
  SHOP_TIME_ZONE,
  SHOWN_PHONE,
  sessionCookie,
  signInWithCookie,
  stockedProducts,
  toArabicIndic,
  toast,
  uniqueEmail,
} from './support';

/*
 * The customer's account area: orders, favourites (and the hearts on every product card),
 * addresses and profile. Every test makes its own customer, so none depends on another.
 */

const CURRENCY = 'SAR'; // the shop's default; the test server does not change it

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'حسابي' });
const heart = (scope: Page | Locator, title: string) =>
  scope.getByRole('button', { name: `حفظ «${title}» في المفضلة` });
const anyHeart = (scope: Page | Locator) => scope.getByRole('button', { name: /في المفضلة$/ });
const described = (message: string) => new RegExp(`^${escapeRegExp(message)}`);

/** The browser signed in as a new customer. */
async function customerSession(page: Page, request: APIRequestContext, baseURL: string | undefined, name?: string) {
  const account = await createCustomer(request, name);
  await signInWithCookie(page.context(), baseURL, account.token);
  return account;
}

async function addAddress(request: APIRequestContext, token: string, alias: string): Promise<Address> {
  const res = await request.post('/api/v1/addresses', {
    headers: bearer(token),
    data: { alias, details: 'شارع العليا 4', phone: '0551234567', city: 'الرياض', postalCode: '11511' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()).data as Address[];
  const added = list.find((address) => address.alias === alias);
  if (!added) throw new Error('address missing');
  return added;
}

async function wishlistIds(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/v1/wishlist', { headers: bearer(token) });
  return ((await res.json()).data as Product[]).map((p) => p.id);
}

test.describe('the account area', () => {
  test('guests sign in first and come back; staff go to the admin; password recovery stays public', async ({
    page,
    request,
    baseURL,
  }) => {
    const paths = [
      '/user/allOrders',
      '/user/favorite',
      '/user/address',
      '/user/add-address',
      `/user/edit-address/${randomUUID()}`,
      '/user/user-profile',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${escapeRegExp(encodeURIComponent(path))}$`));
    }
    // The recovery pages under /user/ are not part of the guarded area.
    await page.goto('/user/forgetPassword');
    await expect(page).toHaveURL(/\/user\/forgetPassword$/);
    await expect(heading(page)).toHaveText('نسيت كلمة المرور');

    const account = await createCustomer(request, 'منى');
    await page.goto('/user/favorite');
    await field(page, 'البريد الإلكتروني').fill(account.email);
    await field(page, 'كلمة المرور').fill(account.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/user\/favorite$/);
    await expect(heading(page)).toHaveText('المفضلة');

    await page.context().clearCookies();
    await signInWithCookie(page.context(), baseURL, await apiToken(request, ADMIN));
    // Staff do not shop: the account pages, the cart and the payment page send them to their own
    // home, the admin's dashboard (docs/staff.md).
    for (const path of ['/user/allOrders', '/user/user-profile', '/cart', '/order/paymethoud']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin$/);
    }
    // Staff keep no favourites: no hearts on the product cards.
    await page.goto('/');
    await expect(main(page).getByRole('article').first()).toBeVisible();
    await expect(anyHeart(page)).toHaveCount(0);
  });

  test('the sidebar links the four pages and marks the current one', async ({ page, request, baseURL }) => {
    await customerSession(page, request, baseURL);
    await page.goto('/user/allOrders');
    const nav = accountNav(page);
    await expect(nav.getByRole('link')).toHaveText(['طلباتي', 'المفضلة', 'العناوين', 'الملف الشخصي']);
    await expect(nav.getByRole('link', { name: 'طلباتي' })).toHaveAttribute('aria-current', 'page');

    const pages = [
      ['المفضلة', /\/user\/favorite$/, 'المفضلة'],
      ['العناوين', /\/user\/address$/, 'العناوين'],
      ['الملف الشخصي', /\/user\/user-profile$/, 'الملف الشخصي'],
      ['طلباتي', /\/user\/allOrders$/, 'طلباتي'],
    ] as const;
    for (const [name, url, title] of pages) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(heading(page)).toHaveText(title);
      await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }

    // The address forms belong to 'addresses'.
    await page.goto('/user/add-address');
    await expect(nav.getByRole('link', { name: 'العناوين' })).toHaveAttribute('aria-current', 'true');

    // Beside the content on a wide screen (to its right, in Arabic), above it on a phone; never wider than the screen.
    const navBox = await nav.boundingBox();
    const headingBox = await heading(page).boundingBox();
    if (!navBox || !headingBox) throw new Error('not laid out');
    if ((page.viewportSize()?.width ?? 0) < 768) expect(navBox.y + navBox.height).toBeLessThanOrEqual(headingBox.y);
    else expect(navBox.x).toBeGreaterThanOrEqual(headingBox.x + headingBox.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('orders', () => {
  test('none yet: the greeting says so and the page shows “no orders”', async ({ page, request, baseURL }) => {
    const account = await customerSession(page, request, baseURL, 'ليلى');
    await page.goto('/user/allOrders');
    await expect(page).toHaveTitle('طلباتي | متجر');
    await expect(main(page)).toContainText(`أهلاً ${account.name}، ليس لديك أي طلبات بعد`);
    await expect(main(page).getByText('لا توجد طلبات', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'تصفّح المنتجات' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('navigation', { name: 'صفحات الطلبات' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('each order shows its number, date, items, both statuses, method and total; five a page', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL, 'خالد');
    const [first, second, third] = await stockedProducts(request);
    if (!first || !second || !third) throw new Error('not enough stocked products');
    // The oldest order: the first product twice (same colour, so one line of 2) and a second one.
    const oldest = await placeCashOrder(request, account.token, [first, first, second]);
    const newer: Order[] = [];
    for (let i = 0; i < 5; i++) newer.push(await placeCashOrder(request, account.token, [third]));
    // Staff mark the oldest order paid and delivered, each flag on its own.
    const admin = await apiToken(request, ADMIN);
    for (const flag of ['pay', 'deliver']) {
      const res = await request.put(`/api/v1/orders/${oldest.id}/${flag}`, { headers: bearer(admin) });
      expect(res.status()).toBe(200);
    }

    await page.goto('/user/allOrders');
    await expect(main(page)).toContainText(`أهلاً ${account.name}، لديك 6 طلبات`);
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(5);
    // Newest first.
    const newest = newer.at(-1) as Order;
    await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(`طلب رقم ${formatCode(newest.number)}`);
    const newestCard = cards.first();
    await expect(newestCard).toContainText(third.title);
    await expect(newestCard).toContainText('قيد المراجعة');
    await expect(newestCard).toContainText('غير مدفوع');
    await expect(newestCard).toContainText('الدفع عند الاستلام');
    await expect(newestCard).toContainText(formatPrice(newest.totalOrderPrice, CURRENCY));
    await expectNoAxeViolations(page);

    const pager = page.getByRole('navigation', { name: 'صفحات الطلبات' });
    await pager.getByRole('link', { name: 'الصفحة 2' }).click();
    await expect(page).toHaveURL(/\/user\/allOrders\?page=2$/);
    await expect(page).toHaveTitle('طلباتي — الصفحة 2 | متجر');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(`طلب رقم ${formatCode(oldest.number)}`);
    await expect(card).toContainText(`تاريخ الطلب: ${formatDate(oldest.createdAt, SHOP_TIME_ZONE)}`);

    const items = card.getByRole('list', { name: 'منتجات الطلب' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    const firstLine = items.filter({ hasText: first.title });
    await expect(firstLine.getByRole('link', { name: first.title })).toHaveAttribute('href', `/products/${first.id}`);
    await expect(firstLine).toContainText(`الكمية: ${formatNumber(2)}`);
    // Stars only once the product has reviews: none, and no «0», before.
    await expect(
      firstLine.getByRole('img', { name: `التقييم ${formatNumber(first.ratingsAverage, 1)} من 5` }),
    ).toHaveCount(first.ratingsQuantity > 0 ? 1 : 0);
    await expect(firstLine).toContainText(`(${plural(first.ratingsQuantity, pt.ratingsCount)})`);
    const color = colorOf(first);
    if (color) {
      await expect(firstLine).toContainText(`اللون: ${colorName(color) ?? color}`);
    }
    await expect(items.filter({ hasText: second.title })).toContainText(`الكمية: ${formatNumber(1)}`);
    await expect(card).toContainText('تم التوصيل');
    await expect(card).not.toContainText('قيد المراجعة');
    await expect(card).toContainText('مدفوع');
    await expect(card).not.toContainText('غير مدفوع');
    await expect(card).toContainText('الدفع عند الاستلام');
    await expect(card).toContainText(`الإجمالي${formatPrice(oldest.totalOrderPrice, CURRENCY)}`);
    await expect(pager.getByRole('link', { name: 'الصفحة 2' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });

  test('back from the card provider (?paid=1) a toast confirms the payment and the card order shows', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL);
    const [, , , product] = await stockedProducts(request);
    if (!product) throw new Error('not enough stocked products');
    const cartId = await fillCart(request, account.token, [product]);
    const query = new URLSearchParams({ details: SHIPPING.details, phone: SHIPPING.phone, city: SHIPPING.city });
    const res = await request.get(`/api/v1/orders/checkout-session/${cartId}?${query}`, {
      headers: bearer(account.token),
    });
    expect(res.status(), await res.text()).toBe(200);
    const { url } = (await res.json()).session as { url: string };

    // The provider confirms the payment (the test provider's pay button, pressed on the page it
    // opened: the page's cookie goes with it), then sends the customer back.
    await request.get(url);
    const paid = await request.post(`${url}/pay`, { maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    const back = new URL(paid.headers().location ?? '');
    expect(`${back.pathname}${back.search}`).toMatch(/^\/user\/allOrders\?paid=1&checkout=[0-9a-f-]{36}$/);
    await page.goto(`${back.pathname}${back.search}`);
    await expect(toast(page, 'تم استلام الدفع وتأكيد طلبك رقم')).toBeVisible();
    // Said once: the order's page follows, thanking for it.
    await expect(page).toHaveURL(PLACED_ORDER_URL);
    await expect(main(page).getByRole('heading', { name: 'شكراً لطلبك' })).toBeVisible();
    const card = main(page).getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(product.title);
    await expect(card).toContainText('بطاقة');
    await expect(card).toContainText('مدفوع');
    await expect(card).not.toContainText('غير مدفوع');
  });

  test('back with an unknown or garbled checkout, the page says it knows no such payment, never «received»', async ({
    page,
    request,
    baseURL,
  }) => {
    await customerSession(page, request, baseURL);
    for (const checkout of [randomUUID(), 'garbled%3Cscript%3E']) {
      await page.goto(`/user/allOrders?paid=1&checkout=${checkout}`);
      await expect(toast(page, 'لم نجد عملية دفع بهذا الرابط في حسابك')).toBeVisible();
      await expect(page.getByText('تم استلام الدفع')).toHaveCount(0);
      // Said once: the address no longer carries the checkout.
      await expect(page).toHaveURL(/\/user\/allOrders$/);
    }
  });
});

test.describe('favourites', () => {
  test('a guest’s heart asks to sign in first and sends nothing', async ({ page }) => {
    await page.goto('/');
    const first = anyHeart(main(page)).first();
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await hydrated(first);
    const posts = recordPosts(page);
    await first.click();
    await expect(toast(page, 'يجب تسجيل الدخول أولاً')).toBeVisible();
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(posts).toEqual([]);
  });

  test('hearts flip at once on the home page and the listing; the favourites page lists and removes them', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL);
    await page.goto('/user/favorite');
    await expect(page).toHaveTitle('المفضلة | متجر');
    await expect(main(page).getByText('لا توجد منتجات مفضلة', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Home page: hold the request back to see the heart flip before the server answers.
    await page.goto('/');
    const homeCard = page.getByRole('region', { name: 'الأكثر مبيعاً' }).getByRole('article').first();
    const homeTitle = (await homeCard.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const homeHeart = heart(homeCard, homeTitle);
    await expect(homeHeart).toHaveAttribute('aria-pressed', 'false');
    await hydrated(homeHeart);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const wishlistPost = /\/wishlist(\.data)?(\?.*)?$/;
    await page.route(wishlistPost, async (route) => {
      await held;
      await route.continue();
    });
    await homeHeart.click();
    await expect(homeHeart).toHaveAttribute('aria-pressed', 'true');
    release();
    await expect(toast(page, 'تمت إضافة المنتج إلى المفضلة')).toBeVisible();
    await page.unroute(wishlistPost);
    await expect(homeHeart).toHaveAttribute('aria-pressed', 'true');
    // Filled in the server's HTML too.
    await page.reload();
    await expect(heart(main(page), homeTitle).first()).toHaveAttribute('aria-pressed', 'true');

    // Listing: another product.
    await page.goto('/products');
    const listCard = main(page)
      .getByRole('article')
      .filter({ hasNot: page.getByRole('heading', { name: homeTitle, exact: true }) })
      .first();
    const listTitle = (await listCard.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const listHeart = heart(listCard, listTitle);
    await hydrated(listHeart);
    await listHeart.click();
    await expect(listHeart).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page, 'تمت إضافة المنتج إلى المفضلة')).toBeVisible();
    await expect.poll(() => wishlistIds(request, account.token)).toHaveLength(2);

    await page.goto('/user/favorite');
    await expect(main(page)).toContainText('منتجان');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([listTitle, homeTitle]);
    await expectNoAxeViolations(page);

    await hydrated(heart(main(page), homeTitle));
    await heart(main(page), homeTitle).click();
    await expect(toast(page, 'تمت إزالة المنتج من المفضلة')).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(main(page)).toContainText('منتج واحد');
    await heart(main(page), listTitle).click();
    await expect(main(page).getByText('لا توجد منتجات مفضلة', { exact: true })).toBeVisible();
    expect(await wishlistIds(request, account.token)).toEqual([]);
  });
});

test.describe('addresses', () => {
  test('none yet, then a new one: every field’s message, Arabic digits, the list a second later', async ({
    page,
    request,
    baseURL,
  }) => {
    await customerSession(page, request, baseURL);
    await page.goto('/user/address');
    await expect(page).toHaveTitle('العناوين | متجر');
    await expect(main(page).getByText('لا توجد عناوين محفوظة', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await main(page).getByRole('link', { name: 'إضافة عنوان' }).click();
    await expect(page).toHaveURL(/\/user\/add-address$/);
    await expect(page).toHaveTitle('إضافة عنوان جديد | متجر');
    // The city comes from the shop's settings, the phone from the account.
    await expect(field(page, 'المدينة')).toHaveValue('الرياض');
    await expect(field(page, 'رقم الجوال')).toHaveValue(SHOWN_PHONE);
    // The city field offers the market's cities (a Saudi shop by default); any other may be typed.
    await expect(field(page, 'المدينة')).toHaveAccessibleDescription('اختر مدينتك من القائمة أو اكتب اسمها');
    const list = await field(page, 'المدينة').getAttribute('list');
    const offered = await page
      .locator(`datalist[id="${list}"] option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual(expect.arrayContaining(['الرياض', 'جدة', 'الدمام', 'مكة المكرمة']));
    expect(offered).not.toContain('القاهرة');

    const form = main(page).locator('form');
    await hydrated(form);
    const posts = recordPosts(page);
    await field(page, 'رقم الجوال').fill('');
    await field(page, 'المدينة').fill('');
    await page.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(field(page, 'اسم العنوان')).toHaveAccessibleDescription(described('اسم العنوان مطلوب'));
    await expect(field(page, 'اسم العنوان')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'اسم العنوان')).toBeFocused();
    await expect(field(page, 'تفاصيل العنوان')).toHaveAccessibleDescription(described('تفاصيل العنوان مطلوبة'));
    await expect(field(page, 'رقم الجوال')).toHaveAccessibleDescription(described('رقم الجوال مطلوب'));
    await expect(field(page, 'المدينة')).toHaveAccessibleDescription(described('المدينة مطلوبة'));
    await expect(field(page, 'الرمز البريدي (اختياري)')).not.toHaveAttribute('aria-invalid', 'true');

    await field(page, 'اسم العنوان').fill('م'.repeat(51));
    await field(page, 'تفاصيل العنوان').fill('شارع التحلية، عمارة 5، شقة 12');
    await field(page, 'رقم الجوال').fill('12345');
    // Jeddah, as the list offers it.
    await field(page, 'المدينة').fill(offered.find((city) => city === 'جدة') ?? '');
    await page.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(field(page, 'اسم العنوان')).toHaveAccessibleDescription(described('اسم العنوان طويل جداً'));
    await expect(field(page, 'رقم الجوال')).toHaveAccessibleDescription(described(SA_PHONE_INVALID));
    await expect(field(page, 'تفاصيل العنوان')).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);

    // Typed on an Arabic keyboard.
    await field(page, 'اسم العنوان').fill('المنزل');
    await field(page, 'رقم الجوال').fill(toArabicIndic('0571234567'));
    await field(page, 'الرمز البريدي (اختياري)').fill(toArabicIndic('12345'));
    await page.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(toast(page, 'تمت إضافة العنوان بنجاح')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/user\/address$/, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(700);

    const card = main(page).getByRole('article', { name: 'المنزل' });
    await expect(card).toContainText('شارع التحلية، عمارة 5، شقة 12');
    await expect(card).toContainText('المدينة: جدة');
    await expect(card.locator('bdi', { hasText: /^12345$/ })).toBeVisible();
    await expect(card.locator('bdi[dir="ltr"]', { hasText: '+966 57 123 4567' })).toBeVisible();
    await expect(main(page)).toContainText('عنوان واحد');
  });

  test('the shop’s limit on saved addresses is told on the form, which keeps what was typed', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL);
    for (let i = 1; i <= 20; i++) await addAddress(request, account.token, `عنوان ${i}`);
    await page.goto('/user/add-address');
    await field(page, 'اسم العنوان').fill('الشاليه');
    await field(page, 'تفاصيل العنوان').fill('الساحل الشمالي');
    await page.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(
      main(page).getByRole('alert').filter({ hasText: 'وصلت إلى الحد الأقصى لعدد العناوين، احذف عنواناً قديماً أولاً.' }),
    ).toBeVisible();
    await expect(field(page, 'اسم العنوان')).toHaveValue('الشاليه');
    await expect(field(page, 'تفاصيل العنوان')).toHaveValue('الساحل الشمالي');
    await expect(page).toHaveURL(/\/user\/add-address$/);
  });

  test('on a 360 px phone the form fits, and a city outside the list may be typed', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await customerSession(page, request, baseURL);
    await page.goto('/user/add-address');
    await hydrated(main(page).locator('form'));
    for (const label of ['اسم العنوان', 'تفاصيل العنوان', 'رقم الجوال', 'المدينة', 'الرمز البريدي (اختياري)']) {
      const box = await field(page, label).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box && box.x >= 0 && box.x + box.width <= 360, label).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await field(page, 'اسم العنوان').fill('المزرعة');
    await field(page, 'تفاصيل العنوان').fill('طريق الملك فهد');
    await field(page, 'المدينة').fill('الدرعية');
    await page.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(page).toHaveURL(/\/user\/address$/, { timeout: 5000 });
    await expect(main(page).getByRole('article', { name: 'المزرعة' })).toContainText('المدينة: الدرعية');
  });

  test('edit one, unknown and other people’s ids are not found, delete asks first', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL);
    const address = await addAddress(request, account.token, 'العمل');
    const stranger = await createCustomer(request, 'غريب');
    const theirs = await addAddress(request, stranger.token, 'بيت الغريب');

    await page.goto('/user/address');
    await main(page).getByRole('link', { name: 'تعديل العنوان «العمل»' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/edit-address/${address.id}$`));
    await expect(page).toHaveTitle('تعديل العنوان: العمل | متجر');
    await expect(field(page, 'اسم العنوان')).toHaveValue('العمل');
    await expect(field(page, 'تفاصيل العنوان')).toHaveValue('شارع العليا 4');
    await expect(field(page, 'الرمز البريدي (اختياري)')).toHaveValue('11511');
    await hydrated(main(page).locator('form'));
    await field(page, 'تفاصيل العنوان').fill(' ');
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(field(page, 'تفاصيل العنوان')).toHaveAccessibleDescription(described('تفاصيل العنوان مطلوبة'));
    await expectNoAxeViolations(page);

    await field(page, 'اسم العنوان').fill('المكتب');
    await field(page, 'تفاصيل العنوان').fill('برج النيل، الدور الثالث');
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(page).toHaveURL(/\/user\/address$/);
    await expect(toast(page, 'تم تعديل العنوان بنجاح')).toBeVisible();
    await expect(main(page).getByRole('article', { name: 'المكتب' })).toContainText('برج النيل، الدور الثالث');
    await expect(main(page).getByRole('article', { name: 'العمل' })).toHaveCount(0);

    for (const id of [theirs.id, randomUUID(), 'not-an-id']) {
      const response = await page.goto(`/user/edit-address/${id}`);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText('الصفحة غير موجودة');
    }

    await page.goto('/user/address');
    const card = main(page).getByRole('article', { name: 'المكتب' });
    const remove = card.getByRole('button', { name: 'حذف العنوان «المكتب»' });
    await hydrated(remove);
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف العنوان' });
    await expect(dialog).toContainText('هل تريد حذف العنوان «المكتب»؟');
    // The safe choice has the focus.
    await expect(dialog.getByRole('button', { name: 'إلغاء' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(card).toBeVisible();

    await remove.click();
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(toast(page, 'تم حذف العنوان')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByText('لا توجد عناوين محفوظة', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/address$/);
    // The stranger's address is untouched.
    const stillTheirs = await request.get(`/api/v1/addresses/${theirs.id}`, { headers: bearer(stranger.token) });
    expect(stillTheirs.status()).toBe(200);
  });
});

test.describe('profile', () => {
  test('details, the edit dialog’s messages, a taken e-mail, then the new details in place', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL, 'سارة أحمد');
    const other = await createCustomer(request, 'هند');
    await page.goto('/user/user-profile');
    await expect(page).toHaveTitle('الملف الشخصي | متجر');
    const details = main(page).getByRole('region', { name: 'بياناتك' });
    await expect(details).toContainText(account.name);
    await expect(details.locator('bdi', { hasText: SHOWN_PHONE })).toBeVisible();
    await expect(details.locator('bdi', { hasText: account.email })).toBeVisible();
    await expectNoAxeViolations(page);

    // Marks this document: a full page reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const open = details.getByRole('button', { name: 'تعديل البيانات' });
    await hydrated(open);
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'تعديل بياناتك' });
    await expect(field(dialog, 'الاسم')).toHaveValue(account.name);
    await expect(field(dialog, 'رقم الجوال')).toHaveValue(SHOWN_PHONE);
    await expect(field(dialog, 'البريد الإلكتروني')).toHaveValue(account.email);
    await expectNoAxeViolations(page);

    const posts = recordPosts(page);
    for (const label of ['الاسم', 'رقم الجوال', 'البريد الإلكتروني']) await field(dialog, label).fill('');
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(field(dialog, 'الاسم')).toHaveAccessibleDescription('الاسم مطلوب');
    await expect(field(dialog, 'رقم الجوال')).toHaveAccessibleDescription('رقم الجوال مطلوب');
    await expect(field(dialog, 'البريد الإلكتروني')).toHaveAccessibleDescription('البريد الإلكتروني مطلوب');
    await field(dialog, 'الاسم').fill('سارة علي');
    await field(dialog, 'رقم الجوال').fill('01012345678');
    await field(dialog, 'البريد الإلكتروني').fill('sara@');
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(field(dialog, 'رقم الجوال')).toHaveAccessibleDescription(SA_PHONE_INVALID);
    await expect(field(dialog, 'البريد الإلكتروني')).toHaveAccessibleDescription('البريد الإلكتروني غير صالح');
    expect(posts).toEqual([]);

    await field(dialog, 'رقم الجوال').fill(toArabicIndic('0561234567'));
    await field(dialog, 'البريد الإلكتروني').fill(other.email);
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(field(dialog, 'البريد الإلكتروني')).toHaveAccessibleDescription('البريد الإلكتروني مسجل مسبقاً');
    await expect(field(dialog, 'الاسم')).toHaveValue('سارة علي');
    await expect(dialog).toBeVisible();

    // The e-mail unchanged is not sent, so it cannot be 'in use'.
    await field(dialog, 'البريد الإلكتروني').fill(account.email);
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toast(page, 'تم تحديث بياناتك بنجاح')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(details).toContainText('سارة علي');
    await expect(details.locator('bdi', { hasText: '+966 56 123 4567' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'قائمة الحساب: سارة علي' })).toBeVisible();
    await closeToast(page, 'تم تحديث بياناتك بنجاح');

    const newEmail = uniqueEmail('renamed');
    await open.click();
    await field(dialog, 'البريد الإلكتروني').fill(newEmail);
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toast(page, 'تم تحديث بياناتك بنجاح')).toBeVisible();
    await expect(details.locator('bdi', { hasText: newEmail })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page).toHaveURL(/\/user\/user-profile$/);
  });

  test('change password: each message, a wrong current one, then sign in again with the new one', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await customerSession(page, request, baseURL, 'ريم');
    await page.goto('/user/user-profile');
    const section = main(page).getByRole('region', { name: 'تغيير كلمة المرور' });
    const submit = section.getByRole('button', { name: 'تغيير كلمة المرور' });
    await hydrated(submit);
    const posts = recordPosts(page);

    await submit.click();
    await expect(field(section, 'كلمة المرور الحالية')).toHaveAccessibleDescription('كلمة المرور الحالية مطلوبة');
    await expect(field(section, 'كلمة المرور الحالية')).toBeFocused();
    await expect(field(section, 'كلمة المرور الجديدة')).toHaveAccessibleDescription(described('كلمة المرور مطلوبة'));
    await expect(field(section, 'تأكيد كلمة المرور الجديدة')).toHaveAccessibleDescription('تأكيد كلمة المرور مطلوب');

    await field(section, 'كلمة المرور الحالية').fill(PASSWORD);
    await field(section, 'كلمة المرور الجديدة').fill('short');
    await field(section, 'تأكيد كلمة المرور الجديدة').fill('short');
    await submit.click();
    await expect(field(section, 'كلمة المرور الجديدة')).toHaveAccessibleDescription(
      described('يجب ألا تقل كلمة المرور عن 8 أحرف'),
    );

    await field(section, 'كلمة المرور الجديدة').fill('New-secret-22');
    await field(section, 'تأكيد كلمة المرور الجديدة').fill('New-secret-23');
    await submit.click();
    await expect(field(section, 'تأكيد كلمة المرور الجديدة')).toHaveAccessibleDescription('كلمتا المرور غير متطابقتين');
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);

    await field(section, 'كلمة المرور الحالية').fill('Wrong-password-1');
    await field(section, 'تأكيد كلمة المرور الجديدة').fill('New-secret-22');
    await submit.click();
    await expect(field(section, 'كلمة المرور الحالية')).toHaveAccessibleDescription('كلمة المرور الحالية غير صحيحة');
    await expect(field(section, 'كلمة المرور الجديدة')).toHaveValue('New-secret-22');

    await field(section, 'كلمة المرور الحالية').fill(PASSWORD);
    await submit.click();
    await expect(toast(page, 'تم تغيير كلمة المرور، سجّل الدخول بكلمة المرور الجديدة')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/user\/user-profile$/);
    expect(await sessionCookie(page.context())).toBeUndefined();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);

    // The old token is dead; the new password signs in.
    const old = await request.get('/api/v1/users/getMe', { headers: bearer(account.token) });
    expect(old.status()).toBe(401);
    await field(page, 'البريد الإلكتروني').fill(account.email);
    await field(page, 'كلمة المرور').fill('New-secret-22');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: `قائمة الحساب: ${account.name}` })).toBeVisible();
  });
});

test.describe('before JavaScript loads', () => {
  test('hearts, deleting an address and editing the profile work as plain forms and links', async ({
    browser,
    request,
    baseURL,
  }) => {
    const account = await createCustomer(request, 'عمر');
    await addAddress(request, account.token, 'المنزل');

    // A guest's heart leads to sign-in.
    const guest = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'ar' });
    const guestPage = await guest.newPage();
    await guestPage.goto('/products');
    await anyHeart(main(guestPage)).first().click();
    await expect(guestPage).toHaveURL(/\/login(\?redirectTo=%2Fproducts)?$/);
    await guest.close();

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'ar' });
    await signInWithCookie(context, baseURL, account.token);
    const page = await context.newPage();
    await page.goto('/products');
    const card = main(page).getByRole('article').first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await heart(card, title).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(heart(main(page), title).first()).toHaveAttribute('aria-pressed', 'true');
    expect(await wishlistIds(request, account.token)).toHaveLength(1);

    await page.goto('/user/address');
    await main(page).getByRole('link', { name: 'حذف العنوان «المنزل»' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف العنوان' });
    await expect(dialog).toContainText('هل تريد حذف العنوان «المنزل»؟');
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(page).toHaveURL(/\/user\/address$/);
    await expect(main(page).getByText('لا توجد عناوين محفوظة', { exact: true })).toBeVisible();

    await page.goto('/user/user-profile');
    await main(page).getByRole('link', { name: 'تعديل البيانات' }).click();
    const edit = page.getByRole('dialog', { name: 'تعديل بياناتك' });
    await field(edit, 'الاسم').fill('');
    await edit.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(field(page.getByRole('dialog'), 'الاسم')).toHaveAccessibleDescription('الاسم مطلوب');
    await field(page.getByRole('dialog'), 'الاسم').fill('عمر خالد');
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(page).toHaveURL(/\/user\/user-profile$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(main(page).getByRole('region', { name: 'بياناتك' })).toContainText('عمر خالد');
    await context.close();
  });
});
