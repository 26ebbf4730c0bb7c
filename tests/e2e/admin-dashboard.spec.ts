import type { Stats } from '../../src/contract/dashboard';
import { shopDay } from '../../src/contract/dates';
import { adminText } from '../../src/web/i18n/admin';
import { adminDashboard as d } from '../../src/web/i18n/admin-dashboard';
import { apiErrorTexts } from '../../src/web/i18n/api-errors';
import { formatNumber, formatPrice } from '../../src/web/lib/format';
import { expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  field,
  placeCashOrder,
  SHOP_TIME_ZONE,
  sidewaysOverflow,
  stockedProducts,
} from './support';

/*
 * The owner's dashboard (/admin, docs/dashboard.md): where staff land after signing in, its figures
 * as the API adds them up, its periods, its chart with a name and a table, on a phone and a tablet.
 */

const main = (page: Page) => page.getByRole('main');
const card = (page: Page, label: string) =>
  main(page).getByRole('list', { name: d.cards.label }).getByRole('listitem').filter({ hasText: label });
/** A card's figure: the line under its name. */
const figure = (page: Page, label: string) => card(page, label).locator('p').nth(1);
const textOf = (entry: { text: unknown }) => entry.text as string;

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
