import { adminText } from '../../src/web/i18n/admin';
import { staffText as s } from '../../src/web/i18n/admin-staff';
import { authText } from '../../src/web/i18n/auth';
import { expect, type Page, test } from './fixtures';
import {
  adminSession,
  expectNoAxeViolations,
  field,
  hydrated,
  latestMailTo,
  PASSWORD,
  sidewaysOverflow,
  toast,
  uniqueEmail,
} from './support';

/*
 * The owner's team (docs/staff.md): the owner invites a member of staff, who accepts through the
 * link mailed to them (read from the shop's outbox), signs in and sees the staff's places only;
 * the owner disables them and their session ends at once.
 */

const main = (page: Page) => page.getByRole('main');
const sidebar = (page: Page) => page.getByRole('navigation', { name: adminText.nav });
/** The places staff may open (src/web/components/admin-pages.ts). */
const STAFF_MENU = [
  adminText.orders,
  adminText.products,
  adminText.categories,
  adminText.subcategories,
  adminText.brands,
  adminText.customers,
  adminText.abandonedCarts,
  adminText.reviews,
];

test('the owner invites a member of staff, who joins by the mailed link, sees only the staff menu, and is disabled', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await adminSession(page, page.request, baseURL);
  await page.goto('/admin/staff');
  await expect(main(page).getByRole('heading', { level: 1, name: s.title })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: adminText.staff })).toHaveAttribute('aria-current', 'page');

  // The form checks the address in Arabic before sending.
  const form = main(page).getByRole('region', { name: s.inviteHeading });
  await hydrated(form.getByRole('button', { name: s.invite }));
  await field(form, s.email).fill('not-an-email');
  await form.getByRole('button', { name: s.invite }).click();
  await expect(field(form, s.email)).toHaveAccessibleDescription(/البريد/);

  const email = uniqueEmail('staff');
  await field(form, s.email).fill(email);
  await form.getByLabel(s.role).selectOption('staff');
  await form.getByRole('button', { name: s.invite }).click();
  await expect(toast(page, s.invited(email))).toBeVisible();
  const invites = main(page).getByRole('table', { name: s.invitesCaption });
  await expect(invites.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // The invitee, in a browser of their own, opens the link from the e-mail (sent by the mail queue's job).
  await expect.poll(() => latestMailTo(email)?.text ?? '').toMatch(/\/staff\/invite\//);
  const mail = latestMailTo(email);
  const link = mail?.text.match(/https?:\/\/\S+(\/staff\/invite\/[A-Za-z0-9_-]{43})/)?.[1];
  expect(link, mail?.text).toBeTruthy();
  const invitee = await browser.newContext({ baseURL, locale: 'ar' });
  const staffPage = await invitee.newPage();
  await staffPage.goto(link ?? '');
  await expect(staffPage.getByRole('heading', { level: 1, name: s.acceptTitle })).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await hydrated(staffPage.getByRole('button', { name: s.acceptSubmit }));
  await field(staffPage, authText.name).fill('سارة الموظفة');
  await field(staffPage, s.password).fill(PASSWORD);
  await field(staffPage, s.passwordConfirm).fill(`${PASSWORD}x`);
  await staffPage.getByRole('button', { name: s.acceptSubmit }).click();
  await expect(field(staffPage, s.passwordConfirm)).toHaveAttribute('aria-invalid', 'true');
  await field(staffPage, s.passwordConfirm).fill(PASSWORD);
  await staffPage.getByRole('button', { name: s.acceptSubmit }).click();

  // Signed in, on the orders (no money figures of the dashboard), with the staff's places only.
  await expect(staffPage).toHaveURL(/\/admin\/allorders$/);
  await expect(toast(staffPage, s.welcome('سارة الموظفة'))).toBeVisible();
  await expect(sidebar(staffPage).getByRole('link')).toHaveText(STAFF_MENU);
  await expectNoAxeViolations(staffPage);
  // The owner's places send them back to their own.
  for (const path of ['/admin', '/admin/settings', '/admin/staff', '/admin/reports/vat']) {
    await staffPage.goto(path);
    await expect(staffPage, path).toHaveURL(/\/admin\/allorders$/);
  }
  // The link worked once.
  await staffPage.context().clearCookies();
  await staffPage.goto(link ?? '');
  await hydrated(staffPage.getByRole('button', { name: s.acceptSubmit }));
  await field(staffPage, authText.name).fill('متطفل');
  await field(staffPage, s.password).fill(PASSWORD);
  await field(staffPage, s.passwordConfirm).fill(PASSWORD);
  await staffPage.getByRole('button', { name: s.acceptSubmit }).click();
  await expect(staffPage.getByRole('alert').filter({ hasText: 'الدعوة' })).toBeVisible();
  // Signed in again through the sign-in form for the rest.
  await staffPage.goto('/login');
  await hydrated(staffPage.getByRole('button', { name: authText.loginSubmit }));
  await field(staffPage, authText.email).fill(email);
  await field(staffPage, authText.password).fill(PASSWORD);
  await staffPage.getByRole('button', { name: authText.loginSubmit }).click();
  await expect(staffPage).toHaveURL(/\/admin\/allorders$/);

  // The owner disables them, after a confirmation.
  await page.reload();
  const members = main(page).getByRole('table', { name: s.membersCaption });
  // By the address: each run of the spec (desktop, then phone, on one shop) adds a member of that name.
  const row = members.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText(s.active);
  await hydrated(row.getByRole('button', { name: `${s.disable}: سارة الموظفة` }));
  await row.getByRole('button', { name: `${s.disable}: سارة الموظفة` }).click();
  const dialog = page.getByRole('alertdialog', { name: s.disableTitle });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: s.disable }).click();
  await expect(toast(page, s.disabledDone('سارة الموظفة'))).toBeVisible();
  await expect(row).toContainText(s.disabled);

  // Their session ends at once: the next page asks them to sign in.
  await staffPage.goto('/admin/allorders');
  await expect(staffPage).toHaveURL(/\/login/);
  await invitee.close();
});
