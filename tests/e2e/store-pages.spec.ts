import type { StorePage, StoreSettingsView } from '../../src/contract/types';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  closeToast,
  expectNoAxeViolations,
  field,
  openFromAdminMenu,
  sidewaysOverflow,
  toast,
} from './support';

/*
 * The store pages and the footer (docs/store-pages.md): the owner edits a page and customers reach
 * it from the footer; the footer's phone, e-mail, WhatsApp and networks are the owner's settings.
 * The page and the settings are put back after each test.
 */

const main = (page: Page) => page.getByRole('main');
const footer = (page: Page) => page.getByRole('contentinfo');
const CONTACT_FIELDS = [
  'phone',
  'email',
  'whatsapp',
  'instagramUrl',
  'xUrl',
  'tiktokUrl',
  'snapchatUrl',
  'facebookUrl',
];

async function pageOf(request: APIRequestContext, slug: string) {
  return ((await (await request.get(`/api/v1/pages/${slug}`)).json()) as { data: StorePage }).data;
}
async function settings(request: APIRequestContext) {
  return ((await (await request.get('/api/v1/settings')).json()) as { data: StoreSettingsView }).data;
}

let savedReturns: StorePage | undefined;
let savedContact: Record<string, unknown> | undefined;
test.beforeEach(async ({ request }) => {
  savedReturns = await pageOf(request, 'returns');
  const current = await settings(request);
  savedContact = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, current[name as keyof StoreSettingsView]]));
});
test.afterEach(async ({ request }) => {
  const headers = bearer(await apiToken(request, ADMIN));
  if (savedReturns && !savedReturns.isDefault) {
    await request.put('/api/v1/pages/returns', {
      headers,
      data: { title: savedReturns.title, body: savedReturns.body },
    });
  }
  if (savedContact) await request.put('/api/v1/settings', { headers, data: savedContact });
});

test('the owner edits «سياسة الاسترجاع»; the footer link opens /pages/returns with the new text', async ({
  page,
  request,
  baseURL,
}) => {
  await openFromAdminMenu(page, request, baseURL, 'الصفحات');
  await expect(page).toHaveURL('/admin/pages');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('صفحات المتجر');
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'تعديل سياسة الاسترجاع' }).click();
  await expect(page).toHaveURL('/admin/pages/returns');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('تعديل صفحة «سياسة الاسترجاع»');

  // Empty text is refused in Arabic, before anything is sent.
  const body = field(main(page), 'نص الصفحة');
  await body.fill('');
  await main(page).getByRole('button', { name: 'حفظ الصفحة' }).click();
  await expect(body).toHaveAccessibleDescription(/^اكتب نص الصفحة/);

  const stamp = Date.now().toString(36);
  await field(main(page), 'العنوان').fill(`الاسترجاع والاستبدال ${stamp}`);
  await body.fill(
    `## خلال ٣٠ يوماً\n\nيمكنك **إرجاع** أي منتج.\n\n<script>document.title="xss"</script>\n\n[راسلنا](javascript:alert(1))`,
  );
  await main(page).getByRole('button', { name: 'حفظ الصفحة' }).click();
  await expect(toast(page, 'حُفظت الصفحة')).toBeVisible();
  await closeToast(page, 'حُفظت الصفحة');
  const preview = main(page).getByRole('region', { name: 'معاينة النص المحفوظ' });
  await expect(preview.getByRole('heading', { level: 2, name: 'خلال ٣٠ يوماً' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A customer's way in: the footer of any page.
  await page.context().clearCookies();
  await page.goto('/');
  await footer(page).getByRole('link', { name: 'سياسة الاسترجاع' }).click();
  await expect(page).toHaveURL('/pages/returns');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`الاسترجاع والاستبدال ${stamp}`);
  await expect(main(page).locator('strong')).toHaveText('إرجاع');
  // The script and the javascript: link are shown as text, never run or linked.
  await expect(main(page)).toContainText('<script>document.title="xss"</script>');
  await expect(main(page).getByRole('link', { name: 'راسلنا' })).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`^الاسترجاع والاستبدال ${stamp} \\| `));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^خلال ٣٠ يوماً/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pages\/returns$/);
  await expectNoAxeViolations(page);
});

test('the footer shows the phone, e-mail, WhatsApp and networks the owner saved, and no other network', async ({
  page,
  request,
  baseURL,
}) => {
  await adminSession(page, request, baseURL);
  await page.goto('/admin/settings');
  await field(main(page), 'هاتف المتجر').fill('0112345678');
  await field(main(page), 'البريد الإلكتروني للمتجر').fill('care@example.com');
  await field(main(page), 'رقم الواتساب').fill('٠٥٠١٢٣٤٥٦٧');
  await field(main(page), 'رابط حساب إنستغرام').fill('https://instagram.com/matjar.e2e');
  await field(main(page), 'رابط حساب إكس').fill('http://x.com/matjar');
  for (const network of ['تيك توك', 'سناب شات', 'فيسبوك']) await field(main(page), `رابط حساب ${network}`).fill('');
  await main(page).getByRole('button', { name: 'حفظ الإعدادات' }).click();
  // Not https: refused in Arabic, on its field.
  await expect(field(main(page), 'رابط حساب إكس')).toHaveAccessibleDescription(/^اكتب رابط صفحة المتجر/);
  await field(main(page), 'رابط حساب إكس').fill('https://x.com/matjar');
  await main(page).getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(toast(page, 'حُفظت إعدادات المتجر')).toBeVisible();
  await closeToast(page, 'حُفظت إعدادات المتجر');

  const shown = footer(page);
  await expect(shown.getByRole('link', { name: /0112345678/ })).toHaveAttribute('href', 'tel:0112345678');
  await expect(shown.getByRole('link', { name: /care@example\.com/ })).toHaveAttribute(
    'href',
    'mailto:care@example.com',
  );
  await expect(shown.getByRole('link', { name: 'واتساب' })).toHaveAttribute('href', 'https://wa.me/966501234567');
  await expect(shown.getByRole('link', { name: 'إنستغرام' })).toHaveAttribute(
    'href',
    'https://instagram.com/matjar.e2e',
  );
  await expect(shown.getByRole('link', { name: 'إكس' })).toHaveAttribute('href', 'https://x.com/matjar');
  for (const unset of ['تيك توك', 'سناب شات', 'فيسبوك'])
    await expect(shown.getByRole('link', { name: unset })).toHaveCount(0);
  // The owner's number only (the footer used to show the sign-up form's example number).
  await expect(shown.locator('a[href^="tel:"]')).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('the sitemap lists the pages; another name is a missing page; a 360 px phone reads a page without scrolling sideways', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const slug of ['about', 'terms', 'privacy', 'returns', 'contact'])
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/pages/${slug}</loc>`));
  expect((await request.get('/pages/faq')).status()).toBe(404);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pages/terms');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('الشروط والأحكام');
  await expect(footer(page).getByRole('link', { name: 'سياسة الخصوصية' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
