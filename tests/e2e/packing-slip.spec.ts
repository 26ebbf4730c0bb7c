import type { Order } from '../../src/contract/types';
import { type Browser, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  placeCashOrder,
  SHIPPING,
  SHOP_TIME_ZONE,
  SHOWN_PHONE,
  signInWithCookie,
  stockedProducts,
} from './support';

/*
 * The staff's printable packing slip (docs/orders.md § The packing slip): opened from the admin
 * order page, it says what goes in the parcel and what the courier collects, without line prices;
 * it prints alone; a shipped order shows its tracking, a cancelled one says not to ship it; a
 * customer and a guest are sent away.
 */

const price = (major: number) => new Intl.NumberFormat('ar', { style: 'currency', currency: 'SAR' }).format(major);
const arabic = (value: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(value);
/** The order's day as the slip prints it: in the shop's zone (an order at 00:30 in Riyadh is that day there). */
const day = (iso: string) =>
  new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));

const slip = (page: Page) => page.getByRole('article', { name: 'إيصال تجهيز الطلب' });
/** A fact of the slip's heading (its number, date and status). */
const headingFact = (page: Page, term: string) => slip(page).locator(`header dt:text-is("${term}") + dd`);

/** Opens `path` in a fresh browser context, signed in with `token` when given. */
async function visit(browser: Browser, baseURL: string | undefined, path: string, token?: string, javaScript = true) {
  const context = await browser.newContext({ locale: 'ar', javaScriptEnabled: javaScript });
  if (token) await signInWithCookie(context, baseURL, token);
  const page = await context.newPage();
  await page.goto(`${baseURL}${path}`);
  return page;
}

test('staff print a cash order’s packing slip from its page: parcel, address and the cash to collect, no line prices; tracking once shipped; a cancelled order says not to ship; customers are sent away', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const customer = await createCustomer(request, 'منى الحربي');
  const [first, second] = await stockedProducts(request);
  if (!first || !second) throw new Error('two stocked products needed');
  // The second product twice: one line of two pieces.
  const order: Order = await placeCashOrder(request, customer.token, [first, second, second]);
  const token = await apiToken(request, ADMIN);
  await signInWithCookie(page.context(), baseURL, token);
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'إيصال التجهيز للطباعة' }).click();
  await expect(page).toHaveURL(`/admin/orders/${order.id}/packing-slip`);

  await expect(slip(page).getByRole('heading', { level: 1 })).toHaveText('إيصال تجهيز الطلب');
  await expect(slip(page).getByText('متجر', { exact: true })).toBeVisible();
  await expect(headingFact(page, 'رقم الطلب')).toHaveText(arabic(order.number));
  await expect(headingFact(page, 'تاريخ الطلب')).toHaveText(day(order.createdAt));
  const customerPart = slip(page).getByRole('region', { name: 'العميل', exact: true });
  await expect(customerPart).toContainText('منى الحربي');
  await expect(customerPart).toContainText(SHOWN_PHONE);
  const address = slip(page).getByRole('region', { name: 'عنوان الشحن', exact: true });
  await expect(address).toContainText(SHIPPING.details);
  await expect(address).toContainText(SHIPPING.city);
  await expect(address).toContainText(SHOWN_PHONE);
  const payment = slip(page).getByRole('region', { name: 'الدفع', exact: true });
  await expect(payment).toContainText('الدفع عند الاستلام');
  await expect(payment).toContainText(`المبلغ المطلوب تحصيله عند الاستلام${price(order.totalOrderPrice)}`);

  const lines = slip(page).getByRole('table', { name: 'منتجات الطلب' });
  const rows = lines.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  for (const line of order.cartItems) {
    const row = rows.filter({ has: page.getByRole('rowheader').filter({ hasText: line.product.title }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(arabic(line.count));
    // The line names its variant: its SKU (and its size, for a product sold in sizes).
    await expect(row.getByRole('rowheader')).toContainText(line.sku);
  }
  await expect(lines.locator('tfoot')).toHaveText(`إجمالي القطع${arabic(3)}`);
  // The one money figure is the cash to collect: no line's price, no other amount.
  const text = (await slip(page).textContent()) ?? '';
  for (const line of order.cartItems) expect(text).not.toContain(price(line.price));
  expect(text.split('ر.س').length - 1).toBe(1);
  await expect(page.getByRole('navigation', { name: 'لوحة التحكم' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A phone shows it without running off the side.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (desktop) await page.setViewportSize(desktop);

  // Printed: the slip alone, black on white, without shadows.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner').first()).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'طباعة' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'العودة إلى الطلب' })).toBeHidden();
  await expect(slip(page).getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    await slip(page).evaluate((sheet) => {
      const style = getComputedStyle(sheet);
      return [style.boxShadow, style.color];
    }),
  ).toEqual(['none', 'rgb(0, 0, 0)']);
  await page.emulateMedia({ media: 'screen' });

  // Shipped: the carrier and tracking number for the courier.
  const ship = await request.put(`/api/v1/orders/${order.id}/status`, {
    headers: bearer(token),
    data: { status: 'shipped', carrier: 'سمسا', trackingNumber: 'SMSA-445566' },
  });
  expect(ship.status(), await ship.text()).toBe(200);
  await page.reload();
  const shipping = slip(page).getByRole('region', { name: 'الشحن', exact: true });
  await expect(shipping).toContainText('سمسا');
  await expect(shipping).toContainText('SMSA-445566');

  // Cancelled: said plainly, and no money to collect.
  const cancel = await request.post(`/api/v1/orders/${order.id}/cancel`, {
    headers: bearer(token),
    data: { reason: 'طلب العميل' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await page.reload();
  await expect(slip(page)).toContainText('هذا الطلب ملغي: لا تجهّزه ولا تشحنه.');
  await expect(payment).toContainText('ملغي: لا يُشحن ولا يُحصَّل أي مبلغ.');
  await expect(payment).not.toContainText('المبلغ المطلوب تحصيله');

  // Before JavaScript loads it is the same slip, with a word on printing instead of the button.
  const bare = await visit(browser, baseURL, `/admin/orders/${order.id}/packing-slip`, token, false);
  await expect(slip(bare).getByRole('heading', { level: 1 })).toHaveText('إيصال تجهيز الطلب');
  await expect(bare.getByText('اطبع الإيصال من أمر الطباعة في المتصفح.')).toBeVisible();
  await bare.context().close();

  // A customer goes home and a guest to sign in, as on every staff page; neither sees the slip.
  const stranger = await visit(browser, baseURL, `/admin/orders/${order.id}/packing-slip`, customer.token);
  await expect(stranger).toHaveURL(`${baseURL}/`);
  await expect(slip(stranger)).toHaveCount(0);
  await stranger.context().close();
  const guest = await visit(browser, baseURL, `/admin/orders/${order.id}/packing-slip`);
  await expect(guest).toHaveURL(/\/login\?/);
  await expect(slip(guest)).toHaveCount(0);
  await guest.context().close();

  // An unknown order is the not-found page, as on the order's own page.
  const missing = await page.goto('/admin/orders/00000000-0000-4000-8000-000000000000/packing-slip');
  expect(missing?.status()).toBe(404);
});
