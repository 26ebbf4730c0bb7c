import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatNumber } from '../../src/web/lib/format';
import { type FakeFatoora, SANDBOX_OTP, startFakeFatoora } from '../helpers/fake-fatoora';
import { killAllServers, type ServerProcess, startServer, TEST_ADMIN } from '../helpers/server';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  apiToken,
  createCustomer,
  expectNoAxeViolations,
  fact,
  placeCashOrder,
  sidewaysOverflow,
  signInWithCookie,
  stockedProducts,
  toArabicIndic,
  toast,
} from './support';

/**
 * The admin's e-invoicing screen (docs/invoices.md § On screen) onboarding a VAT-registered Saudi
 * shop against the local Fatoora (tests/helpers/fake-fatoora.ts). Onboarding changes how every
 * later invoice of a shop is issued, so this spec starts a shop of its own (registered for VAT as
 * the cash-only shop is, by tests/e2e/register-vat.ts) beside the fake, as moyasar.spec.ts does,
 * instead of touching the shops other specs use.
 */

const KEY_SECRET = 'e2e-zatca-key-secret-at-least-32-characters';
const PATH = '/admin/e-invoicing';
let fatoora: FakeFatoora;
let shop: ServerProcess;
let api: APIRequestContext;
let dataDir: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  // ZATCA's rules (Java and Saxon) are the API tests' business: here the screen, with the fake's other checks.
  fatoora = await startFakeFatoora({ rules: false });
  dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-e2e-zatca-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/register-vat.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  shop = await startServer({
    dataDir,
    timeoutMs: 150_000,
    env: {
      SERVE_WEB: 'true',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'none',
      ZATCA_API_URL: fatoora.url,
      ZATCA_KEY_SECRET: KEY_SECRET,
      JOBS_POLL_SECONDS: '1',
    },
  });
  api = await playwright.request.newContext({ baseURL: shop.origin });
});

test.afterAll(async () => {
  await api?.dispose();
  await killAllServers();
  await fatoora?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openScreen(page: Page) {
  await signInWithCookie(page.context(), shop.origin, await apiToken(api, TEST_ADMIN));
  await page.goto(`${shop.origin}${PATH}`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

const step = (page: Page, name: RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test('onboarding from the admin: CSR, a refused OTP with ZATCA’s message, the compliance checks, production; an order’s invoice is then reported', async ({
  page,
}) => {
  await openScreen(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('status').first()).toContainText(
    'المرحلة الأولى: الفواتير تصدر دون ربط مع هيئة الزكاة والضريبة والجمارك',
  );
  // Reached from the admin's menu under the settings, and from the settings page.
  await expect(page.getByRole('link', { name: 'الفوترة الإلكترونية', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // 1. The environment and the CSR.
  const first = step(page, /اختر البيئة/);
  await expect(first).toHaveAttribute('aria-current', 'step');
  await first.getByLabel('البيئة').selectOption({ label: 'بوابة المطورين (تجربة)' });
  await first.getByRole('button', { name: 'إنشاء طلب الشهادة (CSR)' }).click();
  await expect(toast(page, 'أُنشئ طلب الشهادة')).toBeVisible();
  await expect(first).toContainText('تمّت');
  await expect(first).toContainText('البيئة: بوابة المطورين (تجربة)');

  // 2. The OTP: the contract's check first, then ZATCA's refusal with its own message beside the Arabic.
  const second = step(page, /رمز التحقق وشهادة الامتثال/);
  await expect(second).toHaveAttribute('aria-current', 'step');
  const otp = second.getByRole('textbox', { name: 'رمز التحقق (OTP)' });
  await expect(otp).toHaveAttribute('inputmode', 'numeric');
  const request = second.getByRole('button', { name: 'الحصول على شهادة الامتثال' });
  await request.click();
  await expect(second.getByText('رمز التحقق 6 أرقام من بوابة فاتورة')).toBeVisible();
  await expect(otp).toBeFocused();
  await otp.fill('1233');
  await request.click();
  await expect(second.getByText('رمز التحقق 6 أرقام من بوابة فاتورة')).toBeVisible();
  expect(fatoora.state.credentials.size).toBe(0);

  await otp.fill('111111');
  await request.click();
  const alert = second.getByRole('alert');
  await expect(alert).toContainText('رفضت هيئة الزكاة والضريبة والجمارك الطلب');
  const zatcaSays = alert.locator('ul[dir="ltr"]');
  await expect(zatcaSays).toContainText('Invalid-OTP');
  await expect(zatcaSays).toContainText('The provided OTP is invalid');
  await expect(alert.locator('xpath=..')).toBeFocused();

  // The sandbox's OTP, typed in Arabic-Indic digits: the compliance CSID, then three passed checks.
  await otp.fill(toArabicIndic(SANDBOX_OTP));
  await request.click();
  await expect(toast(page, 'حصل المتجر على شهادة الامتثال وأجرى فحوص الامتثال')).toBeVisible();
  const checks = second.locator('h4 + ul > li');
  await expect(checks).toHaveText([/فاتورة مبسطة: نجح/, /إشعار دائن: نجح/, /إشعار مدين: نجح/]);

  // 3. The production CSID: phase 2 from now on.
  const third = step(page, /شهادة الإنتاج/);
  await expect(third).toHaveAttribute('aria-current', 'step');
  await third.getByRole('button', { name: 'الحصول على شهادة الإنتاج' }).click();
  await expect(toast(page, 'انتقل المتجر إلى المرحلة الثانية')).toBeVisible();
  await expect(main.getByRole('status').first()).toContainText(
    'المرحلة الثانية (الربط والتكامل): كل فاتورة تُوقَّع وتُرسل إلى الهيئة',
  );
  // The certificate's end, in the shop's date style (a year from the fake's issue).
  await expect(step(page, /التوقيع والإبلاغ/)).toContainText(/تنتهي شهادة الإنتاج في \S+ \S+ \S+/);

  // An order now: its invoice is signed and reported by the job runner; the counts say so.
  const customer = await createCustomer(api);
  const products = (await stockedProducts(api)).slice(0, 1);
  const order = await placeCashOrder(api, customer.token, products);
  expect(order.invoiceNumber).toEqual(expect.any(Number));
  await expect(async () => {
    await page.reload();
    await expect(fact(main, 'مُبلَّغة')).toHaveText(formatNumber(1), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect([...fatoora.state.reported.values()].map((document) => document.status)).toEqual(['REPORTED']);
  await expect(main.getByText('لا توجد فواتير في هذه الحالة')).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff see the state on the invoice's sheet too (not printed); its customer does not.
  await page.goto(`${shop.origin}/orders/${order.id}/invoice`);
  const reportingRow = page.locator('#tax-invoice dt:text-is("الإبلاغ إلى الهيئة") + dd');
  await expect(reportingRow).toHaveText('مُبلَّغة');
  await signInWithCookie(page.context(), shop.origin, customer.token);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
  await expect(reportingRow).toHaveCount(0);
});

test('renewal asks first, then takes a new OTP; starting over asks first and Cancel changes nothing', async ({
  page,
}) => {
  await openScreen(page);
  // The settings page of a Saudi shop leads here too.
  await page.goto(`${shop.origin}/admin/settings`);
  await page.getByRole('link', { name: /^الفوترة الإلكترونية: ربط المتجر/ }).click();
  await expect(page).toHaveURL(`${shop.origin}${PATH}`);
  const signing = step(page, /التوقيع والإبلاغ/);
  await signing.getByRole('button', { name: 'تجديد الشهادة' }).click();
  const renewal = page.getByRole('alertdialog', { name: 'تجديد شهادة الإنتاج؟' });
  await expect(renewal).toBeVisible();
  await renewal.getByRole('textbox', { name: 'رمز التحقق (OTP)' }).fill('000000');
  await renewal.getByRole('button', { name: 'تجديد الشهادة' }).click();
  await expect(renewal.getByRole('alert')).toContainText('Invalid-OTP');
  await renewal.getByRole('textbox', { name: 'رمز التحقق (OTP)' }).fill(SANDBOX_OTP);
  await renewal.getByRole('button', { name: 'تجديد الشهادة' }).click();
  await expect(toast(page, 'جُدّدت شهادة الإنتاج')).toBeVisible();
  await expect(renewal).toBeHidden();

  await step(page, /اختر البيئة/)
    .getByRole('button', { name: 'البدء من جديد' })
    .click();
  const restart = page.getByRole('alertdialog', { name: 'البدء بالربط من جديد؟' });
  await expect(restart).toContainText('الشهادة الحالية تبقى توقّع الفواتير');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await restart.getByRole('button', { name: 'إلغاء' }).click();
  await expect(restart).toBeHidden();
  // Cancel sends nothing: no post leaves the page, and the screen still says phase 2 without a restart under way.
  await page.waitForLoadState('networkidle');
  expect(posts).toEqual([]);
  await expect(page.getByRole('main')).toContainText('المرحلة الثانية');
  await expect(page.getByRole('main').getByRole('status').first()).not.toContainText('بدأت الربط من جديد');
});

test('without JavaScript: starting over is a link to its confirmation and a plain post', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ar' });
  try {
    const page = await context.newPage();
    await signInWithCookie(context, shop.origin, await apiToken(api, TEST_ADMIN));
    await page.goto(`${shop.origin}${PATH}`);
    await step(page, /اختر البيئة/)
      .getByRole('link', { name: 'البدء من جديد' })
      .click();
    await expect(page).toHaveURL(`${shop.origin}${PATH}?restart=1`);
    const restart = page.getByRole('alertdialog', { name: 'البدء بالربط من جديد؟' });
    await restart.getByLabel('البيئة').selectOption({ label: 'بيئة المحاكاة' });
    await restart.getByRole('button', { name: 'إنشاء طلب الشهادة (CSR)' }).click();
    await expect(page).toHaveURL(`${shop.origin}${PATH}`);
    const phase = page.getByRole('main').getByRole('status').first();
    // The production certificate keeps signing while the new onboarding waits for its OTP.
    await expect(phase).toContainText('المرحلة الثانية');
    await expect(phase).toContainText('بدأت الربط من جديد');
    await expect(step(page, /رمز التحقق وشهادة الامتثال/)).toHaveAttribute('aria-current', 'step');
    await expect(step(page, /اختر البيئة/)).toContainText('البيئة: بيئة المحاكاة');
  } finally {
    await context.close();
  }
});

test('on a 360 px phone the screen fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'الفوترة الإلكترونية' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
