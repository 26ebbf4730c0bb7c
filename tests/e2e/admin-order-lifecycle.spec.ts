import { randomUUID } from 'node:crypto';
import type { Order } from '../../src/contract/types';
import { formatNumber, formatPrice } from '../../src/web/lib/format';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  placeCashOrder,
  signInWithCookie,
  stockedProducts,
  toast,
} from './support';

/*
 * The admin order page along an order's life (docs/orders.md § The admin order page): the status
 * control with its tracking fields, the timeline naming the staff member, cash collected on
 * delivery, refunds and cancels each asked first. Each test places its own order.
 */

const main = (page: Page) => page.getByRole('main');
const statusPanel = (page: Page) => main(page).getByRole('region', { name: 'تحديث حالة الطلب' });
const timeline = (page: Page) => main(page).getByRole('region', { name: 'سجل الطلب' }).getByRole('listitem');
const statusSelect = (page: Page) => main(page).getByLabel('الحالة الجديدة', { exact: true });
const save = (page: Page) => main(page).getByRole('button', { name: 'حفظ الحالة' });

async function cashOrder(request: APIRequestContext): Promise<Order> {
  const customer = await createCustomer(request, `عميل ${randomUUID().slice(0, 4)}`);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  return placeCashOrder(request, customer.token, [product]);
}

async function adminOn(page: Page, request: APIRequestContext, baseURL: string | undefined, order: Order) {
  const token = await apiToken(request, ADMIN);
  await signInWithCookie(page.context(), baseURL, token);
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تفاصيل الطلب');
  return token;
}

test.describe('the admin order page along the order’s life', () => {
  test('processing → shipped with a carrier and tracking number → delivered; the timeline shows each step', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await cashOrder(request);
    const token = await adminOn(page, request, baseURL, order);
    await expect(timeline(page)).toHaveCount(1);
    await expect(timeline(page).first()).toContainText('أُنشئ الطلب');
    await expect(timeline(page).first()).toContainText('بواسطة العميل');

    await statusSelect(page).selectOption({ label: 'قيد التجهيز' });
    // The tracking fields belong to a shipment only.
    await expect(main(page).getByLabel('رقم التتبع')).toHaveCount(0);
    await main(page).getByLabel('ملاحظة (اختياري)').fill('جارٍ تجهيز الطلب');
    await save(page).click();
    await expect(toast(page, 'تم تحديث حالة الطلب: قيد التجهيز')).toBeVisible();
    await expect(statusPanel(page)).toContainText('الحالة الآن: قيد التجهيز');
    await expect(timeline(page)).toHaveCount(2);
    await expect(timeline(page).nth(1)).toContainText('الحالة: قيد التجهيز');
    // Staff read the staff member's name, not only «المتجر».
    await expect(timeline(page).nth(1)).toContainText(`بواسطة ${ADMIN.name}`);
    await expect(timeline(page).nth(1)).toContainText('جارٍ تجهيز الطلب');

    await statusSelect(page).selectOption({ label: 'تم الشحن' });
    await main(page).getByLabel('شركة الشحن').fill('سمسا');
    // Arabic-Indic digits are stored as ASCII digits, as couriers' sites take them.
    await main(page).getByLabel('رقم التتبع').fill('SMSA-٧٧٨٨٩٩');
    // A link without https:// is said on its own field, not as an order that is gone.
    const trackingUrl = main(page).getByLabel('رابط التتبع');
    await trackingUrl.fill('track.example.com/SMSA-778899');
    await save(page).click();
    await expect(trackingUrl).toHaveAttribute('aria-invalid', 'true');
    await expect(trackingUrl).toHaveAccessibleDescription(/^رابط التتبع ليس عنوان صفحة ويب كاملاً/);
    await expect(main(page)).not.toContainText('هذا الطلب غير موجود');
    await expect(timeline(page)).toHaveCount(2);
    await trackingUrl.fill('https://track.example.com/SMSA-778899');
    await save(page).click();
    await expect(toast(page, 'تم تحديث حالة الطلب: تم الشحن')).toBeVisible();
    await expect(timeline(page)).toHaveCount(3);
    const shipped = timeline(page).nth(2);
    await expect(shipped).toContainText('الحالة: تم الشحن');
    await expect(shipped).toContainText('سمسا');
    await expect(shipped).toContainText('SMSA-778899');
    await expect(shipped.getByRole('link', { name: 'https://track.example.com/SMSA-778899' })).toHaveAttribute(
      'href',
      'https://track.example.com/SMSA-778899',
    );
    // From shipped: correct the tracking, deliver or cancel; nothing backwards.
    await expect(statusSelect(page).locator('option')).toHaveText(['اختر الحالة', 'تم الشحن', 'تم التوصيل', 'ملغي']);

    await expect(statusPanel(page)).toContainText('الدفع: غير مدفوع');
    await statusSelect(page).selectOption({ label: 'تم التوصيل' });
    await save(page).click();
    await expect(toast(page, 'تم تحديث حالة الطلب: تم التوصيل')).toBeVisible();
    // Delivering a cash order is its cash collected, by the staff member who delivered it.
    await expect(timeline(page)).toHaveCount(5);
    await expect(timeline(page).nth(3)).toContainText('الحالة: تم التوصيل');
    await expect(timeline(page).nth(4)).toContainText('الدفع: مدفوع');
    await expect(timeline(page).nth(4)).toContainText('تم تحصيل المبلغ نقدًا عند التوصيل');
    await expect(timeline(page).nth(4)).toContainText(`بواسطة ${ADMIN.name}`);
    await expect(statusPanel(page)).toContainText('الدفع: مدفوع');
    await expect(statusPanel(page)).toContainText('لا تغيير بعد هذه الحالة.');
    await expectNoAxeViolations(page);

    const res = await request.get(`/api/v1/orders/${order.id}`, { headers: bearer(token) });
    expect((await res.json()).data).toMatchObject({
      status: 'delivered',
      carrier: 'سمسا',
      trackingNumber: 'SMSA-778899',
      isDelivered: true,
      isPaid: true,
      paymentStatus: 'paid',
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('a move another tab made impossible is refused in Arabic on the select', async ({ page, request, baseURL }) => {
    const order = await cashOrder(request);
    const token = await adminOn(page, request, baseURL, order);
    // Another admin delivers it meanwhile; this page still offers «قيد التجهيز».
    expect((await request.put(`/api/v1/orders/${order.id}/deliver`, { headers: bearer(token) })).status()).toBe(200);
    await statusSelect(page).selectOption({ label: 'قيد التجهيز' });
    await save(page).click();
    await expect(statusSelect(page)).toHaveAccessibleDescription(/^لا يمكن نقل الطلب إلى هذه الحالة من «تم التوصيل»/);
  });

  test('a paid order: a refund asked first with its amount and method; one unit restocked, sent twice, refunds once; too much is refused in Arabic', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await cashOrder(request);
    const token = await apiToken(request, ADMIN);
    expect((await request.put(`/api/v1/orders/${order.id}/pay`, { headers: bearer(token) })).status()).toBe(200);
    await adminOn(page, request, baseURL, order);
    const refundPanel = main(page).getByRole('region', { name: 'استرداد مبلغ' });
    const amount = refundPanel.getByLabel('المبلغ المسترد');
    // The default is what is left to give back: all of it.
    await expect(amount).toHaveValue(String(order.totalOrderPrice));

    // More than was paid: asked first, then the API's refusal, in Arabic, on the amount.
    await amount.fill(String(order.totalOrderPrice + 100));
    await refundPanel.getByLabel('سبب الاسترداد').fill('تجربة');
    await refundPanel.getByRole('button', { name: 'استرداد المبلغ' }).click();
    const tooMuch = page.getByRole('alertdialog', {
      name: `استرداد ${formatPrice(order.totalOrderPrice + 100, 'SAR')} نقدًا؟`,
    });
    await expect(tooMuch).toContainText('نقدًا يدًا بيد، دون بوابة الدفع');
    await tooMuch.getByRole('button', { name: 'نعم، استرد المبلغ' }).click();
    await expect(tooMuch).toHaveCount(0);
    await expect(amount).toHaveAccessibleDescription(/^المبلغ أكبر مما دُفع ولم يُسترد بعد/);

    // Stepping back from the question gives nothing back, and keeps what was typed.
    await amount.fill('٥');
    await refundPanel.getByRole('button', { name: 'استرداد المبلغ' }).click();
    const five = page.getByRole('alertdialog', { name: `استرداد ${formatPrice(5, 'SAR')} نقدًا؟` });
    await five.getByRole('button', { name: 'تراجع' }).click();
    await expect(five).toHaveCount(0);
    await expect(amount).toHaveValue('٥');
    await expect(timeline(page).filter({ hasText: 'استرداد' })).toHaveCount(0);

    // Ten, typed in Arabic-Indic digits, one unit back in stock. The browser sends the form twice
    // (a double submit): both posts carry the form's one Idempotency-Key.
    await amount.fill('١٠');
    await refundPanel.getByLabel('سبب الاسترداد').fill('قطعة معيبة');
    const line = order.cartItems[0];
    if (!line) throw new Error('no line');
    await refundPanel.getByLabel(`عدد القطع المرتجعة: ${line.product.title}`).fill('1');
    await refundPanel.getByRole('button', { name: 'استرداد المبلغ' }).click();
    const question = page.getByRole('alertdialog', { name: `استرداد ${formatPrice(10, 'SAR')} نقدًا؟` });
    await expect(question).toContainText(`ويعود إلى المخزون: ${line.product.title} × ${formatNumber(1)}`);
    let posts = 0;
    await page.route(`**/admin/orders/${order.id}*`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts++;
      await route.fetch();
      posts++;
      await route.fulfill({ response: await route.fetch() });
    });
    await question.getByRole('button', { name: 'نعم، استرد المبلغ' }).click();
    await expect(toast(page, 'تم استرداد')).toBeVisible();
    await expect(question).toHaveCount(0);
    expect(posts).toBe(2);
    await page.unroute(`**/admin/orders/${order.id}*`);

    await expect(statusPanel(page)).toContainText('الدفع: مسترد جزئياً');
    await expect(main(page)).toContainText('المسترد:');
    const refunds = timeline(page).filter({ hasText: 'استرداد' });
    await expect(refunds).toHaveCount(1);
    await expect(refunds).toContainText('قطعة معيبة');
    await expect(refunds).toContainText(`بواسطة ${ADMIN.name}`);
    const res = await request.get(`/api/v1/orders/${order.id}`, { headers: bearer(token) });
    const after = (await res.json()).data as Order;
    expect(after).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 10 });
    expect(after.history.filter((event) => event.kind === 'refund')).toHaveLength(1);
    // The form starts again at what is left.
    await expect(amount).toHaveValue(String(order.totalOrderPrice - 10));
  });

  test('cancel asks first, takes a reason, and the timeline says who and why', async ({ page, request, baseURL }) => {
    const order = await cashOrder(request);
    const token = await adminOn(page, request, baseURL, order);
    await main(page).getByRole('button', { name: 'إلغاء الطلب' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'إلغاء الطلب؟' });
    await expect(dialog).toBeVisible();
    // The reason goes to the customer: the dialog says so beside the field.
    await expect(dialog.getByLabel('سبب الإلغاء')).toHaveAccessibleDescription(
      'يُرسَل هذا السبب إلى العميل في رسالة إلغاء الطلب، ويظهر في سجل طلبه.',
    );
    await dialog.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await expect(dialog.getByLabel('سبب الإلغاء')).toHaveAccessibleDescription(/^اكتب سبب الإلغاء/);
    await dialog.getByLabel('سبب الإلغاء').fill('طلب العميل عبر الهاتف');
    await dialog.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await expect(toast(page, 'تم إلغاء الطلب')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(statusPanel(page)).toContainText('الحالة الآن: ملغي');
    await expect(timeline(page).last()).toContainText('الحالة: ملغي');
    await expect(timeline(page).last()).toContainText('طلب العميل عبر الهاتف');
    await expect(main(page).getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
    const res = await request.get(`/api/v1/orders/${order.id}`, { headers: bearer(token) });
    expect((await res.json()).data).toMatchObject({ status: 'cancelled' });
  });

  test('a cash parcel refused at the door: its own button opens the cancel with the reason written', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await cashOrder(request);
    const token = await apiToken(request, ADMIN);
    const shipped = await request.put(`/api/v1/orders/${order.id}/status`, {
      headers: bearer(token),
      data: { status: 'shipped' },
    });
    expect(shipped.status()).toBe(200);
    await adminOn(page, request, baseURL, order);
    await main(page).getByRole('button', { name: 'رفض العميل الاستلام / مرتجع' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'إلغاء الطلب؟' });
    await expect(dialog.getByLabel('سبب الإلغاء')).toHaveValue('رفض العميل استلام الطلب (مرتجع)');
    await dialog.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await expect(toast(page, 'تم إلغاء الطلب')).toBeVisible();
    await expect(statusPanel(page)).toContainText('الحالة الآن: ملغي');
    await expect(statusPanel(page)).toContainText('الدفع: غير مدفوع');
    await expect(timeline(page).last()).toContainText('رفض العميل استلام الطلب (مرتجع)');
    await expect(main(page).getByRole('button', { name: 'رفض العميل الاستلام / مرتجع' })).toHaveCount(0);
  });

  test('cash collected at delivery, given back in full by hand: asked first, told in a toast, then nothing left to refund', async ({
    page,
    request,
    baseURL,
  }) => {
    const order = await cashOrder(request);
    const token = await apiToken(request, ADMIN);
    expect((await request.put(`/api/v1/orders/${order.id}/deliver`, { headers: bearer(token) })).status()).toBe(200);
    await adminOn(page, request, baseURL, order);
    await expect(statusPanel(page)).toContainText('الدفع: مدفوع');
    const refundPanel = main(page).getByRole('region', { name: 'استرداد مبلغ' });
    await refundPanel.getByLabel('سبب الاسترداد').fill('أعاد العميل الطلب');
    await refundPanel.getByRole('button', { name: 'استرداد المبلغ' }).click();
    const question = page.getByRole('alertdialog', {
      name: `استرداد ${formatPrice(order.totalOrderPrice, 'SAR')} نقدًا؟`,
    });
    await question.getByRole('button', { name: 'نعم، استرد المبلغ' }).click();
    await expect(toast(page, `تم استرداد ${formatPrice(order.totalOrderPrice, 'SAR')}`)).toBeVisible();
    await expect(statusPanel(page)).toContainText('الدفع: مسترد بالكامل');
    await expect(refundPanel).toHaveCount(0);
    await expect(timeline(page).last()).toContainText(`بواسطة ${ADMIN.name}`);
  });

  test('before JavaScript loads, a refund is asked on the page and made by its own form', async ({
    browser,
    request,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const order = await cashOrder(request);
    const token = await apiToken(request, ADMIN);
    expect((await request.put(`/api/v1/orders/${order.id}/deliver`, { headers: bearer(token) })).status()).toBe(200);
    await signInWithCookie(context, baseURL, token);
    await page.goto(`/admin/orders/${order.id}`);
    const refundPanel = main(page).getByRole('region', { name: 'استرداد مبلغ' });
    await refundPanel.getByLabel('المبلغ المسترد').fill('٧');
    await refundPanel.getByLabel('سبب الاسترداد').fill('فرق سعر');
    await refundPanel.getByRole('button', { name: 'استرداد المبلغ' }).click();
    const question = page.getByRole('alertdialog', { name: `استرداد ${formatPrice(7, 'SAR')} نقدًا؟` });
    await expect(question).toBeVisible();
    let after = (await (await request.get(`/api/v1/orders/${order.id}`, { headers: bearer(token) })).json())
      .data as Order;
    expect(after.refundedAmount).toBe(0);
    await question.getByRole('button', { name: 'نعم، استرد المبلغ' }).click();
    await expect(main(page).getByRole('region', { name: 'سجل الطلب' })).toContainText('فرق سعر');
    after = (await (await request.get(`/api/v1/orders/${order.id}`, { headers: bearer(token) })).json()).data as Order;
    expect(after).toMatchObject({ refundedAmount: 7, paymentStatus: 'partially_refunded' });
    await context.close();
  });
});
