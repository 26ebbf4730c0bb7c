import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Address, CartEnvelope, ListEnvelope, Order, Product } from '../../src/contract/types';
import { t as shell } from '../../src/web/i18n/ar';
import { formatCode, formatNumber, formatPercent, formatPrice } from '../../src/web/lib/format';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import { cartChoice, expectNoAxeViolations, hydrated, PLACED_ORDER_URL, sidewaysOverflow, toast } from './support';

/**
 * The cart, the payment page and the top bar's cart badge, against the seeded demo shop. Every
 * test signs up its own customer; products that get ordered (stock and sales change) and coupons
 * are made for the test and deleted after it, so the shared catalogue stays as other specs expect.
 */

// Whole shopping journeys (sign-in, several changes, an order) take longer than one page.
test.describe.configure({ timeout: 60_000 });

const CURRENCY = 'SAR'; // the shop's default; the test server does not change it
const PASSWORD = 'Secret-pass-1';
const ADMIN = { email: 'admin@matjar.local', password: 'Matjar-Admin-2026' };
// Seeded products (src/db/seed/catalogue.ts): one with colours and reviews, one with neither.
const S24 = 'هاتف سامسونج جالاكسي S24 ألترا 256 جيجابايت';
const LEGO = 'مجموعة ليغو سيتي محطة الإطفاء 540 قطعة';

const t = {
  title: 'سلة التسوق',
  empty: 'السلة فارغة',
  added: 'تمت إضافة المنتج إلى السلة',
  updated: 'تم تحديث الكمية',
  removed: 'تم حذف المنتج من السلة',
  cleared: 'تم تفريغ السلة',
  belowOne: 'الكمية لا تقل عن 1',
  left: (n: number) => `متبقٍ ${n} فقط`,
  cappedTo: (n: number) => `متبقٍ ${n} فقط، فصارت الكمية ${n}`,
  allInCart: (n: number) => `متبقٍ ${n} فقط، وكلها في سلتك`,
  notEnoughStock: 'الكمية المطلوبة غير متوفرة في المخزون',
  couponInvalid: 'الكوبون غير صالح أو منتهي الصلاحية',
  couponApplied: (name: string) => `تم تطبيق الكوبون ${name}`,
  payTitle: 'الدفع وإتمام الطلب',
  addressRequired: 'يرجى اختيار العنوان',
  methodRequired: 'يرجى اختيار طريقة الدفع',
  orderPlaced: 'تم إنشاء طلبك بنجاح',
  paymentCancelled:
    'لم يكتمل الدفع بالبطاقة، فلم نُنشئ طلباً ولم نخصم شيئاً. سلتك كما هي: حاول مرة أخرى أو اختر الدفع عند الاستلام.',
  stockShort: (title: string) => `الكمية المتوفرة من «${title}» لا تكفي لطلبك. عدّل الكمية في السلة ثم حاول مرة أخرى.`,
  badge: (count: string) => `السلة، ${count}`,
  testPaymentsNotice: 'وضع تجريبي: صفحة الدفع تجريبية، لن يُخصم أي مبلغ ويُسجَّل الطلب طلباً تجريبياً.',
  cardUnavailable: 'الدفع بالبطاقة غير متاح في هذا المتجر حالياً، ادفع عند الاستلام',
};

type Customer = { email: string; token: string };
type Api = ReturnType<typeof apiAs>;

/** Calls /api/v1 as someone (or no one), failing the test on an unexpected status. */
function apiAs(request: APIRequestContext, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  async function send<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown, status?: number) {
    const response = await request[method](`/api/v1${path}`, { headers, ...(data === undefined ? {} : { data }) });
    if (status !== undefined) expect(response.status(), await response.text()).toBe(status);
    else expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  }
  return {
    get: <T>(path: string) => send<T>('get', path),
    post: <T>(path: string, data?: unknown, status?: number) => send<T>('post', path, data ?? {}, status),
    put: <T>(path: string, data?: unknown) => send<T>('put', path, data ?? {}),
    delete: (path: string) => send<undefined>('delete', path),
    headers,
  };
}

async function adminApi(request: APIRequestContext) {
  const { token } = await apiAs(request).post<{ token: string }>('/auth/login', ADMIN, 200);
  return apiAs(request, token);
}

async function newCustomer(request: APIRequestContext): Promise<Customer> {
  const email = `cart-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await apiAs(request).post<{ token: string }>(
    '/auth/signup',
    { name: 'ليلى حسن', email, phone: '0551234567', password: PASSWORD, passwordConfirm: PASSWORD },
    201,
  );
  return { email, token };
}

async function productNamed(request: APIRequestContext, title: string): Promise<Product> {
  const body = await apiAs(request).get<ListEnvelope<Product>>(
    `/products?keyword=${encodeURIComponent(title)}&limit=5`,
  );
  const found = body.data.find((p) => p.title === title);
  if (!found) throw new Error(`seeded product missing: ${title}`);
  return found;
}

/** A product made for one test (in the seeded LEGO product's category and brand); delete it after. */
async function createProduct(request: APIRequestContext, admin: Api, quantity: number, price = 250) {
  const lego = await productNamed(request, LEGO);
  const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
  const response = await request.post('/api/v1/products', {
    headers: admin.headers,
    multipart: {
      title: `منتج اختبار السلة ${randomUUID().slice(0, 8)}`,
      description: 'منتج مؤقت لاختبار السلة والدفع',
      quantity: String(quantity),
      price: String(price),
      category: lego.category,
      brand: lego.brand ?? '',
      imageCover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Product }).data;
}

async function addToCartByApi(customer: Customer, request: APIRequestContext, productId: string, times = 1) {
  const api = apiAs(request, customer.token);
  for (let i = 0; i < times; i++) await api.post('/cart', { productId });
}

async function addAddress(request: APIRequestContext, customer: Customer, alias = 'المنزل') {
  const { data } = await apiAs(request, customer.token).post<{ data: Address[] }>('/addresses', {
    alias,
    details: 'شارع التحلية 12، الروضة',
    phone: '0551234567',
    city: 'جدة',
  });
  const address = data.find((a) => a.alias === alias);
  if (!address) throw new Error('address not saved');
  return address;
}

async function createCoupon(admin: Api, discount: number, expire = '2099-12-31') {
  const name = `CART${randomUUID().slice(0, 6).toUpperCase()}`;
  const { data } = await admin.post<{ data: { id: string; name: string } }>(
    '/coupons',
    { name, expire, discount },
    201,
  );
  return data;
}

async function signIn(page: Page, customer: Customer, path = '/cart') {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(customer.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(path);
}

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^السلة،/ });
const main = (page: Page) => page.getByRole('main');
const row = (page: Page, title: string) =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });
const quantityOf = (line: Locator) => line.getByRole('textbox', { name: /^الكمية/ });
/** The cart's summary names the goods' value (docs/pricing.md): the total comes at payment. */
const goods = (page: Page) =>
  main(page)
    .locator('dt', { hasText: /^قيمة المنتجات$/ })
    .locator('xpath=following-sibling::dd');
const goodsAfterDiscount = (page: Page) =>
  main(page).locator('dt', { hasText: 'قيمة المنتجات بعد الخصم' }).locator('xpath=following-sibling::dd');

/** Records the form posts of the page: an ignored value or an empty coupon must send nothing. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return posts;
}

async function cartOf(request: APIRequestContext, customer: Customer) {
  return apiAs(request, customer.token).get<CartEnvelope>('/cart');
}

test.describe('the cart page', () => {
  test('a guest sees an empty basket, payment asks them to sign in; an empty cart says so', async ({
    page,
    request,
  }) => {
    await page.goto('/cart');
    await expect(main(page).getByText(t.empty, { exact: true })).toBeVisible();
    await page.goto('/order/paymethoud');
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('redirectTo')]).toEqual(['/login', '/order/paymethoud']);

    const customer = await newCustomer(request);
    await signIn(page, customer);
    await expect(page).toHaveTitle(`${t.title} | متجر`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /سلتك/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/cart$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(main(page).getByText(t.empty, { exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'تصفّح المنتجات' })).toHaveAttribute('href', '/products');
    await expect(main(page).getByRole('link', { name: 'إتمام الشراء' })).toHaveCount(0);
    await expect(badge(page)).toHaveAccessibleName(t.badge('لا توجد منتجات'));
    await expectNoAxeViolations(page);

    // Nothing to pay for: the payment page says so and goes to the cart.
    await page.goto('/order/paymethoud');
    await expect(page).toHaveURL('/cart');
    await expect(toast(page, t.empty)).toBeVisible();
  });

  test('two products added from their pages: the badge counts them without a reload, the cart shows each line', async ({
    page,
    request,
  }) => {
    const [s24, lego] = await Promise.all([productNamed(request, S24), productNamed(request, LEGO)]);
    const customer = await newCustomer(request);
    await signIn(page, customer, `/products/${s24.id}`);
    await hydrated(page.locator('main h1'));
    await expect(badge(page)).toHaveAccessibleName(t.badge('لا توجد منتجات'));
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });

    await main(page).getByRole('radiogroup', { name: 'اللون' }).getByTitle('رمادي').click();
    await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(toast(page, t.added)).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName(t.badge('منتج واحد'));
    await expect(badge(page)).toHaveText(/1$/);
    // The page was not reloaded: the badge came with the data revalidated after the add.
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

    await page.goto(`/products/${lego.id}`);
    await hydrated(page.locator('main h1'));
    await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(toast(page, t.added)).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName(t.badge('منتجان'));
    await expect(badge(page)).toHaveText(/2$/);

    // The toast starts below the sticky top bar, so the shopper's tap on the cart link reaches it
    // while the toast shows (on a 360 px phone it once lay over the bar and took the tap).
    const bar = await page.locator('[data-top-bar]').boundingBox();
    const barBottom = (bar?.y ?? 0) + (bar?.height ?? Number.POSITIVE_INFINITY);
    // Polled: the toast slides in from above before it rests.
    await expect.poll(async () => (await toast(page, t.added).boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(barBottom);
    await badge(page).click();
    await expect(page).toHaveURL('/cart');
    await expect(main(page).getByRole('listitem')).toHaveCount(2);
    await expect(main(page).getByText('(منتجان)')).toBeVisible();

    const phone = row(page, S24);
    await expect(phone.getByText('التصنيف: هواتف ذكية')).toBeVisible();
    await expect(phone.getByText('الماركة: سامسونج')).toBeVisible();
    // The product's real rating, not a fixed 4.5.
    const s24Rating = formatNumber(s24.ratingsAverage, 1);
    await expect(phone.getByRole('img', { name: `التقييم ${s24Rating} من 5` })).toBeVisible();
    await expect(phone.getByText(`(${s24.ratingsQuantity} تقييمات)`)).toBeVisible();
    await expect(phone.getByText('اللون: رمادي')).toBeVisible();
    await expect(phone.getByText(formatPrice(s24.priceAfterDiscount ?? s24.price, CURRENCY))).toBeVisible();
    await expect(quantityOf(phone)).toHaveValue('1');
    await expect(phone.getByRole('link', { name: S24 })).toHaveAttribute('href', `/products/${s24.id}`);

    const toy = row(page, LEGO);
    await expect(toy.getByText('التصنيف: ألعاب')).toBeVisible();
    await expect(toy.getByText('الماركة: ليغو')).toBeVisible();
    // No reviews yet: no empty stars and no «0».
    await expect(toy.getByRole('img', { name: /من 5/ })).toHaveCount(0);
    await expect(toy.getByText('(لا توجد تقييمات)')).toBeVisible();
    // No colour chosen for a product without colours: no colour shown.
    await expect(toy.getByText(/^اللون:/)).toHaveCount(0);

    const sum = (s24.priceAfterDiscount ?? s24.price) + (lego.priceAfterDiscount ?? lego.price);
    await expect(goods(page)).toHaveText(formatPrice(sum, CURRENCY));
    await expect(main(page).getByText('قيمة المنتجات بعد الخصم')).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'إتمام الشراء' })).toHaveAttribute('href', '/order/paymethoud');
    // Nothing sticks out sideways, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('quantities change in place: below 1 is ignored, above the stock is capped; remove a line; clear after confirming', async ({
    page,
    request,
  }) => {
    const [s24, lego] = await Promise.all([productNamed(request, S24), productNamed(request, LEGO)]);
    const customer = await newCustomer(request);
    await apiAs(request, customer.token).post('/cart', { productId: s24.id, color: s24.availableColors[0] });
    await addToCartByApi(customer, request, lego.id);
    await signIn(page, customer);
    await hydrated(page.locator('main h1'));
    const toy = row(page, LEGO);
    const legoPrice = lego.priceAfterDiscount ?? lego.price;
    const s24Price = s24.priceAfterDiscount ?? s24.price;

    await toy.getByRole('button', { name: `زيادة كمية ${LEGO}` }).click();
    await expect(toast(page, t.updated)).toBeVisible();
    await expect(quantityOf(toy)).toHaveValue('2');
    await expect(toy.getByText(formatPrice(legoPrice * 2, CURRENCY))).toBeVisible();
    await expect(toy.getByText(`سعر القطعة ${formatPrice(legoPrice, CURRENCY)}`)).toBeVisible();
    await expect(goods(page)).toHaveText(formatPrice(s24Price + legoPrice * 2, CURRENCY));
    await toy.getByRole('button', { name: `إنقاص كمية ${LEGO}` }).click();
    await expect(quantityOf(toy)).toHaveValue('1');
    await expect(toy.getByRole('button', { name: `إنقاص كمية ${LEGO}` })).toBeDisabled();

    // Typed values: Arabic-Indic digits count; below 1 is ignored (nothing is sent) with a message.
    const posts = recordPosts(page);
    await quantityOf(toy).fill('٣');
    await expect(quantityOf(toy)).toHaveValue('3', { timeout: 5000 });
    await expect
      .poll(async () => (await cartOf(request, customer)).data.products.find((l) => l.product._id === lego.id)?.count)
      .toBe(3);
    await expect(goods(page)).toHaveText(formatPrice(s24Price + legoPrice * 3, CURRENCY));
    posts.length = 0;
    await quantityOf(toy).fill('0');
    await expect(toy.getByText(t.belowOne)).toBeVisible();
    await expect(quantityOf(toy)).toHaveAccessibleDescription(t.belowOne);
    await quantityOf(toy).fill('-2');
    await page.waitForTimeout(800);
    await quantityOf(toy).blur();
    await expect(quantityOf(toy)).toHaveValue('3');
    expect(posts).toEqual([]);
    expect((await cartOf(request, customer)).data.products.find((l) => l.product._id === lego.id)?.count).toBe(3);

    // Above the stock: capped to it.
    const phone = row(page, S24);
    await quantityOf(phone).fill(String(s24.quantity + 50));
    await expect(quantityOf(phone)).toHaveValue(String(s24.quantity));
    await expect(phone.getByText(t.left(s24.quantity), { exact: true })).toBeVisible();
    await expect(toast(page, t.cappedTo(s24.quantity))).toBeVisible();
    await expect
      .poll(async () => (await cartOf(request, customer)).data.products.find((l) => l.product._id === s24.id)?.count)
      .toBe(s24.quantity);
    await expect(phone.getByRole('button', { name: `زيادة كمية ${S24}` })).toBeDisabled();

    // Remove one line.
    await toy.getByRole('button', { name: `حذف ${LEGO} من السلة` }).click();
    await expect(toast(page, t.removed)).toBeVisible();
    await expect(main(page).getByRole('listitem')).toHaveCount(1);
    await expect(badge(page)).toHaveAccessibleName(t.badge('منتج واحد'));

    // Clear: the dialog asks first; cancelling keeps the cart.
    await main(page).getByRole('button', { name: 'تفريغ السلة' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'تفريغ السلة؟' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('ستُحذف كل المنتجات من سلتك');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(main(page).getByRole('listitem')).toHaveCount(1);

    await main(page).getByRole('button', { name: 'تفريغ السلة' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'نعم، فرّغ السلة' }).click();
    await expect(toast(page, t.cleared)).toBeVisible();
    await expect(main(page).getByText(t.empty, { exact: true })).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName(t.badge('لا توجد منتجات'));
    expect((await cartOf(request, customer)).numOfCartItems).toBe(0);
  });

  test('coupons: an empty code does nothing, unknown and expired codes are refused, a valid one discounts the total', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const [valid, expired, full] = await Promise.all([
      createCoupon(admin, 25),
      createCoupon(admin, 30, '2020-01-01'),
      createCoupon(admin, 100),
    ]);
    try {
      const lego = await productNamed(request, LEGO);
      const price = lego.priceAfterDiscount ?? lego.price;
      const customer = await newCustomer(request);
      await addToCartByApi(customer, request, lego.id, 2);
      await signIn(page, customer);
      await hydrated(page.locator('main h1'));
      const field = main(page).getByRole('textbox', { name: 'كوبون الخصم' });
      const apply = main(page).getByRole('button', { name: 'تطبيق' });

      const posts = recordPosts(page);
      await apply.click();
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
      await expect(field).toBeFocused();
      await expect(main(page).getByRole('alert')).toHaveCount(0);
      await expect(goods(page)).toHaveText(formatPrice(price * 2, CURRENCY));

      await field.fill('NO-SUCH-CODE');
      await apply.click();
      await expect(main(page).getByText(t.couponInvalid)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(t.couponInvalid);
      // What was typed stays, so it can be corrected.
      await expect(field).toHaveValue('NO-SUCH-CODE');

      await field.fill(expired.name);
      await expect(main(page).getByText(t.couponInvalid)).toHaveCount(0);
      await apply.click();
      await expect(main(page).getByText(t.couponInvalid)).toBeVisible();
      await expect(main(page).getByText('قيمة المنتجات بعد الخصم')).toHaveCount(0);

      // Typed in lower case: coupon names are upper case.
      await field.fill(valid.name.toLowerCase());
      await apply.click();
      await expect(toast(page, t.couponApplied(valid.name))).toBeVisible();
      await expect(main(page).getByText(t.couponInvalid)).toHaveCount(0);
      await expect(main(page).getByText(valid.name, { exact: true })).toBeVisible();
      await expect(main(page).getByText(`(خصم ${formatPercent(0.25)})`)).toBeVisible();
      await expect(goods(page)).toHaveText(formatPrice(price * 2, CURRENCY));
      await expect(goodsAfterDiscount(page)).toHaveText(formatPrice(price * 2 * 0.75, CURRENCY));

      // The payment page asks for the discounted total, in the shop currency.
      await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
      await expect(page).toHaveURL('/order/paymethoud');
      await expect(main(page).getByText('قيمة المنتجات بعد الخصم').locator('xpath=..')).toContainText(
        formatPrice(price * 2 * 0.75, CURRENCY),
      );

      // A total below 1 (a 100% coupon) cannot be checked out.
      await page.goto('/cart');
      await hydrated(page.locator('main h1'));
      await field.fill(full.name);
      await apply.click();
      await expect(goodsAfterDiscount(page)).toHaveText(formatPrice(0, CURRENCY));
      await expect(main(page).getByRole('button', { name: 'إتمام الشراء' })).toBeDisabled();
      await expect(main(page).getByRole('button', { name: 'إتمام الشراء' })).toHaveAccessibleDescription(
        `لإتمام الشراء يجب ألا تقل قيمة المنتجات عن ${formatPrice(1, CURRENCY)}`,
      );
      await expect(main(page).getByRole('link', { name: 'إتمام الشراء' })).toHaveCount(0);
    } finally {
      await Promise.all([valid, expired, full].map((c) => admin.delete(`/coupons/${c.id}`)));
    }
  });
});

test.describe('a guest basket (docs/decisions/0021-guest-basket.md)', () => {
  /** A guest adds from the product page: no sign-in asked, the badge counts the line. */
  async function guestAdds(page: Page, product: Product, lines: string) {
    await page.goto(`/products/${product.id}`);
    await hydrated(page.locator('main h1'));
    await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(toast(page, t.added)).toBeVisible();
    await expect(page).toHaveURL(`/products/${product.id}`);
    await expect(badge(page)).toHaveAccessibleName(t.badge(lines));
  }

  test('at 360 px: a guest adds, changes the count in the cart, checks out by signing in and lands on payment with the lines merged', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 5);
    const held = await createProduct(request, admin, 3);
    try {
      const customer = await newCustomer(request);
      // The customer already holds 2 of `held`; the guest adds 2 more: the merge caps at the 3 in stock.
      await addToCartByApi(customer, request, held.id, 2);
      await guestAdds(page, product, 'منتج واحد');
      await guestAdds(page, held, 'منتجان');
      const cookie = (await page.context().cookies()).find((c) => c.name === 'matjar_basket');
      expect(cookie?.httpOnly).toBe(true);
      await page.goto(`/products/${held.id}`);
      await hydrated(page.locator('main h1'));
      await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
      await expect(toast(page, t.added)).toBeVisible();

      await badge(page).click();
      await expect(page).toHaveURL('/cart');
      await expect(main(page).getByRole('listitem')).toHaveCount(2);
      const line = row(page, product.title);
      await line.getByRole('button', { name: `زيادة كمية ${product.title}` }).click();
      await expect(quantityOf(line)).toHaveValue('2');
      await line.getByRole('button', { name: `زيادة كمية ${product.title}` }).click();
      await expect(toast(page, t.updated).first()).toBeVisible();
      await expect(quantityOf(line)).toHaveValue('3');
      // Coupons are for customers: no coupon box for a guest.
      await expect(main(page).getByLabel('كوبون الخصم')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);

      await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
      await page.waitForURL(/\/login\?/);
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get('redirectTo')]).toEqual(['/login', '/order/paymethoud']);
      await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(customer.email);
      await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await expect(page).toHaveURL('/order/paymethoud');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payTitle);
      // The customer is told one line was cut to the stock.
      await expect(toast(page, 'قلّلنا كمية منتج واحد إلى المتوفر في المخزون')).toBeVisible();

      const { data: cart } = await cartOf(request, customer);
      const counts = Object.fromEntries(cart.products.map((l) => [l.product._id, l.count]));
      expect(counts).toEqual({ [product.id]: 3, [held.id]: 3 });
      // The basket is gone with its cookie.
      expect((await page.context().cookies()).find((c) => c.name === 'matjar_basket')).toBeUndefined();
    } finally {
      await admin.delete(`/products/${product.id}`);
      await admin.delete(`/products/${held.id}`);
    }
  });

  test('a guest who signs up at checkout is signed in and back at payment, the basket in the new cart', async ({
    page,
    request,
  }) => {
    const lego = await productNamed(request, LEGO);
    await guestAdds(page, lego, 'منتج واحد');
    await page.goto('/cart');
    await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole('link', { name: 'أنشئ حساباً جديداً' }).click();
    await expect(page).toHaveURL('/register?redirectTo=%2Forder%2Fpaymethoud');
    await hydrated(page.locator('main h1'));
    const email = `basket-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('الاسم', { exact: true }).fill('نورة خالد');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
    await page.getByLabel('رقم الجوال', { exact: true }).fill('0551234567');
    await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
    await page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL('/order/paymethoud');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payTitle);
    await expect(badge(page)).toHaveAccessibleName(t.badge('منتج واحد'));
    const { token } = await apiAs(request).post<{ token: string }>('/auth/login', { email, password: PASSWORD }, 200);
    const { data: cart } = await cartOf(request, { email, token });
    expect(cart.products.map((l) => [l.product._id, l.count])).toEqual([[lego.id, 1]]);
  });
});

test.describe('the payment page', () => {
  test('asks for a payment method and an address, each at its field', async ({ page, request }) => {
    const lego = await productNamed(request, LEGO);
    const customer = await newCustomer(request);
    await addToCartByApi(customer, request, lego.id);
    await signIn(page, customer);
    await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
    await expect(page).toHaveURL('/order/paymethoud');
    await expect(page).toHaveTitle(`${t.payTitle} | متجر`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/order\/paymethoud$/);
    await hydrated(page.locator('main h1'));

    // No saved address yet: the page says so and offers adding one here (checkout.spec.ts).
    await expect(main(page).getByText('لا توجد عناوين محفوظة بعد')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'أضف عنواناً جديداً' })).toBeVisible();
    await expect(main(page).getByText('قيمة المنتجات', { exact: true }).locator('xpath=..')).toContainText(
      formatPrice(lego.priceAfterDiscount ?? lego.price, CURRENCY),
    );
    await expectNoAxeViolations(page);

    const posts = recordPosts(page);
    await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
    const methods = main(page).getByRole('group', { name: 'طريقة الدفع' });
    const address = main(page).getByRole('combobox', { name: 'عنوان الشحن' });
    await expect(methods).toHaveAccessibleDescription(t.methodRequired);
    await expect(address).toHaveAccessibleDescription(new RegExp(`^${t.addressRequired}`));
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByRole('radio', { name: /الدفع بالبطاقة/ })).toBeFocused();
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);

    // With two addresses saved (one alone would be chosen already): choosing only the method asks
    // for the address, and the other way round.
    await addAddress(request, customer);
    await addAddress(request, customer, 'العمل');
    await page.reload();
    await hydrated(page.locator('main h1'));
    await main(page)
      .getByRole('radio', { name: /الدفع عند الاستلام/ })
      .check();
    await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
    await expect(main(page).getByText(t.addressRequired)).toBeVisible();
    await expect(main(page).getByText(t.methodRequired)).toHaveCount(0);
    await expect(address).toBeFocused();

    await page.reload();
    await hydrated(page.locator('main h1'));
    await address.selectOption({ label: 'المنزل — شارع التحلية 12، الروضة، جدة — \u2068+966 55 123 4567\u2069' });
    await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
    await expect(main(page).getByText(t.methodRequired)).toBeVisible();
    await expect(main(page).getByText(t.addressRequired)).toHaveCount(0);
    expect(posts).toEqual([]);

    // The cart emptied elsewhere meanwhile: 'the cart is empty', on the cart page.
    await apiAs(request, customer.token).delete('/cart');
    await main(page)
      .getByRole('radio', { name: /الدفع عند الاستلام/ })
      .check();
    await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(toast(page, t.empty)).toBeVisible();
  });

  test('cash on delivery places the order, then the orders page follows', async ({ page, request }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 10, 120);
    try {
      const customer = await newCustomer(request);
      const saved = await addAddress(request, customer);
      await addToCartByApi(customer, request, product.id, 2);
      await signIn(page, customer, '/order/paymethoud');
      await hydrated(page.locator('main h1'));
      await main(page)
        .getByRole('radio', { name: /الدفع عند الاستلام/ })
        .check();
      await main(page).getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(saved._id);
      await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
      await expect(toast(page, t.orderPlaced)).toBeVisible();
      // The order's page follows a second later (docs/specification.md (States and transitions)).
      expect(new URL(page.url()).pathname).toBe('/order/paymethoud');
      await expect(page).toHaveURL(PLACED_ORDER_URL);
      await expect(badge(page)).toHaveAccessibleName(t.badge('لا توجد منتجات'));

      const orders = await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders');
      expect(orders.results).toBe(1);
      const [order] = orders.data;
      expect(order).toMatchObject({
        paymentMethodType: 'cash',
        isPaid: false,
        totalOrderPrice: 240,
        shippingAddress: { details: saved.details, phone: saved.phone, city: saved.city },
      });
      expect(order?.cartItems.map((item) => [item.product.title, item.count])).toEqual([[product.title, 2]]);
      expect((await cartOf(request, customer)).numOfCartItems).toBe(0);
      const after = await apiAs(request).get<{ data: Product }>(`/products/${product.id}`);
      expect(after.data).toMatchObject({ quantity: 8, sold: 2 });
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });

  /** Card payment chosen and sent: the provider's page, in this same tab (docs/decisions/0022-card-payment-same-tab.md). */
  async function goToProvider(page: Page, product: Product) {
    await main(page)
      .getByRole('radio', { name: /الدفع بالبطاقة/ })
      .check();
    await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
    await expect(page).toHaveURL(/\/pay\/test\/test_[0-9a-f]{32}$/);
    await expect(page.getByRole('heading', { name: 'بوابة الدفع التجريبية' })).toBeVisible();
    await expect(page.getByText(formatPrice(product.price, CURRENCY))).toBeVisible();
    // The provider's page fits a 360 px phone: nothing sideways, both buttons on the first screen.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    for (const name of ['ادفع الآن', 'إلغاء']) await expect(page.getByRole('button', { name })).toBeInViewport();
    expect(page.context().pages()).toHaveLength(1);
  }

  /** A customer on a 360 px phone with one product in the cart, who chose card payment: the provider's page. */
  async function openCardPayment(page: Page, request: APIRequestContext, product: Product) {
    await page.setViewportSize({ width: 360, height: 740 });
    const customer = await newCustomer(request);
    const saved = await addAddress(request, customer);
    await addToCartByApi(customer, request, product.id);
    await signIn(page, customer, '/order/paymethoud');
    await hydrated(page.locator('main h1'));
    // This shop pays through the test provider: the screen says no money moves.
    await expect(main(page).getByText(t.testPaymentsNotice)).toBeVisible();
    // The only saved address is chosen already.
    await expect(main(page).getByRole('combobox', { name: 'عنوان الشحن' })).toHaveValue(saved._id);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await goToProvider(page, product);
    // No order until the payment is confirmed.
    expect((await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders')).results).toBe(0);
    return { customer, saved, provider: page };
  }

  test('card: the provider page opens in the same tab; paying there makes a paid order and empties the cart', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 10, 99.5);
    try {
      const { customer, provider } = await openCardPayment(page, request, product);
      await provider.getByRole('button', { name: 'ادفع الآن' }).click();
      // Back on the order's page (?paid=1 said once as a toast, then the order's thank-you).
      await expect(provider).toHaveURL(PLACED_ORDER_URL);
      const orders = await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders');
      expect(orders.results).toBe(1);
      expect(orders.data[0]).toMatchObject({ paymentMethodType: 'card', isPaid: true, totalOrderPrice: 99.5 });
      const number = formatCode(orders.data[0]?.number ?? 0);
      await expect(toast(provider, `تم استلام الدفع وتأكيد طلبك رقم ${number}`)).toBeVisible();
      // A test order says so on its card.
      await expect(main(provider).getByRole('article')).toContainText(
        'طلب تجريبي: دُفع عبر بوابة الدفع التجريبية: لم يُدفع أي مبلغ حقيقي.',
      );
      expect((await cartOf(request, customer)).numOfCartItems).toBe(0);
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });

  test('card: cancelling on the provider page comes back to the payment screen with a message, the cart intact; paying again works', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 10, 42);
    try {
      const { customer, saved, provider } = await openCardPayment(page, request, product);
      const paymentPage = provider.url();
      await provider.getByRole('button', { name: 'إلغاء' }).click();
      await expect(page).toHaveURL(/\/order\/paymethoud\?payment=cancelled&checkout=[0-9a-f-]{36}$/);
      await expect(main(page).getByRole('alert')).toHaveText(t.paymentCancelled);
      // Everything as it was: the goods, the address, card still chosen.
      await expect(main(page).getByRole('region', { name: 'محتوى الطلب' })).toContainText(product.title);
      await expect(main(page).getByRole('combobox', { name: 'عنوان الشحن' })).toHaveValue(saved._id);
      await expect(main(page).getByRole('radio', { name: /الدفع بالبطاقة/ })).toBeChecked();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect((await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders')).results).toBe(0);
      expect((await cartOf(request, customer)).numOfCartItems).toBe(1);
      const after = await apiAs(request).get<{ data: Product }>(`/products/${product.id}`);
      expect(after.data).toMatchObject({ quantity: 10, sold: 0 });
      await expectNoAxeViolations(page);

      // A second attempt: a new provider page, paid, the thank-you page.
      await hydrated(page.locator('main h1'));
      await goToProvider(page, product);
      expect(page.url()).not.toBe(paymentPage);
      const paidReturn = page.waitForRequest(/\/user\/allOrders\?paid=1&checkout=/);
      await page.getByRole('button', { name: 'ادفع الآن' }).click();
      const paidCheckout = new URL((await paidReturn).url()).searchParams.get('checkout');
      await expect(page).toHaveURL(PLACED_ORDER_URL);
      await expect(toast(page, 'تم استلام الدفع وتأكيد طلبك رقم')).toBeVisible();
      expect((await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders')).results).toBe(1);
      expect((await cartOf(request, customer)).numOfCartItems).toBe(0);

      // A cancel address of a checkout paid since (a late confirmation, another tab) says it is paid:
      // its thank-you page, never an invitation to pay again.
      expect(paidCheckout).toMatch(/^[0-9a-f-]{36}$/);
      await page.goto(`/order/paymethoud?payment=cancelled&checkout=${paidCheckout}`);
      await expect(page).toHaveURL(PLACED_ORDER_URL);
      // A made-up one says nothing of a payment.
      await addToCartByApi(customer, request, product.id);
      await page.goto('/order/paymethoud?payment=cancelled&checkout=00000000-0000-4000-8000-000000000000');
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main(page).getByText(t.paymentCancelled)).toHaveCount(0);

      // The cancelled page cannot be paid any more (a plain page: not the fixture's goto, which waits for React).
      const old = await page.context().newPage();
      await old.goto(paymentPage);
      await expect(old.getByRole('status')).toHaveText(
        'انتهت صلاحية جلسة الدفع هذه، ارجع إلى المتجر وابدأ الدفع من جديد.',
      );
      await expect(old.getByRole('button', { name: 'ادفع الآن' })).toHaveCount(0);
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });

  test('card: back from the provider before it confirmed, the orders page waits, then shows the order', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 10, 61);
    try {
      const customer = await newCustomer(request);
      const saved = await addAddress(request, customer);
      await addToCartByApi(customer, request, product.id);
      const cartId = (await cartOf(request, customer)).data._id;
      const { session } = await apiAs(request, customer.token).get<{
        session: { url: string; checkoutId: string };
      }>(`/orders/checkout-session/${cartId}?addressId=${saved._id}`);
      await signIn(page, customer, `/user/allOrders?paid=1&checkout=${session.checkoutId}`);
      await expect(main(page).getByRole('status').filter({ hasText: 'نتحقق من الدفع' })).toBeVisible();
      // The provider's confirmation arrives while the page waits (its button, on the page it opened).
      await request.get(session.url);
      expect((await request.post(`${session.url}/pay`, { maxRedirects: 0 })).status()).toBe(303);
      await expect(toast(page, 'تم استلام الدفع وتأكيد طلبك رقم')).toBeVisible();
      await expect(page).toHaveURL(PLACED_ORDER_URL);
      await expect(main(page).getByRole('heading', { name: 'شكراً لطلبك' })).toBeVisible();
      await expect(main(page).getByRole('article')).toContainText(product.title);
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });

  test('a quantity above the stock says how many are left, in the cart and on the product page, at 360 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 9);
    try {
      const customer = await newCustomer(request);
      await addToCartByApi(customer, request, product.id, 3);
      await signIn(page, customer);
      await hydrated(page.locator('main h1'));
      const line = row(page, product.title);

      // Typed past the stock: cut to it, the field says what is left and the toast warns, not a plain success.
      await quantityOf(line).fill('15');
      await expect(quantityOf(line)).toHaveValue('9');
      await expect(line.getByText(t.left(9), { exact: true })).toBeVisible();
      await expect(quantityOf(line)).toHaveAccessibleDescription(t.left(9));
      await expect(toast(page, t.cappedTo(9))).toBeVisible();
      await expect(toast(page, t.updated)).toHaveCount(0);
      await expect
        .poll(
          async () => (await cartOf(request, customer)).data.products.find((l) => l.product._id === product.id)?.count,
        )
        .toBe(9);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      // Its card in a listing: no rating line at all before the first review.
      await page.goto(`/products?keyword=${encodeURIComponent(product.title)}`);
      const card = main(page)
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { level: 3, name: product.title }) });
      await expect(card).toBeVisible();
      await expect(card.getByText(/التقييم/)).toHaveCount(0);
      await expect(card.getByText('0', { exact: true })).toHaveCount(0);

      // The product page: no reviews yet, so no stars and no «0»; adding one more says all 9 are in the cart.
      await page.goto(`/products/${product.id}`);
      await hydrated(page.locator('main h1'));
      await expect(main(page).getByRole('link', { name: 'لا توجد تقييمات' })).toBeVisible();
      await expect(main(page).getByRole('img', { name: /من 5/ })).toHaveCount(0);
      await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
      await expect(toast(page, t.allInCart(9))).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });

  test('short stock: the cart says so, and the order is refused naming the product while the cart stays', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 5);
    try {
      const customer = await newCustomer(request);
      const saved = await addAddress(request, customer);
      await addToCartByApi(customer, request, product.id, 3);
      await signIn(page, customer);
      await hydrated(page.locator('main h1'));
      const line = row(page, product.title);
      await expect(quantityOf(line)).toHaveValue('3');

      // The product sells out while the page is open: the API refuses any count, said in Arabic,
      // and the page reloads the cart to show why.
      await admin.put(`/products/${product.id}`, { quantity: 0 });
      await line.getByRole('button', { name: `إنقاص كمية ${product.title}` }).click();
      await expect(toast(page, t.notEnoughStock)).toBeVisible();
      await expect(quantityOf(line)).toHaveValue('3');
      await expect(line.getByText('نفدت كمية هذا المنتج، احذفه من السلة لإتمام الشراء')).toBeVisible();

      // Some stock again, still less than the cart holds.
      await admin.put(`/products/${product.id}`, { quantity: 2 });
      await page.reload();
      await expect(line.getByText('المتوفر حالياً 2 فقط، قلّل الكمية قبل إتمام الشراء')).toBeVisible();

      await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
      await expect(page).toHaveURL('/order/paymethoud');
      await hydrated(page.locator('main h1'));
      const address = main(page).getByRole('combobox', { name: 'عنوان الشحن' });
      for (const method of [/الدفع عند الاستلام/, /الدفع بالبطاقة/]) {
        await main(page).getByRole('radio', { name: method }).check();
        await address.selectOption(saved._id);
        await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
        await expect(main(page).getByRole('alert')).toHaveText(t.stockShort(product.title));
        await expect(page).toHaveURL('/order/paymethoud');
        // The choices stay as they were.
        await expect(main(page).getByRole('radio', { name: method })).toBeChecked();
        await expect(address).toHaveValue(saved._id);
      }
      const cart = await cartOf(request, customer);
      expect(cart.data.products.map((l) => [l.product._id, l.count])).toEqual([[product.id, 3]]);
      expect((await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders')).results).toBe(0);
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });
});

test.describe('a whole purchase, as a new customer', () => {
  test('sign up, search, pick a colour, add, apply a coupon, save an address, pay cash, see the order', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 6, 200);
    await admin.put(`/products/${product.id}`, { availableColors: ['#1d4ed8', '#dc2626'] });
    const coupon = await createCoupon(admin, 10);
    try {
      const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto('/register');
      await hydrated(page.locator('main h1'));
      await page.getByLabel('الاسم', { exact: true }).fill('رانيا سمير');
      await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
      await page.getByLabel('رقم الجوال', { exact: true }).fill('0598765432');
      await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
      await page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
      // Signed in at once (docs/decisions/0020-sign-in-after-sign-up.md).
      await expect(page).toHaveURL('/');

      // Find it with the top bar's search box, open it from the results.
      const search = page.getByRole('combobox', { name: shell.search });
      await search.fill(product.title);
      await search.press('Enter');
      await expect(page).toHaveURL(/\/products\?keyword=/);
      await main(page).getByRole('article').getByRole('link', { name: product.title }).first().click();
      await expect(page).toHaveURL(`/products/${product.id}`);
      await hydrated(page.locator('main h1'));
      await main(page).getByRole('radiogroup', { name: 'اللون' }).getByTitle('أحمر').click();
      await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
      await expect(toast(page, t.added)).toBeVisible();
      await expect(badge(page)).toHaveAccessibleName(t.badge('منتج واحد'));

      // A saved address, from the account menu.
      await page.getByRole('button', { name: 'قائمة الحساب: رانيا سمير' }).click();
      await page.getByRole('menuitem', { name: 'العناوين' }).click();
      await expect(page).toHaveURL('/user/address');
      await main(page).getByRole('link', { name: 'إضافة عنوان' }).click();
      await page.getByLabel('اسم العنوان', { exact: true }).fill('البيت');
      await page.getByLabel('تفاصيل العنوان', { exact: true }).fill('شارع الأمير سلطان 40، جدة');
      await page.getByLabel('المدينة', { exact: true }).fill('جدة');
      await page.getByRole('button', { name: 'حفظ العنوان' }).click();
      await expect(page).toHaveURL('/user/address');
      await expect(main(page).getByText('شارع الأمير سلطان 40، جدة')).toBeVisible();

      // The cart: the red one, then 10% off.
      await badge(page).click();
      await expect(page).toHaveURL('/cart');
      await hydrated(page.locator('main h1'));
      await expect(row(page, product.title).getByText('اللون: أحمر')).toBeVisible();
      await main(page).getByRole('textbox', { name: 'كوبون الخصم' }).fill(coupon.name.toLowerCase());
      await main(page).getByRole('button', { name: 'تطبيق' }).click();
      await expect(toast(page, t.couponApplied(coupon.name))).toBeVisible();
      await expect(goodsAfterDiscount(page)).toHaveText(formatPrice(180, CURRENCY));

      await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
      await expect(page).toHaveURL('/order/paymethoud');
      await hydrated(page.locator('main h1'));
      await expect(main(page).getByText(formatPrice(180, CURRENCY)).first()).toBeVisible();
      await main(page)
        .getByRole('radio', { name: /الدفع عند الاستلام/ })
        .check();
      const addressChoice = main(page).getByRole('combobox', { name: 'عنوان الشحن' });
      await expect(addressChoice.locator('option').nth(1)).toContainText('البيت');
      await addressChoice.selectOption({ index: 1 });
      await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
      await expect(toast(page, t.orderPlaced)).toBeVisible();
      await expect(page).toHaveURL(PLACED_ORDER_URL);

      // The order, as the customer reads it.
      const { token } = await apiAs(request).post<{ token: string }>('/auth/login', { email, password: PASSWORD }, 200);
      const [order] = (await apiAs(request, token).get<ListEnvelope<Order>>('/orders')).data;
      if (!order) throw new Error('no order');
      const card = main(page).getByRole('article');
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(`طلب رقم ${formatCode(order.number)}`);
      await expect(card.getByRole('link', { name: product.title })).toBeVisible();
      await expect(card).toContainText('الدفع عند الاستلام');
      await expect(card).toContainText('غير مدفوع');
      await expect(card).toContainText('قيد المراجعة');
      await expect(card).toContainText(`الإجمالي${formatPrice(180, CURRENCY)}`);
      expect(order.cartItems[0]).toMatchObject({ color: '#dc2626', count: 1 });
      const after = await apiAs(request).get<{ data: Product }>(`/products/${product.id}`);
      expect(after.data).toMatchObject({ quantity: 5, sold: 1 });
    } finally {
      await admin.delete(`/products/${product.id}`);
      await admin.delete(`/coupons/${coupon.id}`);
    }
  });
});

test.describe('before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the cart works with plain form posts: quantity, coupon, remove and clear with confirmation', async ({
    page,
    request,
  }) => {
    const [s24, lego] = await Promise.all([productNamed(request, S24), productNamed(request, LEGO)]);
    const customer = await newCustomer(request);
    await apiAs(request, customer.token).post('/cart', { productId: s24.id, color: s24.availableColors[0] });
    await addToCartByApi(customer, request, lego.id);
    await signIn(page, customer);

    const toy = row(page, LEGO);
    await quantityOf(toy).fill('0');
    await toy.getByRole('button', { name: 'تحديث الكمية' }).click();
    await expect(main(page).getByRole('alert')).toHaveText(t.belowOne);
    await expect(quantityOf(toy)).toHaveValue('1');
    await quantityOf(toy).fill('4');
    await toy.getByRole('button', { name: 'تحديث الكمية' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: t.updated })).toBeVisible();
    await expect(quantityOf(toy)).toHaveValue('4');

    const field = main(page).getByRole('textbox', { name: 'كوبون الخصم' });
    await field.fill('UNKNOWN1');
    await main(page).getByRole('button', { name: 'تطبيق' }).click();
    await expect(main(page).getByText(t.couponInvalid)).toBeVisible();
    await expect(field).toHaveValue('UNKNOWN1');

    await toy.getByRole('button', { name: `حذف ${LEGO} من السلة` }).click();
    await expect(main(page).getByRole('status').filter({ hasText: t.removed })).toBeVisible();
    await expect(main(page).getByRole('listitem')).toHaveCount(1);

    await main(page).getByRole('link', { name: 'تفريغ السلة' }).click();
    await expect(page).toHaveURL('/cart?clear=confirm');
    const confirm = main(page).getByRole('region', { name: 'تفريغ السلة؟' });
    await confirm.getByRole('link', { name: 'إلغاء' }).click();
    await expect(main(page).getByRole('listitem')).toHaveCount(1);
    await main(page).getByRole('link', { name: 'تفريغ السلة' }).click();
    await main(page).getByRole('button', { name: 'نعم، فرّغ السلة' }).click();
    await expect(main(page).getByText(t.empty, { exact: true })).toBeVisible();
    expect((await cartOf(request, customer)).numOfCartItems).toBe(0);
  });

  test('the payment form checks on the server; cash goes to the orders page, card to the provider page', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    const product = await createProduct(request, admin, 10);
    try {
      const customer = await newCustomer(request);
      const saved = await addAddress(request, customer);
      // Two addresses, so none is chosen for the customer (the only one would be).
      await addAddress(request, customer, 'العمل');
      await addToCartByApi(customer, request, product.id);
      await signIn(page, customer, '/order/paymethoud');
      const submit = main(page).getByRole('button', { name: 'إتمام الشراء' });
      const address = main(page).getByRole('combobox', { name: 'عنوان الشحن' });

      await submit.click();
      await expect(main(page).getByText(t.methodRequired)).toBeVisible();
      await expect(main(page).getByText(t.addressRequired)).toBeVisible();

      await main(page)
        .getByRole('radio', { name: /الدفع بالبطاقة/ })
        .check();
      await submit.click();
      await expect(main(page).getByText(t.addressRequired)).toBeVisible();
      await expect(main(page).getByRole('radio', { name: /الدفع بالبطاقة/ })).toBeChecked();
      await address.selectOption(saved._id);
      await submit.click();
      // Without JavaScript the provider page opens in this tab.
      await expect(page).toHaveURL(/\/pay\/test\/test_[0-9a-f]{32}$/);
      await expect(page.getByRole('button', { name: 'ادفع الآن' })).toBeVisible();

      await page.goto('/order/paymethoud');
      await main(page)
        .getByRole('radio', { name: /الدفع عند الاستلام/ })
        .check();
      await address.selectOption(saved._id);
      await submit.click();
      await expect(page).toHaveURL(PLACED_ORDER_URL);
      const orders = await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders');
      expect(orders.data.map((o) => o.paymentMethodType)).toEqual(['cash']);
    } finally {
      await admin.delete(`/products/${product.id}`);
    }
  });
});

test.describe('a shop that takes cash only', () => {
  test('the payment screen shows card payment as unavailable, and a cash order goes through', async ({
    page,
    playwright,
  }) => {
    const baseURL = process.env.E2E_CASH_ONLY_URL as string;
    const request = await playwright.request.newContext({ baseURL });
    try {
      const customer = await newCustomer(request);
      const [product] = (await apiAs(request).get<ListEnvelope<Product>>('/products?limit=5&sort=-quantity')).data;
      if (!product) throw new Error('the cash-only shop has no products');
      await apiAs(request, customer.token).post('/cart', { productId: product.id, ...cartChoice(product) });
      const saved = await addAddress(request, customer);
      await page
        .context()
        .addCookies([{ name: 'matjar_session', value: customer.token, url: baseURL, httpOnly: true }]);
      await page.goto(`${baseURL}/order/paymethoud`);
      const card = main(page).getByRole('radio', { name: /الدفع بالبطاقة/ });
      await expect(card).toBeDisabled();
      await expect(main(page).getByText(t.cardUnavailable)).toBeVisible();
      await expect(main(page).getByText(t.testPaymentsNotice)).toHaveCount(0);
      await expect(main(page).getByRole('radio', { name: /الدفع عند الاستلام/ })).toBeChecked();
      await main(page).getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(saved._id);
      await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
      await expect(toast(page, t.orderPlaced)).toBeVisible();
      await expect(page).toHaveURL(PLACED_ORDER_URL);
      const orders = await apiAs(request, customer.token).get<ListEnvelope<Order>>('/orders');
      expect(orders.data.map((order) => order.paymentMethodType)).toEqual(['cash']);
    } finally {
      await request.dispose();
    }
  });
});
