import { formatDate, formatDateTime } from '../../src/contract/dates';
import type { Address, Order } from '../../src/contract/types';
import { formatCode } from '../../src/web/lib/format';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  fact,
  fillCart,
  hydrated,
  PLACED_ORDER_URL,
  placeCashOrder,
  SHOP_TIME_ZONE,
  signInWithCookie,
  stockedProducts,
  toast,
} from './support';

/*
 * The customer's screens after an order (docs/orders.md § The customer's screens): the thank-you,
 * the order's page with its status, timeline and cancel, and nobody else's order.
 */

const main = (page: Page) => page.getByRole('main');
const timeline = (page: Page) => main(page).getByRole('list', { name: 'سجل الطلب' });
/** The order's status on its card (the order's page has one card). */
const orderStatus = (page: Page) => fact(main(page).getByRole('article'), 'الحالة');

async function saveAddress(request: APIRequestContext, token: string): Promise<Address> {
  const res = await request.post('/api/v1/addresses', {
    headers: bearer(token),
    data: { alias: 'المنزل', details: 'شارع التحلية 12، الروضة', phone: '0551234567', city: 'جدة' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const address = ((await res.json()).data as Address[])[0];
  if (!address) throw new Error('address not saved');
  return address;
}

/** A customer with one product in the cart, signed in, places a cash order on the payment screen. */
async function placeCashOrderOnScreen(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const customer = await createCustomer(request);
  const address = await saveAddress(request, customer.token);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await fillCart(request, customer.token, [product]);
  await signInWithCookie(page.context(), baseURL, customer.token);
  await page.goto('/order/paymethoud');
  await hydrated(main(page).getByRole('button', { name: 'إتمام الشراء' }));
  await main(page)
    .getByRole('radio', { name: /الدفع عند الاستلام/ })
    .check();
  await main(page).getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(address._id);
  // The bill for this address and method has come (the quote), so the form is settled.
  await expect(main(page).getByRole('region', { name: 'تفاصيل المبلغ' })).toContainText('الشحن');
  await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
  await expect(toast(page, 'تم إنشاء طلبك بنجاح')).toBeVisible();
  await expect(page).toHaveURL(PLACED_ORDER_URL);
  const res = await request.get('/api/v1/orders', { headers: bearer(customer.token) });
  const [order] = (await res.json()).data as Order[];
  if (!order) throw new Error('no order');
  return { customer, order, product };
}

test('a cash order thanks with its number; its page shows the status and timeline, and the customer cancels it with a reason', async ({
  page,
  request,
  baseURL,
}) => {
  const { order, product } = await placeCashOrderOnScreen(page, request, baseURL);
  const number = formatCode(order.number);

  const thanks = main(page).getByRole('region', { name: 'شكراً لطلبك' });
  await expect(thanks).toContainText(`رقم طلبك ${number}`);
  await expect(thanks).toContainText('ستصلك رسالة على بريدك الإلكتروني عند كل خطوة.');
  await expect(thanks).toContainText('تدفع المبلغ نقداً عند استلام الطلب.');

  await expect(main(page).getByRole('heading', { level: 2, name: `طلب رقم ${number}` })).toBeVisible();
  await expect(orderStatus(page)).toHaveText('قيد المراجعة');
  await expect(fact(main(page).getByRole('article'), 'الدفع')).toHaveText('غير مدفوع');
  await expect(main(page)).toContainText(product.title);
  await expect(timeline(page).getByRole('listitem')).toHaveCount(1);
  await expect(timeline(page).getByRole('listitem').first()).toContainText('تم إنشاء الطلب');
  await expect(timeline(page).getByRole('listitem').first()).toContainText('بواسطة أنت');
  // The shop's day and hour (Riyadh, UTC+3; docs/dates.md), not UTC's: the hours always differ.
  const placedAt = order.history[0]?.at ?? order.createdAt;
  await expect(timeline(page).getByRole('listitem').first()).toContainText(formatDateTime(placedAt, SHOP_TIME_ZONE));
  await expect(main(page).getByRole('article')).toContainText(
    `تاريخ الطلب: ${formatDate(order.createdAt, SHOP_TIME_ZONE)}`,
  );

  await main(page).getByRole('button', { name: 'إلغاء الطلب' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'إلغاء الطلب' });
  await expect(dialog).toContainText(`هل تريد إلغاء الطلب رقم ${number}؟`);
  await dialog.getByLabel('سبب الإلغاء (اختياري)').fill('طلبت بالخطأ');
  await dialog.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();

  await expect(toast(page, 'تم إلغاء الطلب')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(orderStatus(page)).toHaveText('ملغي');
  await expect(main(page).getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
  const last = timeline(page).getByRole('listitem').last();
  await expect(last).toContainText('تم إلغاء الطلب');
  await expect(last).toContainText('بواسطة أنت');
  await expect(last).toContainText('السبب: طلبت بالخطأ');

  // «طلباتي» shows the order's status and payment state, and links to its page.
  await page.goto('/user/allOrders');
  const card = main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `طلب رقم ${number}` }) });
  await expect(fact(card, 'الحالة')).toHaveText('ملغي');
  await expect(fact(card, 'الدفع')).toHaveText('غير مدفوع');
  await card.getByRole('link', { name: `عرض الطلب رقم ${number}` }).click();
  await expect(page).toHaveURL(`/user/orders/${order.id}`);
});

test("another customer opening the order's address gets the not-found page", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const { order } = await placeCashOrderOnScreen(page, request, baseURL);
  const other = await createCustomer(request, 'خالد علي');
  const context = await browser.newContext({ baseURL });
  try {
    const stranger = await context.newPage();
    await signInWithCookie(context, baseURL, other.token);
    const answer = await stranger.goto(`/user/orders/${order.id}`);
    expect(answer?.status()).toBe(404);
    await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
    await expect(stranger.getByText('شارع التحلية 12')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('once the shop moved the order to processing there is no cancel button, and tracking shows when shipped', async ({
  page,
  request,
  baseURL,
}) => {
  const { order } = await placeCashOrderOnScreen(page, request, baseURL);
  const admin = bearer(await apiToken(request, ADMIN));
  const moved = await request.put(`/api/v1/orders/${order.id}/status`, {
    headers: admin,
    data: { status: 'processing', note: 'نجهّز طلبك' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto(`/user/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('قيد التجهيز');
  await expect(main(page).getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'إلغاء الطلب' })).toHaveCount(0);
  const last = timeline(page).getByRole('listitem').last();
  await expect(last).toContainText('الحالة: قيد التجهيز');
  await expect(last).toContainText('بواسطة المتجر');
  await expect(last).toContainText('ملاحظة: نجهّز طلبك');

  const shipped = await request.put(`/api/v1/orders/${order.id}/status`, {
    headers: admin,
    data: {
      status: 'shipped',
      carrier: 'سمسا',
      trackingNumber: 'SM123456',
      trackingUrl: 'https://track.example/SM123456',
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await page.reload();
  await expect(orderStatus(page)).toHaveText('تم الشحن');
  const tracking = main(page).getByRole('region', { name: 'تتبع الشحنة' });
  await expect(tracking).toContainText('سمسا');
  await expect(tracking).toContainText('SM123456');
  const link = tracking.getByRole('link', { name: /تتبع الشحنة على موقع الشحن/ });
  await expect(link).toHaveAttribute('href', 'https://track.example/SM123456');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('a cancel the shop overtook is refused in Arabic, and the page shows the order as it is now', async ({
  page,
  request,
  baseURL,
}) => {
  const { order } = await placeCashOrderOnScreen(page, request, baseURL);
  await page.goto(`/user/orders/${order.id}`);
  await hydrated(main(page).getByRole('button', { name: 'إلغاء الطلب' }));
  await main(page).getByRole('button', { name: 'إلغاء الطلب' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'إلغاء الطلب' });
  await expect(dialog).toBeVisible();
  // Meanwhile the shop starts preparing it.
  const admin = bearer(await apiToken(request, ADMIN));
  const moved = await request.put(`/api/v1/orders/${order.id}/status`, {
    headers: admin,
    data: { status: 'processing' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await dialog.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
  await expect(toast(page, 'لم يعد إلغاء هذا الطلب ممكناً، حدّث الصفحة لترى حالته الآن')).toBeVisible();
  await expect(orderStatus(page)).toHaveText('قيد التجهيز');
  await expect(main(page).getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
});

test.describe('before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the cancel is a link to the dialog and a plain form', async ({ page, request, baseURL }) => {
    const customer = await createCustomer(request);
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    const order = await placeCashOrder(request, customer.token, [product]);
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto(`/user/orders/${order.id}`);
    await main(page).getByRole('link', { name: 'إلغاء الطلب' }).click();
    await expect(page).toHaveURL(`/user/orders/${order.id}?cancel=1`);
    await page.getByLabel('سبب الإلغاء (اختياري)').fill('تأخرت في الطلب');
    await page.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await expect(page).toHaveURL(`/user/orders/${order.id}`);
    await expect(orderStatus(page)).toHaveText('ملغي');
    await expect(timeline(page).getByRole('listitem').last()).toContainText('السبب: تأخرت في الطلب');
  });
});
