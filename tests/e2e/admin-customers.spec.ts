import { randomUUID } from 'node:crypto';
import type { Order, User } from '../../src/contract/types';
import { customerText as ct } from '../../src/web/i18n/admin-customers';
import { ao } from '../../src/web/i18n/admin-orders';
import { formatCode, formatNumber, formatPrice } from '../../src/web/lib/format';
import { showPhone } from '../../src/web/lib/format-phone';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  adminSession,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  placeCashOrder,
  signInWithCookie,
  stockedProducts,
  toArabicIndic,
} from './support';

/*
 * The admin's customer screens (docs/customers.md): the list (searched, paged, a dense table) and
 * one customer's page with their orders, each opening the order, whose page leads back.
 */

const CURRENCY = 'SAR'; // the shop's default; the test server does not change it

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
const customerRows = (page: Page) => main(page).getByRole('table', { name: ct.table.caption }).locator('tbody tr');
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const orderTitle = (order: Order) => `طلب رقم ${formatCode(order.number)}`;
/** A Saudi mobile number in national form that no other customer of the run has. */
const uniquePhone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A new customer with two cash orders, oldest first, and their id. */
async function customerWithOrders(request: APIRequestContext) {
  const phone = uniquePhone();
  const customer = await createCustomer(request, `عميلة ${randomUUID().slice(0, 4)}`, phone);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  const orders = [
    await placeCashOrder(request, customer.token, [product]),
    await placeCashOrder(request, customer.token, [product]),
  ];
  const me = await request.get('/api/v1/users/getMe', { headers: bearer(customer.token) });
  const { id } = ((await me.json()) as { data: User }).data;
  return { customer: { ...customer, id }, orders, phone };
}

test.describe('admin customer screens', () => {
  test('the list, a search by phone in Arabic-Indic digits, a customer’s page, an order and back', async ({
    page,
    request,
    baseURL,
  }) => {
    const { customer, orders, phone } = await customerWithOrders(request);
    const [oldest, newest] = orders as [Order, Order];
    await adminSession(page, request, baseURL);

    await page.goto('/admin/customers');
    await expect(page).toHaveTitle('العملاء | متجر');
    await expect(heading(page)).toHaveText(ct.listTitle);
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'العملاء' }),
    ).toHaveAttribute('aria-current', 'page');
    // The newest account first.
    await expect(customerRows(page).first().getByRole('rowheader')).toContainText(customer.name);
    await expectNoAxeViolations(page);

    // The phone typed in Arabic-Indic digits finds the number stored in E.164.
    const search = main(page).getByRole('searchbox', { name: ct.search.label });
    await search.fill(toArabicIndic(phone));
    await search.press('Enter');
    await expect(main(page)).toContainText(ct.matchCount.one);
    await expect(customerRows(page)).toHaveCount(1);
    const row = customerRows(page).first();
    const cells = row.locator('th, td');
    // Name, e-mail, phone, orders, total spent, last order, joined.
    await expect(cells.nth(0)).toHaveText(customer.name);
    await expect(cells.nth(1)).toHaveText(customer.email);
    await expect(cells.nth(2)).toHaveText(showPhone(phone, { phoneCountry: 'SA' }));
    await expect(cells.nth(3)).toHaveText(formatNumber(2));
    const spent = Math.round((oldest.totalOrderPrice + newest.totalOrderPrice) * 100) / 100;
    await expect(cells.nth(4)).toHaveText(formatPrice(spent, CURRENCY));
    await expect(cells.nth(5).locator('time')).toHaveAttribute('datetime', newest.createdAt);

    // Their page: details, figures, and their orders, newest first.
    await row.getByRole('link', { name: customer.name }).click();
    await expect(page).toHaveURL(`/admin/customers/${customer.id}`);
    await expect(heading(page)).toHaveText(customer.name);
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'العملاء' }),
    ).toHaveAttribute('aria-current', 'true');
    const orderRows = main(page).getByRole('table', { name: ct.orderTable.caption }).locator('tbody tr');
    await expect(orderRows.getByRole('rowheader')).toHaveText([orderTitle(newest), orderTitle(oldest)]);
    await expect(main(page)).toContainText(formatPrice(spent, CURRENCY));
    await expectNoAxeViolations(page);

    // An order opens, and its page leads back to the customer.
    await orderRows.getByRole('link', { name: orderTitle(oldest) }).click();
    await expect(page).toHaveURL(`/admin/orders/${oldest.id}`);
    await main(page).getByRole('link', { name: ct.openCustomer }).click();
    await expect(page).toHaveURL(`/admin/customers/${customer.id}`);

    // The orders list leads to the customer too.
    await page.goto(`/admin/allorders?keyword=${encodeURIComponent(customer.email)}`);
    await main(page)
      .getByRole('table', { name: ao.table.caption })
      .getByRole('link', { name: customer.name })
      .first()
      .click();
    await expect(page).toHaveURL(`/admin/customers/${customer.id}`);

    // On a phone: the table scrolls in its own region, the page does not, and all stays labelled.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/admin/customers?keyword=${encodeURIComponent(customer.email)}`);
    await expect(customerRows(page)).toHaveCount(1);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(heading(page)).toHaveText(customer.name);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
  });

  test('no match says so; an unknown id is the not-found page; customers are sent home', async ({
    page,
    request,
    baseURL,
  }) => {
    const { customer } = await customerWithOrders(request);
    await adminSession(page, request, baseURL);
    await page.goto(`/admin/customers?keyword=${encodeURIComponent('لا أحد بهذا الاسم أبداً')}`);
    await expect(main(page)).toContainText(ct.noMatches);
    await expect(customerRows(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await main(page).getByRole('link', { name: ct.search.clear }).first().click();
    await expect(page).toHaveURL(/\/admin\/customers$/);

    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await page.goto(`/admin/customers/${id}`);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText('الصفحة غير موجودة');
    }

    await page.context().clearCookies();
    await signInWithCookie(page.context(), baseURL, customer.token);
    for (const path of ['/admin/customers', `/admin/customers/${customer.id}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });
});
