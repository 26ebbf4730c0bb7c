import { randomUUID } from 'node:crypto';
import { formatDateTime } from '../../src/contract/dates';
import type { ListEnvelope, Order } from '../../src/contract/types';
import { ao } from '../../src/web/i18n/admin-orders';
import { formatCode, formatNumber, formatPrice } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  bearer,
  createCustomer,
  createTestProduct,
  escapeRegExp,
  expectNoAxeViolations,
  fact,
  placeCashOrder,
  recordPosts,
  SHIPPING,
  SHOP_TIME_ZONE,
  SHOWN_PHONE,
  signInWithCookie,
  toast,
} from './support';

/*
 * The admin's order screens: the list of every order (twenty a page, searched and filtered) and one order's page, where
 * staff move the order along its statuses. Each test places its own orders as a new customer.
 */

const CURRENCY = 'SAR'; // the shop's default; the test server does not change it

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
/** The list's rows (a dense table, docs/orders.md); on the customer's own page, their order cards. */
const rows = (page: Page) => main(page).getByRole('table', { name: ao.table.caption }).locator('tbody tr');
const cards = (page: Page) => main(page).getByRole('article');
/** A row's cell under the column heading `column` (the number is the row's own heading). */
const COLUMNS: string[] = Object.values(ao.table).slice(1);
const cellOf = (row: Locator, column: string) => row.locator('th, td').nth(COLUMNS.indexOf(column));
const rowOf = (page: Page, order: Order) =>
  rows(page).filter({ has: page.getByRole('rowheader', { name: orderTitle(order) }) });
const orderTitle = (order: Order) => `طلب رقم ${formatCode(order.number)}`;
const select = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const saveButton = (page: Page, name: string) => main(page).getByRole('button', { name });
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A Saudi mobile number in national form that no other customer of the run has. */
const uniquePhone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * A new customer with `count` cash orders of a product of their own each, oldest first (the seeded
 * products' stock is shared by every spec and may run short of twenty-one by the phone run).
 */
async function customerWithOrders(request: APIRequestContext, count: number, phone?: string) {
  const customer = await createCustomer(request, `عميل ${randomUUID().slice(0, 4)}`, phone);
  const product = await createTestProduct(request, 'منتج طلبات الإدارة', count + 5);
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) orders.push(await placeCashOrder(request, customer.token, [product]));
  return { customer, product, orders };
}

async function orderCount(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/orders?limit=1', { headers: bearer(token) });
  return ((await res.json()) as ListEnvelope<Order>).results;
}

async function orderOf(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/orders/${id}`, { headers: bearer(token) });
  return (await res.json()).data as Order;
}

test.describe('admin order screens', () => {
  test('guests sign in first and come back; customers go home', async ({ page, request, baseURL }) => {
    const { customer, orders } = await customerWithOrders(request, 1);
    const paths = ['/admin/allorders', `/admin/orders/${orders[0]?.id}`];
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${escapeRegExp(encodeURIComponent(path))}$`));
    }
    await signInWithCookie(page.context(), baseURL, customer.token);
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('the list greets the admin with the shop’s order count; twenty rows a page, each with its customer', async ({
    page,
    request,
    baseURL,
  }) => {
    // Twenty-one orders of one customer: the search by their e-mail pages them, twenty a page.
    const { customer, orders } = await customerWithOrders(request, 21);
    const [oldest] = orders as [Order];
    const [newest, middle] = orders.slice(-2).reverse() as [Order, Order];
    const token = await adminSession(page, request, baseURL);
    const total = await orderCount(request, token);

    await page.goto('/admin/allorders');
    await expect(page).toHaveTitle('إدارة الطلبات | متجر');
    await expect(heading(page)).toHaveText('إدارة الطلبات');
    await expect(main(page)).toContainText(`أهلاً ${ADMIN.name}، ${plural(total, ao.orderCount)}`);
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'الطلبات', exact: true }),
    ).toHaveAttribute('aria-current', 'page');

    // Newest first, twenty a page.
    await expect(rows(page)).toHaveCount(20);
    await expect(rows(page).getByRole('rowheader').first()).toHaveText(orderTitle(newest));
    await page.goto(`/admin/allorders?keyword=${encodeURIComponent(customer.email)}`);
    await expect(main(page)).toContainText(plural(21, ao.matchCount));
    await expect(rows(page)).toHaveCount(20);
    const titles = rows(page).getByRole('rowheader');
    await expect(titles.nth(0)).toHaveText(orderTitle(newest));
    await expect(titles.nth(1)).toHaveText(orderTitle(middle));
    const row = rows(page).first();
    await expect(cellOf(row, ao.table.customer)).toContainText(customer.name);
    await expect(cellOf(row, ao.table.customer)).toContainText(customer.email);
    await expect(cellOf(row, ao.table.date)).toHaveText(formatDateTime(newest.createdAt, SHOP_TIME_ZONE));
    await expect(cellOf(row, ao.table.city)).toHaveText(SHIPPING.city);
    await expect(cellOf(row, ao.table.items)).toHaveText(
      formatNumber(newest.cartItems.reduce((units, item) => units + item.count, 0)),
    );
    await expect(cellOf(row, ao.table.status)).toHaveText('قيد المراجعة');
    await expect(cellOf(row, ao.table.payment)).toContainText('غير مدفوع');
    await expect(cellOf(row, ao.table.payment)).toContainText('الدفع عند الاستلام');
    await expect(cellOf(row, ao.table.total)).toHaveText(formatPrice(newest.totalOrderPrice, CURRENCY));
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The pager keeps the search.
    const pager = page.getByRole('navigation', { name: 'صفحات الطلبات' });
    await pager.getByRole('link', { name: `الصفحة ${formatNumber(2)}` }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/allorders\\?keyword=${escapeRegExp(encodeURIComponent(customer.email))}&page=2$`),
    );
    await expect(page).toHaveTitle(`إدارة الطلبات — الصفحة ${formatNumber(2)} | متجر`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole('rowheader')).toHaveText(orderTitle(oldest));

    // The number opens the order.
    await rows(page)
      .first()
      .getByRole('link', { name: orderTitle(oldest) })
      .click();
    await expect(page).toHaveURL(`/admin/orders/${oldest.id}`);
    await expect(heading(page)).toHaveText('تفاصيل الطلب');
  });

  test('search by phone, filter by method, the empty state, and a CSV link that carries the filters', async ({
    page,
    request,
    baseURL,
  }) => {
    const phone = uniquePhone();
    const { customer, orders } = await customerWithOrders(request, 1, phone);
    const [order] = orders as [Order];
    await adminSession(page, request, baseURL);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/admin/allorders');

    // The phone as people type it (national form) finds the number stored in E.164.
    const search = main(page).getByRole('searchbox', { name: ao.filters.keyword });
    await search.fill(phone);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]keyword=${phone}(&|$)`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole('rowheader')).toHaveText(orderTitle(order));
    await expect(rows(page).first()).toContainText(customer.name);
    // On a phone the table scrolls in its own region; the page itself does not.
    expect(await noSideways(page)).toBeLessThanOrEqual(0);

    // Card orders of this cash customer: none, and the list says so.
    await select(page, ao.filters.method).selectOption('card');
    await main(page).getByRole('button', { name: ao.filters.apply }).click();
    await expect(page).toHaveURL(/[?&]method=card(&|$)/);
    await expect(main(page)).toContainText(ao.noMatches);
    await expect(rows(page)).toHaveCount(0);
    const exportLink = main(page).getByRole('link', { name: ao.filters.exportCsv });
    const cardHref = new URL((await exportLink.getAttribute('href')) ?? '', baseURL);
    expect(cardHref.pathname).toBe('/admin/orders/export.csv');
    expect(Object.fromEntries(cardHref.searchParams)).toMatchObject({ keyword: phone, method: 'card' });
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // Cash: the order again, and its CSV (a BOM, then the customer's Arabic name).
    await select(page, ao.filters.method).selectOption('cash');
    await main(page).getByRole('button', { name: ao.filters.apply }).click();
    await expect(rows(page)).toHaveCount(1);
    const cashHref = (await exportLink.getAttribute('href')) ?? '';
    expect(new URL(cashHref, baseURL).searchParams.get('method')).toBe('cash');
    const csv = await page.request.get(cashHref);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines).toHaveLength(3); // the heading, the order, and the last line's end
    expect(lines[1]).toContain(`${order.number},`);
    expect(lines[1]).toContain(customer.name);

    // Clearing shows every order again, the fields empty.
    await main(page).getByRole('link', { name: ao.filters.clear }).first().click();
    await expect(page).toHaveURL(/\/admin\/allorders$/);
    await expect(search).toHaveValue('');
    await expect(select(page, ao.filters.method)).toHaveValue('');
  });

  test('filter by status: the orders in that status, and the CSV link carrying it', async ({
    page,
    request,
    baseURL,
  }) => {
    const { customer, orders } = await customerWithOrders(request, 2);
    const [waiting, preparing] = orders as [Order, Order];
    const token = await adminSession(page, request, baseURL);
    const moved = await request.put(`/api/v1/orders/${preparing.id}/status`, {
      headers: bearer(token),
      data: { status: 'processing' },
    });
    expect(moved.status()).toBe(200);
    await page.goto(`/admin/allorders?keyword=${encodeURIComponent(customer.email)}`);
    await expect(rows(page)).toHaveCount(2);

    const status = select(page, ao.filters.status);
    await expect(status.locator('option')).toHaveText([
      'الكل',
      'قيد المراجعة',
      'قيد التجهيز',
      'تم الشحن',
      'تم التوصيل',
      'ملغي',
    ]);
    await expect(select(page, ao.filters.paymentStatus).locator('option')).toHaveText([
      'الكل',
      'غير مدفوع',
      'مدفوع',
      'مسترد جزئياً',
      'مسترد بالكامل',
    ]);
    await status.selectOption({ label: 'قيد التجهيز' });
    await main(page).getByRole('button', { name: ao.filters.apply }).click();
    await expect(page).toHaveURL(/[?&]status=processing(&|$)/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole('rowheader')).toHaveText(orderTitle(preparing));
    await expect(cellOf(rows(page).first(), ao.table.status)).toHaveText('قيد التجهيز');
    await expect(status).toHaveValue('processing');
    const exportHref = await main(page).getByRole('link', { name: ao.filters.exportCsv }).getAttribute('href');
    expect(Object.fromEntries(new URL(exportHref ?? '', baseURL).searchParams)).toEqual({
      keyword: customer.email,
      status: 'processing',
    });
    await expect(rowOf(page, waiting)).toHaveCount(0);
  });

  test('bad days in the URL are said in Arabic beside their fields', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    await page.goto('/admin/allorders?from=2026-03-05&to=2026-03-01');
    await expect(main(page)).toContainText(ao.filters.rangeInvalid);
    await expect(main(page).getByLabel(ao.filters.to, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page)).toContainText(ao.filters.fixFilters);
    await expect(main(page).getByRole('link', { name: ao.filters.exportCsv })).toHaveCount(0);
    await page.goto('/admin/allorders?from=2026-02-30');
    await expect(main(page)).toContainText(ao.filters.dateInvalid);
    // A bad export link goes back to the list, which says why.
    await page.goto('/admin/orders/export.csv?isPaid=maybe');
    await expect(page).toHaveURL(/\/admin\/allorders\?isPaid=maybe$/);
    await expect(main(page)).toContainText(ao.filters.flagInvalid);
    // So is a state that is none.
    await page.goto('/admin/allorders?paymentStatus=free');
    await expect(select(page, ao.filters.paymentStatus)).toHaveAccessibleDescription(ao.filters.paymentStatusInvalid);
  });

  test('the status and the payment state each in its own label: paid but not delivered', async ({
    page,
    request,
    baseURL,
  }) => {
    const { orders } = await customerWithOrders(request, 1);
    const [order] = orders as [Order];
    const token = await adminSession(page, request, baseURL);
    const paid = await request.put(`/api/v1/orders/${order.id}/pay`, { headers: bearer(token) });
    expect(paid.status()).toBe(200);

    await page.goto('/admin/allorders');
    const row = rowOf(page, order);
    await expect(cellOf(row, ao.table.payment)).toContainText('مدفوع');
    await expect(cellOf(row, ao.table.payment)).not.toContainText('غير مدفوع');
    await expect(cellOf(row, ao.table.status)).toHaveText('قيد المراجعة');
  });

  test('the order page: items, customer, address and total; one status control along the allowed moves, and the customer sees it', async ({
    page,
    request,
    baseURL,
  }) => {
    const { customer, product, orders } = await customerWithOrders(request, 1);
    const [order] = orders as [Order];
    const token = await adminSession(page, request, baseURL);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page).toHaveTitle(`تفاصيل الطلب: ${orderTitle(order)} | متجر`);
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'الطلبات', exact: true }),
    ).toHaveAttribute('aria-current', 'true');

    const card = cards(page);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(orderTitle(order));
    const item = card.getByRole('list', { name: 'منتجات الطلب' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link', { name: product.title })).toHaveAttribute('href', `/products/${product.id}`);
    await expect(item).toContainText(`الكمية: ${formatNumber(1)}`);
    await expect(item).toContainText(`السعر: ${formatPrice(order.cartItems[0]?.price ?? 0, CURRENCY)}`);
    await expect(item.locator('img')).toHaveCount(1);
    if (product.availableColors[0]) await expect(item).toContainText('اللون:');
    await expect(fact(card, 'الإجمالي')).toHaveText(formatPrice(order.totalOrderPrice, CURRENCY));

    const customerPanel = main(page).getByRole('region', { name: 'العميل' });
    await expect(customerPanel).toContainText(customer.name);
    await expect(customerPanel).toContainText(SHOWN_PHONE);
    await expect(customerPanel).toContainText(customer.email);
    const addressPanel = main(page).getByRole('region', { name: 'عنوان الشحن' });
    await expect(addressPanel).toContainText(SHIPPING.details);
    await expect(addressPanel).toContainText(SHIPPING.city);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // One status control: only the moves the order's status allows (docs/orders.md § Statuses).
    const statusSelect = select(page, 'الحالة الجديدة');
    const statusPanel = main(page).getByRole('region', { name: 'تحديث حالة الطلب' });
    await expect(statusPanel).toContainText('الحالة الآن: قيد المراجعة');
    await expect(statusPanel).toContainText('الدفع: غير مدفوع');
    await expect(statusSelect).toHaveValue('');
    await expect(statusSelect.locator('option')).toHaveText([
      'اختر الحالة',
      'قيد التجهيز',
      'تم الشحن',
      'تم التوصيل',
      'ملغي',
    ]);

    // The placeholder sends nothing.
    const posts = recordPosts(page);
    await saveButton(page, 'حفظ الحالة').click();
    await expect(statusSelect).toHaveAccessibleDescription(/^اختر حالة أولاً/);
    await expect(statusSelect).toHaveAttribute('aria-invalid', 'true');
    await expect(statusSelect).toBeFocused();
    expect(posts).toEqual([]);

    // Processing: saved, the page updates in place, the select offers the next moves only.
    await statusSelect.selectOption({ label: 'قيد التجهيز' });
    await expect(statusSelect).not.toHaveAttribute('aria-invalid');
    await saveButton(page, 'حفظ الحالة').click();
    await expect(toast(page, 'تم تحديث حالة الطلب: قيد التجهيز')).toBeVisible();
    await expect(statusPanel).toContainText('الحالة الآن: قيد التجهيز');
    await expect(statusSelect).toHaveValue('');
    await expect(statusSelect.locator('option')).toHaveText(['اختر الحالة', 'تم الشحن', 'تم التوصيل', 'ملغي']);
    expect(posts).toHaveLength(1);
    expect(await orderOf(request, token, order.id)).toMatchObject({ status: 'processing', isDelivered: false });

    await statusSelect.selectOption({ label: 'تم التوصيل' });
    await saveButton(page, 'حفظ الحالة').click();
    await expect(toast(page, 'تم تحديث حالة الطلب: تم التوصيل')).toBeVisible();
    await expect(fact(card, 'الحالة')).toHaveText('تم التوصيل');
    await expect(statusPanel).toContainText('لا تغيير بعد هذه الحالة.');
    await expect(statusSelect).toHaveCount(0);
    // A cash order delivered is its cash collected (docs/orders.md § Cash on delivery).
    expect(await orderOf(request, token, order.id)).toMatchObject({
      status: 'delivered',
      isDelivered: true,
      isPaid: true,
      paymentStatus: 'paid',
    });
    await expectNoAxeViolations(page);

    // The customer sees it on their orders page.
    await page.context().clearCookies();
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto('/user/allOrders');
    const own = cards(page).filter({ has: page.getByRole('heading', { name: orderTitle(order) }) });
    await expect(fact(own, 'الدفع')).toHaveText('مدفوع');
    await expect(fact(own, 'الحالة')).toHaveText('تم التوصيل');
  });

  test('an unknown or malformed order id is a 404 page', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await page.goto(`/admin/orders/${id}`);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText('الصفحة غير موجودة');
    }
  });

  test.describe('before JavaScript loads', () => {
    test.use({ javaScriptEnabled: false });

    test('the status form posts normally, with its tracking fields, and the action checks the same rules', async ({
      page,
      request,
      baseURL,
    }) => {
      const { orders } = await customerWithOrders(request, 1);
      const [order] = orders as [Order];
      const token = await adminSession(page, request, baseURL);
      await page.goto(`/admin/orders/${order.id}`);
      await saveButton(page, 'حفظ الحالة').click();
      await expect(select(page, 'الحالة الجديدة')).toHaveAccessibleDescription(/^اختر حالة أولاً/);
      expect(await orderOf(request, token, order.id)).toMatchObject({ status: 'pending' });

      await select(page, 'الحالة الجديدة').selectOption({ label: 'تم الشحن' });
      await main(page).getByLabel('شركة الشحن').fill('سمسا');
      await main(page).getByLabel('رقم التتبع').fill('SMSA-1');
      await saveButton(page, 'حفظ الحالة').click();
      await expect(page).toHaveURL(`/admin/orders/${order.id}`);
      await expect(main(page).getByRole('region', { name: 'تحديث حالة الطلب' })).toContainText('الحالة الآن: تم الشحن');
      expect(await orderOf(request, token, order.id)).toMatchObject({
        status: 'shipped',
        carrier: 'سمسا',
        trackingNumber: 'SMSA-1',
      });
    });
  });
});
