import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the home page is Arabic, right-to-left and shows the seeded catalogue', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page).toHaveTitle(/متجر/);

  const bestSellers = page.getByRole('region', { name: 'الأكثر مبيعاً' });
  await expect(bestSellers.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'أحدث الأزياء' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'التصنيفات' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'أشهر الماركات' }).getByRole('listitem')).toHaveCount(6);
  // Arabic product titles came from the seeded database.
  await expect(bestSellers.getByRole('heading').first()).toHaveText(/[\u0600-\u06FF]/);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByRole('link', { name: /السلة/ })).toContainText('0');
});

test('the server-rendered HTML already holds the products', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toMatch(/الأكثر مبيعاً/);
  expect(html).toMatch(/ر\.س|SAR/);
});

test('an unknown page answers 404 with an Arabic page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
  await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});
