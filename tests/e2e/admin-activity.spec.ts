import { activityText as t } from '../../src/web/i18n/admin-activity';
import { ao } from '../../src/web/i18n/admin-orders';
import { st } from '../../src/web/i18n/admin-store';
import { formatNumber, formatPrice } from '../../src/web/lib/format';
import { expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  closeToast,
  createTestProduct,
  described,
  expectNoAxeViolations,
  field,
  hydrated,
  sidewaysOverflow,
  toast,
} from './support';

/*
 * «سجل النشاط» (docs/staff-actions.md): the owner changes a product's price and a setting, and
 * reads both lines in Arabic — who, what, on which product, the price before and after — then
 * narrows the log by kind.
 */

const CURRENCY = 'SAR'; // the shop's default; the test server does not change it

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).getByRole('table', { name: t.table.caption }).locator('tbody tr');

test('the owner changes a price and a setting and reads both in the activity log', async ({
  page,
  request,
  baseURL,
}) => {
  const product = await createTestProduct(request, 'إبريق السجل');
  const ownSettings = await request.get('/api/v1/admin/settings', { headers: bearer(await apiToken(request, ADMIN)) });
  const { lowStockThreshold } = (await ownSettings.json()).data as {
    lowStockThreshold: number;
  };
  const threshold = lowStockThreshold + 1;
  await adminSession(page, request, baseURL);
  try {
    await page.goto(`/admin/editproducts/${product.id}`);
    await hydrated(main(page).locator('form'));
    await field(page, 'السعر قبل الخصم').fill('99.5');
    await main(page).getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toast(page, 'تم حفظ تعديلات المنتج بنجاح')).toBeVisible();

    await page.goto('/admin/settings');
    await hydrated(main(page).locator('form'));
    await field(main(page), st.lowStockThreshold).fill(String(threshold));
    await main(page).getByRole('button', { name: st.save }).click();
    await expect(toast(page, st.saved)).toBeVisible();
    await closeToast(page, st.saved);

    await page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: t.title }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(t.title);

    // Newest first: the setting, then the price (other tests' lines may come between).
    const settingLine = rows(page).filter({ hasText: t.actions['settings.updated'] }).first();
    const priceLine = rows(page).filter({ hasText: product.title }).first();
    await expect(settingLine.getByRole('rowheader')).toHaveText(t.actions['settings.updated']);
    await expect(settingLine).toContainText(ADMIN.name);
    await expect(settingLine).toContainText(
      `${st.lowStockThreshold}: ${formatNumber(lowStockThreshold)} ${t.arrow} ${t.becomes} ${formatNumber(threshold)}`,
    );
    await expect(settingLine.getByRole('link')).toHaveAttribute('href', '/admin/settings');
    await expect(priceLine.getByRole('rowheader')).toHaveText(t.actions['product.price_changed']);
    await expect(priceLine).toContainText(
      `${t.fields.product.price}: ${formatPrice(120, CURRENCY)} ${t.arrow} ${t.becomes} ${formatPrice(99.5, CURRENCY)}`,
    );
    await expect(priceLine.getByRole('link', { name: product.title })).toHaveAttribute(
      'href',
      `/admin/editproducts/${product.id}`,
    );
    await expectNoAxeViolations(page);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Only price changes: the setting's line goes, the price's stays.
    await main(page).getByLabel(t.filters.action).selectOption(t.actions['product.price_changed']);
    await main(page).getByRole('button', { name: t.filters.apply }).click();
    await expect(page).toHaveURL(/action=product\.price_changed/);
    await expect(rows(page).filter({ hasText: product.title })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: t.actions['settings.updated'] })).toHaveCount(0);

    // A period that ends before it starts is said in Arabic beside its field, and no list is read.
    await page.goto('/admin/activity?from=2026-03-02&to=2026-03-01');
    await expect(field(main(page), t.filters.to)).toHaveAccessibleDescription(described(ao.filters.rangeInvalid));
    await expect(main(page)).toContainText(t.filters.fixFilters);
  } finally {
    const headers = bearer(await apiToken(request, ADMIN));
    await request.put('/api/v1/settings', { headers, data: { lowStockThreshold } });
    await request.delete(`/api/v1/products/${product.id}`, { headers });
  }
});
