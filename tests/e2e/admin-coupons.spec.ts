import { randomUUID } from 'node:crypto';
import { formatDate } from '../../src/contract/dates';
import type { Coupon, ListEnvelope } from '../../src/contract/types';
import { ac } from '../../src/web/i18n/admin-orders';
import { formatNumber, formatPercent } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  createCustomer,
  described,
  escapeRegExp,
  expectNoAxeViolations,
  field,
  recordPosts,
  SHOP_TIME_ZONE,
  signInWithCookie,
  toast,
} from './support';

/*
 * The coupon screen (/admin/addCoupon: add form and list) and the edit page. Coupons made here
 * carry the ADMCP prefix and are deleted after each test, so the shop's list stays as it was.
 */

const PREFIX = 'ADMCP';
const FAR_EXPIRY = '2099-12-31';
const range = (min: number, max: number) => `نسبة الخصم عدد صحيح من ${formatNumber(min)} إلى ${formatNumber(max)}`;
const t = {
  nameRequired: 'اسم الكوبون مطلوب',
  expireRequired: 'تاريخ الانتهاء مطلوب',
  discountRequired: 'نسبة الخصم مطلوبة',
  addRange: range(1, 100),
  editRange: range(0, 100),
  taken: 'هذا الكوبون مضاف من قبل',
};

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
const couponCard = (page: Page, name: string) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const addButton = (page: Page) => main(page).getByRole('button', { name: 'إضافة الكوبون' });
const uniqueName = () => `${PREFIX}${randomUUID().slice(0, 6).toUpperCase()}`;
/** The expiry as the list shows it: the API keeps a day to its end in the shop's zone (docs/dates.md). */
const shownExpiry = (day: string) => formatDate(`${day}T12:00:00Z`, SHOP_TIME_ZONE);

async function createCoupon(request: APIRequestContext, token: string, values: Partial<Coupon> = {}) {
  const res = await request.post('/api/v1/coupons', {
    headers: bearer(token),
    data: { name: uniqueName(), expire: FAR_EXPIRY, discount: 10, ...values },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Coupon;
}

async function allCoupons(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/coupons?limit=100', { headers: bearer(token) });
  return (await res.json()) as ListEnvelope<Coupon>;
}

const countText = async (request: APIRequestContext, token: string) =>
  `(${plural((await allCoupons(request, token)).results, ac.count)})`;

test.afterEach(async ({ request }) => {
  const token = await apiToken(request, ADMIN);
  for (const coupon of (await allCoupons(request, token)).data) {
    if (coupon.name.startsWith(PREFIX))
      await request.delete(`/api/v1/coupons/${coupon.id}`, { headers: bearer(token) });
  }
});

test.describe('the coupon screens', () => {
  test('guests sign in first and come back; customers go home', async ({ page, request, baseURL }) => {
    const paths = ['/admin/addCoupon', `/admin/edit-coupon/${randomUUID()}`];
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${escapeRegExp(encodeURIComponent(path))}$`));
    }
    const customer = await createCustomer(request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('adding: every rule said in Arabic before sending, the name upper-cased as typed, then a fresh form and the new coupon on top', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminSession(page, request, baseURL);
    await page.goto('/admin/addCoupon');
    await expect(page).toHaveTitle('الكوبونات | متجر');
    await expect(heading(page)).toHaveText('إضافة كوبون');
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'الكوبونات', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText('كل الكوبونات');
    await expect(main(page)).toContainText(await countText(request, token));
    await expectNoAxeViolations(page);

    const name = field(page, 'اسم الكوبون');
    const expire = field(page, 'تاريخ الانتهاء');
    const discount = field(page, 'نسبة الخصم (%)');
    const posts = recordPosts(page);

    // Nothing typed: each field says what it needs, and the first takes the focus.
    await addButton(page).click();
    await expect(name).toHaveAccessibleDescription(described(t.nameRequired));
    await expect(expire).toHaveAccessibleDescription(described(t.expireRequired));
    await expect(discount).toHaveAccessibleDescription(described(t.discountRequired));
    await expect(name).toBeFocused();

    // The name turns upper case in the field itself as it is typed.
    const code = uniqueName();
    await name.pressSequentially(code.toLowerCase());
    await expect(name).toHaveValue(code);
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(main(page)).not.toContainText(t.nameRequired);
    await expire.fill(FAR_EXPIRY);

    // docs/specification.md (Validation rules: Coupons): 1 to 100 on add, whole numbers.
    for (const value of ['0', '101', '12.5', 'abc']) {
      await discount.fill(value);
      await addButton(page).click();
      await expect(discount).toHaveAccessibleDescription(described(t.addRange));
      await expect(discount).toBeFocused();
    }
    expect(posts).toEqual([]);

    // Arabic-Indic digits count as digits.
    await discount.fill('٢٠');
    await addButton(page).click();
    await expect(toast(page, `تمت إضافة الكوبون ${code}`)).toBeVisible();
    expect(posts).toHaveLength(1);
    // A fresh form for the next coupon.
    await expect(name).toHaveValue('');
    await expect(expire).toHaveValue('');
    await expect(discount).toHaveValue('');
    await expect(name).toBeFocused();

    // Newest first: the new coupon heads the list, which revalidated in place.
    const card = main(page).getByRole('article').first();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(code);
    await expect(card).toContainText(`خصم ${formatPercent(0.2)}`);
    await expect(card).toContainText(`ينتهي في: ${shownExpiry(FAR_EXPIRY)}`);
    await expect(card).not.toContainText('منتهي');
    await expect(main(page)).toContainText(await countText(request, token));
    const saved = (await allCoupons(request, token)).data.find((c) => c.name === code);
    // The day's last millisecond in Riyadh (UTC+3), the shop's zone (docs/dates.md).
    expect(saved).toMatchObject({ discount: 20, expire: `${FAR_EXPIRY}T20:59:59.999Z` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test('a name already added is refused in Arabic, and the form keeps what was typed', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminSession(page, request, baseURL);
    const existing = await createCoupon(request, token);
    await page.goto('/admin/addCoupon');
    await field(page, 'اسم الكوبون').pressSequentially(existing.name.toLowerCase());
    await field(page, 'تاريخ الانتهاء').fill('2098-01-15');
    await field(page, 'نسبة الخصم (%)').fill('15');
    await addButton(page).click();
    await expect(field(page, 'اسم الكوبون')).toHaveAccessibleDescription(described(t.taken));
    await expect(field(page, 'اسم الكوبون')).toBeFocused();
    await expect(field(page, 'اسم الكوبون')).toHaveValue(existing.name);
    await expect(field(page, 'تاريخ الانتهاء')).toHaveValue('2098-01-15');
    await expect(field(page, 'نسبة الخصم (%)')).toHaveValue('15');
    const same = (await allCoupons(request, token)).data.filter((c) => c.name === existing.name);
    expect(same).toHaveLength(1);
  });

  test('editing: the form starts filled; 0 % is allowed there, 101 is not, nor another coupon’s name; then back to the list', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminSession(page, request, baseURL);
    const other = await createCoupon(request, token);
    const coupon = await createCoupon(request, token, { discount: 30 });
    await page.goto('/admin/addCoupon');
    await couponCard(page, coupon.name)
      .getByRole('link', { name: `تعديل الكوبون ${coupon.name}` })
      .click();
    await expect(page).toHaveURL(`/admin/edit-coupon/${coupon.id}`);
    await expect(page).toHaveTitle(`تعديل الكوبون: ${coupon.name} | متجر`);
    await expect(heading(page)).toHaveText(`تعديل الكوبون: ${coupon.name}`);
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'الكوبونات', exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    const name = field(page, 'اسم الكوبون');
    const expire = field(page, 'تاريخ الانتهاء');
    const discount = field(page, 'نسبة الخصم (%)');
    await expect(name).toHaveValue(coupon.name);
    await expect(expire).toHaveValue(FAR_EXPIRY);
    await expect(discount).toHaveValue('30');
    await expect(discount).toHaveAccessibleDescription(`عدد صحيح من ${formatNumber(0)} إلى ${formatNumber(100)}`);
    await expectNoAxeViolations(page);

    const posts = recordPosts(page);
    const save = main(page).getByRole('button', { name: 'حفظ التعديلات' });
    await name.fill('');
    await expire.fill('');
    await discount.fill('101');
    await save.click();
    await expect(name).toHaveAccessibleDescription(described(t.nameRequired));
    await expect(expire).toHaveAccessibleDescription(described(t.expireRequired));
    await expect(discount).toHaveAccessibleDescription(described(t.editRange));
    await discount.fill('');
    await save.click();
    await expect(discount).toHaveAccessibleDescription(described(t.discountRequired));
    expect(posts).toEqual([]);

    // Another coupon's name: the server refuses it, in Arabic, on the field.
    await name.pressSequentially(other.name.toLowerCase());
    await expire.fill('2097-03-01');
    await discount.fill('0');
    await save.click();
    await expect(name).toHaveAccessibleDescription(described(t.taken));
    await expect(discount).toHaveValue('0');

    const renamed = uniqueName();
    await name.fill('');
    await name.pressSequentially(renamed.toLowerCase());
    await save.click();
    await expect(page).toHaveURL('/admin/addCoupon');
    await expect(toast(page, `تم تعديل الكوبون ${renamed}`)).toBeVisible();
    const card = couponCard(page, renamed);
    await expect(card).toContainText(`خصم ${formatPercent(0)}`);
    await expect(card).toContainText(`ينتهي في: ${shownExpiry('2097-03-01')}`);
    await expect(couponCard(page, coupon.name)).toHaveCount(0);
    const res = await request.get(`/api/v1/coupons/${coupon.id}`, { headers: bearer(token) });
    expect((await res.json()).data).toMatchObject({ name: renamed, discount: 0 });
  });

  test('deleting asks first: cancel keeps the coupon, confirming removes it; an expired coupon is marked', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminSession(page, request, baseURL);
    const expired = await createCoupon(request, token, { expire: '2020-01-01' });
    const live = await createCoupon(request, token);
    await page.goto('/admin/addCoupon');
    await expect(couponCard(page, expired.name)).toContainText('منتهي');
    await expect(couponCard(page, expired.name)).toContainText(`انتهى في: ${shownExpiry('2020-01-01')}`);
    await expect(couponCard(page, live.name)).not.toContainText('منتهي');

    const deleteButton = couponCard(page, live.name).getByRole('button', { name: `حذف الكوبون ${live.name}` });
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف الكوبون' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`هل تريد حذف الكوبون ${live.name}؟`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await expect(couponCard(page, live.name)).toHaveCount(1);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(toast(page, 'تم حذف الكوبون')).toBeVisible();
    await expect(couponCard(page, live.name)).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await expect(main(page).getByRole('heading', { level: 2, name: 'كل الكوبونات' })).toBeFocused();
    await expect(main(page)).toContainText(await countText(request, token));
    const gone = await request.get(`/api/v1/coupons/${live.id}`, { headers: bearer(token) });
    expect(gone.status()).toBe(404);
  });

  test('an unknown or malformed coupon id is a 404 page', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await page.goto(`/admin/edit-coupon/${id}`);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText('الصفحة غير موجودة');
    }
  });

  test.describe('before JavaScript loads', () => {
    test.use({ javaScriptEnabled: false });

    test('adding and deleting post normally; the action checks the same rules', async ({ page, request, baseURL }) => {
      const token = await adminSession(page, request, baseURL);
      await page.goto('/admin/addCoupon');
      await field(page, 'نسبة الخصم (%)').fill('0');
      await addButton(page).click();
      await expect(field(page, 'اسم الكوبون')).toHaveAccessibleDescription(described(t.nameRequired));
      await expect(field(page, 'تاريخ الانتهاء')).toHaveAccessibleDescription(described(t.expireRequired));
      await expect(field(page, 'نسبة الخصم (%)')).toHaveAccessibleDescription(described(t.addRange));

      const code = uniqueName();
      await field(page, 'اسم الكوبون').fill(code.toLowerCase());
      await field(page, 'تاريخ الانتهاء').fill(FAR_EXPIRY);
      await field(page, 'نسبة الخصم (%)').fill('40');
      await addButton(page).click();
      await expect(page).toHaveURL('/admin/addCoupon');
      // The action upper-cases what was sent.
      await expect(couponCard(page, code)).toContainText(`خصم ${formatPercent(0.4)}`);

      // The delete button is a link to the dialog until JavaScript runs.
      await couponCard(page, code)
        .getByRole('link', { name: `حذف الكوبون ${code}` })
        .click();
      await expect(page).toHaveURL(/\/admin\/addCoupon\?delete=/);
      await page.getByRole('button', { name: 'نعم، احذف' }).click();
      await expect(page).toHaveURL('/admin/addCoupon');
      await expect(couponCard(page, code)).toHaveCount(0);
      expect((await allCoupons(request, token)).data.some((c) => c.name === code)).toBe(false);
    });
  });
});
