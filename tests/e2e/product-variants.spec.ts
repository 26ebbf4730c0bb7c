import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { CartEnvelope, ListEnvelope, Order, Product } from '../../src/contract/types';
import { formatPrice } from '../../src/web/lib/format';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  PLACED_ORDER_URL,
  SHIPPING,
  signInWithCookie,
  toast,
} from './support';

/*
 * The product page picks a size and a colour (docs/specification.md (Product page)): values no
 * variant in stock has are disabled, price, stock and SKU follow the choice, the URL keeps it, and
 * it works before JavaScript runs.
 */

const SIZE = 'المقاس';
const COLOR = 'اللون';
const CURRENCY = 'SAR'; // the shop's default; the test server does not change it

/**
 * A shoe made for one test: 41 black (300, 5 left), 42 black (320, 280 after discount, 3 left),
 * 42 white (320, 4 left) and 43 black sold out — so size 43 is not for sale at all.
 */
async function createShoe(request: APIRequestContext): Promise<Product> {
  const token = await apiToken(request, ADMIN);
  const [someProduct] = ((await (await request.get('/api/v1/products?limit=1')).json()) as ListEnvelope<Product>).data;
  const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const response = await request.post('/api/v1/products', {
    headers: bearer(token),
    multipart: {
      title: `حذاء جري للاختبار ${randomUUID().slice(0, 8)}`,
      description: 'حذاء جري خفيف بمقاسات وألوان',
      category: someProduct?.category ?? '',
      imageCover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
      options: JSON.stringify([
        { name: SIZE, values: ['41', '42', '43'] },
        { name: COLOR, values: ['#000000', 'white'] },
      ]),
      variants: JSON.stringify([
        { options: { [SIZE]: '41', [COLOR]: '#000000' }, price: 300, quantity: 5 },
        { options: { [SIZE]: '42', [COLOR]: '#000000' }, price: 320, priceAfterDiscount: 280, quantity: 3 },
        { options: { [SIZE]: '42', [COLOR]: 'white' }, price: 320, quantity: 4 },
        { options: { [SIZE]: '43', [COLOR]: '#000000' }, price: 330, quantity: 0 },
      ]),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Product }).data;
}

const main = (page: Page) => page.getByRole('main');
const sizes = (page: Page) => main(page).getByRole('group', { name: new RegExp(`^${SIZE}`) });
const colours = (page: Page) => main(page).getByRole('group', { name: new RegExp(`^${COLOR}`) });
/** The column beside the gallery: title, price, stock, options and the button. */
const details = (page: Page) => page.getByRole('heading', { level: 1 }).locator('xpath=..');

function variantNamed(product: Product, size: string, color: string) {
  const found = product.variants.find((v) => v.options[SIZE] === size && v.options[COLOR] === color);
  if (!found) throw new Error(`no variant ${size} ${color}`);
  return found;
}

test('a shopper picks a size and colour, keeps them in the URL, adds them and orders them', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // A whole journey from the product page to a placed order.
  test.slow();
  const shoe = await createShoe(request);
  const customer = await createCustomer(request);
  await signInWithCookie(context, baseURL, customer.token);
  await page.goto(`/products/${shoe.id}`);

  // Nothing picked: the cheapest price «from», and size 43 (sold out) not on offer.
  await expect(details(page).getByText('ابتداءً من')).toBeVisible();
  await expect(details(page).getByText(formatPrice(280, CURRENCY), { exact: true })).toBeVisible();
  await expect(sizes(page).getByRole('radio', { name: '43، غير متوفر' })).toBeDisabled();
  await expect(sizes(page).getByRole('radio', { name: '42', exact: true })).toBeEnabled();
  await expect(colours(page).getByRole('radio', { name: 'أبيض' })).toBeEnabled();
  // The form's button is for pages without JavaScript only.
  await expect(main(page).getByRole('button', { name: 'تحديث الاختيار' })).toHaveCount(0);

  // Adding before choosing asks for the size, in Arabic, at the sizes.
  await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(sizes(page)).toHaveAccessibleDescription('اختر المقاس');
  await expect(sizes(page).getByRole('radio', { name: '41', exact: true })).toBeFocused();
  await expectNoAxeViolations(page);

  const historyLength = await page.evaluate(() => history.length);
  await sizes(page).getByTitle('42', { exact: true }).click();
  await expect(main(page).getByText('اختر المقاس')).toHaveCount(0);
  await expect(sizes(page)).toHaveAccessibleName(`${SIZE}: 42`);
  await colours(page).getByTitle('أبيض').click();
  await expect(colours(page)).toHaveAccessibleName(`${COLOR}: أبيض`);
  await expect(details(page).getByText(formatPrice(320, CURRENCY), { exact: true })).toBeVisible();
  await expect(details(page).getByText('ابتداءً من')).toHaveCount(0);
  await expect(details(page).getByText('متبقٍ 4 فقط')).toBeVisible();
  await expect(details(page).getByText(variantNamed(shoe, '42', 'white').sku)).toBeVisible();
  // Black 42 is discounted and has 3 left; white 41 has no variant, so with white, 41 is closed.
  await expect(sizes(page).getByRole('radio', { name: '41، غير متوفر' })).toBeDisabled();
  await colours(page).getByTitle('أسود').click();
  await expect(details(page).getByText(formatPrice(280, CURRENCY), { exact: true })).toBeVisible();
  await expect(details(page).locator('s')).toHaveText(`السعر قبل الخصم: ${formatPrice(320, CURRENCY)}`);
  await expect(details(page).getByText('متبقٍ 3 فقط')).toBeVisible();

  // The URL keeps the choice, replacing the entry rather than adding one per pick.
  const url = new URL(page.url());
  expect(url.searchParams.get(SIZE)).toBe('42');
  expect(url.searchParams.get(COLOR)).toBe('#000000');
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // A reload (or a shared link) opens the same choice, rendered by the server.
  await page.reload();
  await expect(sizes(page).getByRole('radio', { name: '42', exact: true })).toBeChecked();
  await expect(colours(page).getByRole('radio', { name: 'أسود' })).toBeChecked();
  await expect(details(page).getByText('متبقٍ 3 فقط')).toBeVisible();
  await expectNoAxeViolations(page);

  await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(toast(page, 'تمت إضافة المنتج إلى السلة')).toBeVisible();

  await page.goto('/cart');
  await expect(main(page).getByRole('link', { name: shoe.title })).toBeVisible();
  await expect(main(page).getByText('المقاس: 42', { exact: true })).toBeVisible();

  // A cash order of it, through the payment page.
  const address = await request.post('/api/v1/addresses', {
    headers: bearer(customer.token),
    data: { alias: 'المنزل', details: SHIPPING.details, phone: SHIPPING.phone, city: SHIPPING.city },
  });
  expect(address.ok(), await address.text()).toBe(true);
  await main(page).getByRole('link', { name: 'إتمام الشراء' }).click();
  await expect(page).toHaveURL('/order/paymethoud');
  await main(page)
    .getByRole('radio', { name: /الدفع عند الاستلام/ })
    .check();
  await main(page).getByRole('combobox', { name: 'عنوان الشحن' }).selectOption({ index: 1 });
  await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
  await expect(page).toHaveURL(PLACED_ORDER_URL);
  const orders = (await (
    await request.get('/api/v1/orders', { headers: bearer(customer.token) })
  ).json()) as ListEnvelope<Order>;
  expect(orders.data[0]?.cartItems).toMatchObject([
    { sku: variantNamed(shoe, '42', '#000000').sku, options: { [SIZE]: '42', [COLOR]: '#000000' }, count: 1 },
  ]);
});

test.describe('before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the options form re-renders the choice on the server and adding sends the chosen variant', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const shoe = await createShoe(request);
    const customer = await createCustomer(request);
    await signInWithCookie(context, baseURL, customer.token);
    await page.goto(`/products/${shoe.id}`);

    await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(main(page).getByText('اختر المقاس')).toBeVisible();
    await expect(sizes(page).getByRole('radio', { name: '43، غير متوفر' })).toBeDisabled();

    await sizes(page).getByTitle('42', { exact: true }).click();
    await main(page).getByRole('button', { name: 'تحديث الاختيار' }).click();
    await expect(sizes(page)).toHaveAccessibleName(`${SIZE}: 42`);
    expect(new URL(page.url()).searchParams.get(SIZE)).toBe('42');
    // Size picked, colour not yet: adding now asks for the colour.
    await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(main(page).getByText('اختر اللون')).toBeVisible();

    await colours(page).getByTitle('أبيض').click();
    await main(page).getByRole('button', { name: 'تحديث الاختيار' }).click();
    await expect(colours(page)).toHaveAccessibleName(`${COLOR}: أبيض`);
    await expect(details(page).getByText('متبقٍ 4 فقط')).toBeVisible();
    await main(page).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'تمت إضافة المنتج إلى السلة' })).toBeVisible();
    // The page came back with the same choice.
    await expect(colours(page).getByRole('radio', { name: 'أبيض' })).toBeChecked();

    const cart = (await (
      await request.get('/api/v1/cart', { headers: bearer(customer.token) })
    ).json()) as CartEnvelope;
    expect(cart.data.products.map((line) => line.variant.id)).toEqual([variantNamed(shoe, '42', 'white').id]);
  });
});
