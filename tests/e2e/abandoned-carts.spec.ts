import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unsubscribeToken } from '../../src/server/modules/abandoned-carts/unsubscribe-token';
import { abc } from '../../src/web/i18n/abandoned-carts';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  adminSession,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  hydrated,
  openFromAdminMenu,
  sidewaysOverflow,
} from './support';

/*
 * Abandoned baskets (docs/abandoned-baskets.md): staff's screen, reached from the admin menu, and
 * the unsubscribe page of a reminder e-mail. The test shop's baskets are all new (none is older
 * than the shortest delay, an hour), so its list is empty; the table itself is rendered from API
 * answers in tests/unit/abandoned-carts-screen.test.ts. A reminder's link is made as the shop
 * makes it, with the shop's own secret from its data folder.
 */

const main = (page: Page) => page.getByRole('main');

/** The unsubscribe link the shop would mail to this customer. */
async function unsubscribeLink(request: APIRequestContext, token: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const me = await request.get('/api/v1/users/getMe', { headers: bearer(token) });
  const { id } = (await me.json()).data as { id: string };
  const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
  return `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, id))}`;
}

test('staff open the abandoned baskets from the admin menu: Arabic, the delay, an empty state, accessible', async ({
  page,
  request,
  baseURL,
}) => {
  await openFromAdminMenu(page, request, baseURL, abc.title);
  await expect(page).toHaveURL(/\/admin\/abandoned-carts$/);
  await expect(main(page).getByRole('heading', { level: 1, name: abc.title })).toBeVisible();
  await expect(main(page).getByText(abc.intro('3 ساعات'))).toBeVisible();
  await expect(main(page).getByText(abc.remindersOff)).toBeVisible();
  await expect(main(page).getByText(abc.empty)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the unsubscribe link asks first; its button unsubscribes, in Arabic; again, it says it was done', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'ليلى المتروكة');
  const link = await unsubscribeLink(request, customer.token);
  // Opening the link (as a mail scanner would, twice) changes nothing: the page asks.
  await page.goto(link);
  await page.goto(link);
  await expect(main(page).getByRole('heading', { level: 1, name: abc.unsubscribeTitle })).toBeVisible();
  await expect(main(page).getByText(abc.unsubscribeIntro)).toBeVisible();
  await expectNoAxeViolations(page);
  const button = main(page).getByRole('button', { name: abc.unsubscribeButton });
  await hydrated(button);
  await button.click();
  // Not unsubscribed before the click: the answer is the first unsubscription.
  await expect(main(page).getByRole('status')).toHaveText(abc.unsubscribeDone(customer.email));
  await expectNoAxeViolations(page);

  // Again: it was done already.
  await page.goto(link);
  await main(page).getByRole('button', { name: abc.unsubscribeButton }).click();
  await expect(main(page).getByRole('status')).toHaveText(abc.alreadyUnsubscribed(customer.email));
});

test("a mail program's one-click unsubscribe (RFC 8058) posts to the link and unsubscribes", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request);
  const link = await unsubscribeLink(request, customer.token);
  // No Origin, no token field: the body the RFC prescribes, to the address of the header.
  const oneClick = await request.post(link, { form: { 'List-Unsubscribe': 'One-Click' }, maxRedirects: 0 });
  expect(oneClick.status()).toBe(200);
  await page.goto(link);
  await main(page).getByRole('button', { name: abc.unsubscribeButton }).click();
  await expect(main(page).getByRole('status')).toHaveText(abc.alreadyUnsubscribed(customer.email));
});

test('an altered unsubscribe link is refused in Arabic', async ({ page, request }) => {
  const customer = await createCustomer(request);
  const link = await unsubscribeLink(request, customer.token);
  await page.goto(`${link.slice(0, -3)}xyz`);
  await main(page).getByRole('button', { name: abc.unsubscribeButton }).click();
  await expect(main(page).getByRole('alert')).toHaveText(abc.tokenInvalid);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the staff list and the unsubscribe page fit the width', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    await page.goto('/admin/abandoned-carts');
    await expect(main(page).getByRole('heading', { level: 1, name: abc.title })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const customer = await createCustomer(request);
    await page.goto(await unsubscribeLink(request, customer.token));
    await expect(main(page).getByRole('button', { name: abc.unsubscribeButton })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
