import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { formatDateTime, shopDay } from '../../src/contract/dates';
import type { Cart } from '../../src/contract/types';
import { openDatabase } from '../../src/db/client';
import { carts } from '../../src/db/schema';
import { unsubscribeToken } from '../../src/server/modules/abandoned-carts/unsubscribe-token';
import { abc } from '../../src/web/i18n/abandoned-carts';
import { formatNumber, formatPrice } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { killAllServers, type ServerProcess, startServer, TEST_ADMIN } from '../helpers/server';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  adminSession,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  fillCart,
  hydrated,
  openFromAdminMenu,
  SHOP_TIME_ZONE,
  sidewaysOverflow,
  signInWithCookie,
  stockedProducts,
} from './support';

/*
 * Abandoned baskets (docs/abandoned-baskets.md): staff's screen, reached from the admin menu, and
 * the unsubscribe page of a reminder e-mail. The shared test shop's baskets are all new (none is
 * older than the shortest delay, an hour), so its list is empty; a basket left for hours is shown
 * by a shop of its own (below), stopped once to age the basket in its database as
 * tests/api/abandoned-carts.test.ts does. A reminder's link is made as the shop makes it, with the
 * shop's own secret from its data folder.
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

// Its own shop, started twice: the phone project leaves @own-shop out, and the desktop run checks 360 px.
test.describe('a customer’s basket left for longer than the delay', { tag: '@own-shop' }, () => {
  // A shop of its own (the shared one's database is its server's alone while it runs): the basket
  // is filled through the API, the shop stopped, the basket's last change moved back in its
  // database, and the shop started again on the same data folder.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let dataDir: string;
  let shop: ServerProcess;
  let api: APIRequestContext;
  let customer: { id: string; name: string; email: string };
  let basket: Cart;
  let lines: number;
  // Two days ago at 21:30 UTC: already the next day, 00:30, in the shop's zone (Riyadh, UTC+3).
  const changedAt = new Date(`${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}T21:30:00.000Z`);

  const startShop = async () =>
    startServer({ dataDir, timeoutMs: 150_000, env: { SERVE_WEB: 'true', SEED_DEMO: 'true' } });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(300_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-e2e-baskets-'));
    shop = await startShop();
    api = await playwright.request.newContext({ baseURL: shop.origin });
    const account = await createCustomer(api, 'ليلى المتأخرة');
    const me = await api.get('/api/v1/users/getMe', { headers: bearer(account.token) });
    customer = { ...((await me.json()).data as { id: string }), name: account.name, email: account.email };
    const [first, second] = await stockedProducts(api);
    if (!first || !second) throw new Error('the demo catalogue has two stocked products');
    // Two lines, one of them twice.
    await fillCart(api, account.token, [first, second, first]);
    const cart = await api.get('/api/v1/cart', { headers: bearer(account.token) });
    const answer = (await cart.json()) as { numOfCartItems: number; data: Cart };
    basket = answer.data;
    lines = answer.numOfCartItems;
    await api.dispose();

    await shop.kill('SIGTERM');
    const database = await openDatabase({ dataDir });
    try {
      await database.db.update(carts).set({ updatedAt: changedAt }).where(eq(carts.id, basket._id));
    } finally {
      await database.close();
    }
    shop = await startShop();
  });

  test.afterAll(async () => {
    await killAllServers();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('staff read its row: the customer linking to their page, the lines, the value, the last change in the shop’s time', async ({
    page,
    playwright,
  }) => {
    const staff = await playwright.request.newContext({ baseURL: shop.origin });
    await signInWithCookie(page.context(), shop.origin, await apiToken(staff, TEST_ADMIN));
    await staff.dispose();
    await page.goto(`${shop.origin}/admin/abandoned-carts`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    await expect(main(page).getByText(plural(1, abc.basketCount))).toBeVisible();
    const table = main(page).getByRole('table', { name: abc.caption });
    await expect(table.getByRole('columnheader')).toHaveText([
      abc.customer,
      abc.email,
      abc.value,
      abc.lines,
      abc.changedAt,
      abc.reminder,
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    const units = basket.products.reduce((sum, line) => sum + line.count, 0);
    expect([lines, units]).toEqual([2, 3]);
    await expect(rows.first().locator('th, td')).toHaveText([
      customer.name,
      customer.email,
      formatPrice(basket.totalCartPrice, 'SAR'),
      abc.count(plural(lines, abc.lineCount), plural(units, abc.unitCount)),
      formatDateTime(changedAt, SHOP_TIME_ZONE),
      abc.notReminded,
    ]);
    // The day a person reads is the shop's: the day after the UTC one.
    const shopDate = shopDay(changedAt, SHOP_TIME_ZONE);
    expect(shopDate).not.toBe(changedAt.toISOString().slice(0, 10));
    await expect(rows.first().locator('time')).toContainText(`${formatNumber(Number(shopDate.slice(8)))} `);
    await expect(rows.first().locator('time')).toHaveAttribute('datetime', changedAt.toISOString());

    // On a 360 px phone the table scrolls inside its own box; the page does not.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(rows.first().getByRole('link', { name: customer.name })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The name opens the customer's page.
    await rows.first().getByRole('link', { name: customer.name }).click();
    await expect(page).toHaveURL(`${shop.origin}/admin/customers/${customer.id}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toContainText(customer.name);
  });
});
