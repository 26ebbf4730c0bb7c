import type { Stats } from '../../src/contract/dashboard';
import { shopDay } from '../../src/contract/dates';
import { ORDER_STATUS_NAMES } from '../../src/contract/order-statuses';
import type { Product } from '../../src/contract/types';
import { imageFormPaths } from '../../src/contract/web';
import { adminText } from '../../src/web/i18n/admin';
import { adminDashboard as d } from '../../src/web/i18n/admin-dashboard';
import { ao } from '../../src/web/i18n/admin-orders';
import { apiErrorTexts } from '../../src/web/i18n/api-errors';
import { changeOf } from '../../src/web/lib/dashboard-period';
import { formatNumber, formatPercent, formatPrice } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  createCustomer,
  createTestProduct,
  escapeRegExp,
  expectNoAxeViolations,
  field,
  placeCashOrder,
  SHOP_TIME_ZONE,
  sidewaysOverflow,
  stockedProducts,
} from './support';

/*
 * The owner's dashboard (/admin, docs/dashboard.md): where staff land after signing in, its figures
 * as the API adds them up, its periods, its panels (orders waiting, best sellers, low stock, each
 * card's change) against the API's answer, its chart with a name and a table, on a phone and a tablet.
 */

const main = (page: Page) => page.getByRole('main');
const card = (page: Page, label: string) =>
  main(page).getByRole('list', { name: d.cards.label }).getByRole('listitem').filter({ hasText: label });
/** A card's figure: the line under its name. */
const figure = (page: Page, label: string) => card(page, label).locator('p').nth(1);
const textOf = (entry: { text: unknown }) => entry.text as string;
/** A panel of the page: a section named by its heading or label. */
const panel = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
/** The rows of a best sellers table: its name, units and sales cells, as read. */
async function expectRanking(
  page: Page,
  name: string,
  rows: { name: string; units: number; sales: number }[],
  currency: string,
) {
  const body = panel(page, name).locator('tbody tr');
  await expect(body).toHaveCount(rows.length);
  await expect(body.getByRole('rowheader')).toHaveText(rows.map((row) => row.name));
  await expect(body.locator('td:nth-of-type(1)')).toHaveText(rows.map((row) => formatNumber(row.units)));
  await expect(body.locator('td:nth-of-type(2)')).toHaveText(rows.map((row) => formatPrice(row.sales, currency)));
}
/** What a card says of its change against the period before, worked out from the API's two figures. */
function changeText(current: number, previous: number) {
  const change = changeOf(current, previous);
  if (change === null) return d.change.fromNothing;
  if (change > 0) return d.change.up(formatPercent(change));
  if (change < 0) return d.change.down(formatPercent(-change));
  return d.change.same;
}
const CARDS = [
  [d.cards.netSales, 'netSales'],
  [d.cards.orders, 'orders'],
  [d.cards.averageOrderValue, 'averageOrderValue'],
  [d.cards.newCustomers, 'newCustomers'],
] as const;
async function expectChanges(page: Page, stats: Stats) {
  for (const [label, key] of CARDS) {
    await expect(card(page, label)).toContainText(changeText(stats[key], stats.previous[key]));
  }
}

async function statsOf(page: Page, query: string) {
  const res = await page.request.get(`/api/v1/admin/stats${query}`, {
    headers: bearer(await apiToken(page.request, ADMIN)),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Stats }).data;
}

test('staff signing in land on the dashboard, and see the figures of the last 30 days in Arabic', async ({ page }) => {
  // An order today, so there is something to add up.
  const customer = await createCustomer(page.request, 'زبون لوحة التحكم');
  await placeCashOrder(page.request, customer.token, (await stockedProducts(page.request)).slice(0, 1));

  await page.goto('/login');
  await field(page, 'البريد الإلكتروني').fill(ADMIN.email);
  await field(page, 'كلمة المرور').fill(ADMIN.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(d.title);

  const stats = await statsOf(page, '');
  expect(stats.orders).toBeGreaterThan(0);
  await expect(figure(page, d.cards.netSales)).toHaveText(formatPrice(stats.netSales, stats.currency));
  await expect(figure(page, d.cards.orders)).toHaveText(formatNumber(stats.orders));
  await expect(figure(page, d.cards.averageOrderValue)).toHaveText(
    formatPrice(stats.averageOrderValue, stats.currency),
  );
  await expect(figure(page, d.cards.newCustomers)).toHaveText(formatNumber(stats.newCustomers));
  // The menu's first entry marks this page, and only this page.
  const menu = page.getByRole('navigation', { name: adminText.nav });
  await expect(menu.getByRole('link', { name: adminText.dashboard })).toHaveAttribute('aria-current', 'page');
  await expect(main(page).getByRole('link', { name: d.periods.month })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: adminText.orders }).click();
  await expect(page).toHaveURL(/\/admin\/allorders$/);
  await expect(menu.getByRole('link', { name: adminText.dashboard })).not.toHaveAttribute('aria-current', /.+/);
});

test('switches the period: today, then chosen days, and says in Arabic what it refuses', async ({ page, baseURL }) => {
  await adminSession(page, page.request, baseURL);
  await page.goto('/admin');
  await main(page).getByRole('link', { name: d.periods.today }).click();
  await expect(page).toHaveURL(/\?period=today$/);
  await expect(main(page).getByRole('link', { name: d.periods.today })).toHaveAttribute('aria-current', 'page');
  const today = await statsOf(
    page,
    `?from=${shopDay(new Date(), SHOP_TIME_ZONE)}&to=${shopDay(new Date(), SHOP_TIME_ZONE)}`,
  );
  await expect(figure(page, d.cards.orders)).toHaveText(formatNumber(today.orders));
  await expect(card(page, d.cards.orders)).toContainText(d.previousWas(formatNumber(today.previous.orders)));

  // Chosen days: a week of 2026.
  await field(page, d.from).fill('2026-03-01');
  await field(page, d.to).fill('2026-03-07');
  await main(page).getByRole('button', { name: d.show }).click();
  await expect(page).toHaveURL(/period=custom&from=2026-03-01&to=2026-03-07/);
  const week = await statsOf(page, '?from=2026-03-01&to=2026-03-07');
  await expect(figure(page, d.cards.netSales)).toHaveText(formatPrice(week.netSales, week.currency));
  await main(page).getByText(d.chart.showTable).click();
  await expect(main(page).getByRole('table', { name: d.chart.tableCaption }).getByRole('row')).toHaveCount(8);

  // The end before the start, then more than a year: each refused beside the field, in Arabic.
  await field(page, d.from).fill('2026-03-07');
  await field(page, d.to).fill('2026-03-01');
  await main(page).getByRole('button', { name: d.show }).click();
  await expect(field(page, d.to)).toHaveAccessibleDescription(textOf(apiErrorTexts.DATE_RANGE_INVALID));
  await expect(page.getByRole('img', { name: d.chart.title })).toHaveCount(0);
  await field(page, d.from).fill('2024-01-01');
  await field(page, d.to).fill('2026-01-01');
  await main(page).getByRole('button', { name: d.show }).click();
  await expect(field(page, d.to)).toHaveAccessibleDescription(textOf(apiErrorTexts.REPORT_RANGE_TOO_LONG));
});

test('the chart has a name, a description and the same numbers in a table; no axe violations', async ({
  page,
  baseURL,
}) => {
  await adminSession(page, page.request, baseURL);
  await page.goto('/admin?period=7');
  const chart = page.getByRole('img', { name: d.chart.title });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/صافي المبيعات لكل يوم/);
  // Right to left: the oldest day's bar is right of the newest's.
  const bars = chart.locator('rect');
  await expect(bars).toHaveCount(7);
  const [oldest, newest] = await Promise.all([bars.first().boundingBox(), bars.last().boundingBox()]);
  expect(oldest && newest && oldest.x > newest.x).toBe(true);
  await main(page).getByText(d.chart.showTable).click();
  const today = shopDay(new Date(), SHOP_TIME_ZONE);
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  const stats = await statsOf(page, `?from=${weekAgo}&to=${today}`);
  const table = main(page).getByRole('table', { name: d.chart.tableCaption });
  await expect(table.getByRole('row')).toHaveCount(8);
  const last = stats.daily.at(-1);
  if (last) await expect(table.getByRole('row').last()).toContainText(formatPrice(last.netSales, stats.currency));
  await expectNoAxeViolations(page);
});

test('the panels say what the API answers: orders waiting by status, linked to the filtered list; best sellers; low stock; each card’s change', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await adminSession(page, request, baseURL);
  const headers = bearer(token);
  // Orders today in each waiting status, and two products of the test's own running out.
  const customer = await createCustomer(request, 'زبون لوحات اللوحة');
  const [sold] = (await stockedProducts(request)).slice(0, 1) as [Product];
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await placeCashOrder(request, customer.token, [sold]));
  const moves = [['processing'], ['processing', 'shipped']] as const;
  for (const [i, steps] of moves.entries()) {
    for (const status of steps) {
      const res = await request.put(`/api/v1/orders/${orders[i + 1]?.id}/status`, { headers, data: { status } });
      expect(res.status(), await res.text()).toBe(200);
    }
  }
  const out = await createTestProduct(request, 'أوشك على النفاد', 0);
  const few = await createTestProduct(request, 'أوشك على النفاد', 3);
  try {
    await page.goto('/admin?period=today');
    const today = shopDay(new Date(), SHOP_TIME_ZONE);
    const stats = await statsOf(page, `?from=${today}&to=${today}`);

    // Waiting: each status's count, a link to the orders list filtered by it.
    for (const status of ['pending', 'processing', 'shipped'] as const) {
      expect(stats.byStatus[status]).toBeGreaterThan(0);
      const link = panel(page, d.waiting.title).getByRole('link', {
        name: new RegExp(`^${escapeRegExp(formatNumber(stats.byStatus[status]))}\\s*${ORDER_STATUS_NAMES[status]}$`),
      });
      await expect(link).toHaveAttribute('href', `/admin/allorders?status=${status}`);
    }

    // Best sellers by product and by variant (its options and SKU beside the title), as the API ranks them.
    expect(stats.topProducts.map((line) => line.productId)).toContain(sold.id);
    await expectRanking(
      page,
      d.top.products,
      stats.topProducts.map((line) => ({ ...line, name: line.title })),
      stats.currency,
    );
    expect(stats.topVariants.length).toBeGreaterThan(0);
    await expectRanking(
      page,
      d.top.variants,
      stats.topVariants.map((line) => ({
        ...line,
        name: [line.title, ...Object.values(line.options), line.sku].filter(Boolean).join(' · '),
      })),
      stats.currency,
    );

    // Low stock: out of stock first, each a link to its edit page with what is left.
    expect(stats.lowStock.map((product) => product.id)).toEqual(expect.arrayContaining([out.id, few.id]));
    const low = panel(page, d.lowStock.title);
    await expect(low).toContainText(plural(stats.lowStockThreshold, d.lowStock.hint));
    const items = low.getByRole('listitem');
    await expect(items).toHaveCount(stats.lowStock.length);
    await expect(items.getByRole('link')).toHaveText(stats.lowStock.map((product) => product.title));
    await expect(items).toHaveText(
      stats.lowStock.map(
        (product) =>
          `${product.title}${product.quantity === 0 ? d.lowStock.out : `${d.lowStock.quantity}: ${formatNumber(product.quantity)}`}`,
      ),
    );
    await expect(items.filter({ hasText: few.title }).getByRole('link')).toHaveAttribute(
      'href',
      `/${imageFormPaths.editProduct.replace(':id', few.id)}`,
    );

    // Each card's change against yesterday, as the API's two figures make it.
    await expectChanges(page, stats);
    // Tomorrow against today: nothing yet against today's orders, a fall of 100%.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/admin?period=custom&from=${tomorrow}&to=${tomorrow}`);
    const ahead = await statsOf(page, `?from=${tomorrow}&to=${tomorrow}`);
    expect(ahead.previous.orders).toBe(stats.orders);
    await expect(card(page, d.cards.orders)).toContainText(d.change.down(formatPercent(1)));
    await expectChanges(page, ahead);

    // A waiting count opens the orders list with that filter.
    await page.goto('/admin?period=today');
    await panel(page, d.waiting.title)
      .getByRole('link', { name: new RegExp(ORDER_STATUS_NAMES.processing) })
      .click();
    await expect(page).toHaveURL(/\/admin\/allorders\?status=processing$/);
    await expect(main(page).getByLabel(ao.filters.status, { exact: true })).toHaveValue('processing');
  } finally {
    for (const product of [out, few]) await request.delete(`/api/v1/products/${product.id}`, { headers });
  }
});

for (const screen of [
  { name: 'a 360 px phone', width: 360, height: 740 },
  { name: 'a tablet', width: 768, height: 1024 },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });
    test('fits the width, figures and chart shown', async ({ page, baseURL }) => {
      await adminSession(page, page.request, baseURL);
      await page.goto('/admin');
      await expect(card(page, d.cards.netSales)).toBeVisible();
      await expect(page.getByRole('img', { name: d.chart.title })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  });
}
