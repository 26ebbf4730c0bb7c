/**
 * Abandoned baskets and their one reminder e-mail (docs/abandoned-baskets.md), on the embedded
 * database and on PostgreSQL when DATABASE_URL names a server. Mail leaves through SMTP to a local
 * server that records it (tests/helpers/fake-smtp.ts); the runner's polling is off, so each test
 * runs the sweep and the send queue itself.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, toMajor } from '../../src/contract/money.js';
import { selectRows } from '../../src/db/client.js';
import { basketReminders, carts, orders, users } from '../../src/db/schema.js';
import { REMINDER_QUEUE, sweepBasketReminders } from '../../src/server/modules/abandoned-carts/service.js';
import { unsubscribeToken } from '../../src/server/modules/abandoned-carts/unsubscribe-token.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, bearer, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { headerOf, plainText, startFakeSmtp } from '../helpers/fake-smtp.js';
import { shippingAddress } from '../helpers/fixtures.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertProduct,
  type ProductRow,
} from '../helpers/shopping.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let admin: Account;
let shirt: ProductRow;
let mug: ProductRow;
const { send, expectNo5xx } = apiClient(() => t);
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, jobs: { enabled: false, pollSeconds: 1 } });
  admin = await createAccount(t, 'admin');
  const { category } = await createTaxonomy(t);
  shirt = await insertProduct(t, { categoryId: category.id }, { price: 12_550, quantity: 50 });
  mug = await insertProduct(t, { categoryId: category.id }, { price: 3_000, priceAfterDiscount: 2_499, quantity: 50 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(async () => {
  expectNo5xx();
  // Each test decides the settings; baskets of earlier tests stay, their customers unsubscribed.
  await t.database.db.update(users).set({ remindersUnsubscribedAt: new Date() });
  await setReminders({ basketRemindersEnabled: false, basketReminderDelayHours: 3 });
});

async function setReminders(body: { basketRemindersEnabled?: boolean; basketReminderDelayHours?: number | string }) {
  const res = await send('PUT', '/settings', { token: admin.token, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The basket as last changed `hours` ago. */
async function changedHoursAgo(cartId: string, hours: number) {
  await t.database.db
    .update(carts)
    .set({ updatedAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(carts.id, cartId));
}

/** One pass of the schedule's sweep, then the send queue until it is empty. */
async function sweep() {
  const marked = await sweepBasketReminders(t.database.db, t.app.jobs, await storeSettingsOf(t.database.db, t.config));
  await t.app.jobs.runDue(REMINDER_QUEUE);
  return marked;
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.some((to) => to.includes(`<${email}>`)));

/** A new customer whose basket holds two shirts and a mug, changed `hours` ago. */
async function abandonedBasket(hours = 4) {
  const basket = await customerWithCart(t, send, [{ productId: shirt.id, count: 2 }, { productId: mug.id }]);
  await changedHoursAgo(basket.cartId, hours);
  return basket;
}

const money = (minor: number) => formatMoney(toMajor(minor, currencyDigits(t.config.currency)), t.config.currency);

/** The unsubscribe token of a reminder, read from its List-Unsubscribe header. */
function tokenOf(message: string) {
  const link = /<([^>]+)>/.exec(headerOf(message, 'List-Unsubscribe') ?? '')?.[1] ?? '';
  return new URL(link).searchParams.get('token') ?? '';
}

describe('the settings', () => {
  it('have reminders off and a 3-hour delay by default; staff change them (Arabic-Indic digits too)', async () => {
    const before = (await send('GET', '/admin/settings', { token: admin.token })).json().data;
    expect(before).toMatchObject({ basketRemindersEnabled: false, basketReminderDelayHours: 3 });
    expect(await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: '٢٤' })).toMatchObject({
      basketRemindersEnabled: true,
      basketReminderDelayHours: 24,
    });
  });

  it.each([0, 73, 1.5, -3, 'abc', '', null])(
    'refuse a delay of %s hours with BASKET_REMINDER_DELAY_INVALID',
    async (hours) => {
      const res = await send('PUT', '/settings', { token: admin.token, payload: { basketReminderDelayHours: hours } });
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({
        param: 'basketReminderDelayHours',
        code: 'BASKET_REMINDER_DELAY_INVALID',
      });
    },
  );
});

describe('the reminder e-mail', () => {
  it('goes once to a basket untouched longer than the delay, however often the sweep runs', async () => {
    const { user } = await abandonedBasket(4);
    const fresh = await abandonedBasket(2);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });

    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    // The schedule's own job does the same pass: nothing more is due.
    await t.app.jobs.tickSchedules();
    await t.app.jobs.runDue(`${REMINDER_QUEUE}-sweep`);
    await t.app.jobs.runDue(REMINDER_QUEUE);

    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mailsTo(fresh.user.email)).toHaveLength(0);
    const message = mails[0]?.data ?? '';
    const text = plainText(message);
    expect(text).toMatch(new RegExp(`- ${shirt.title} · \\S+ × 2\n- ${mug.title} · \\S+ × 1\n`));
    expect(text).toContain(money(2 * 12_550 + 2_499));
    expect(text).toContain('/cart');
    // One-click unsubscribe (RFC 8058): the link of the page, posted to by the mail program.
    expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(message, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\?token=[^>]+>$/);
    expect(text).toContain(`/unsubscribe?token=${encodeURIComponent(tokenOf(message))}`);
    expect(message).toMatch(/^Content-Type: text\/html/m);
  });

  it('waits out an SMTP outage with the retries of every e-mail (MAIL_RETRIES), then goes once', async () => {
    const { user, cartId } = await abandonedBasket(4);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });
    smtp.setMode('down');
    try {
      expect(await sweep()).toBe(1);
    } finally {
      smtp.setMode('up');
    }
    expect(mailsTo(user.email)).toHaveLength(0);
    const [job] = await selectRows<{ id: string; state: string; retryLimit: number }>(
      t.database.db,
      sql`SELECT id, state, retry_limit AS "retryLimit" FROM pgboss.job
          WHERE name = ${REMINDER_QUEUE} AND data->>'cartId' = ${cartId}`,
    );
    expect(job).toMatchObject({ state: 'retry', retryLimit: t.config.mailRetry.retryLimit });
    // Its backoff over, the next attempt sends it.
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = ${job?.id}`,
    );
    await t.app.jobs.runDue(REMINDER_QUEUE);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('goes again once after the customer changes the basket (a new state), never twice for one state', async () => {
    const { user, cartId } = await abandonedBasket(5);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });
    await sweep();
    expect(mailsTo(user.email)).toHaveLength(1);
    const add = await send('POST', '/cart', { token: user.token, payload: { productId: mug.id } });
    expect(add.statusCode, add.body).toBe(200);
    // Changed just now: not yet abandoned.
    await sweep();
    expect(mailsTo(user.email)).toHaveLength(1);
    await changedHoursAgo(cartId, 4);
    await sweep();
    await sweep();
    expect(mailsTo(user.email)).toHaveLength(2);
    expect(plainText(mailsTo(user.email)[1]?.data ?? '')).toMatch(new RegExp(`${mug.title} · \\S+ × 2`));
  });

  it('does not go when reminders are off', async () => {
    const { user } = await abandonedBasket(10);
    expect(await sweep()).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it('does not go to a basket changed before the 7-day window (e.g. when reminders are first turned on)', async () => {
    const { user } = await abandonedBasket(8 * 24 + 4);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });
    expect(await sweep()).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it('does not go to a customer who ordered since the basket last changed, even after it was marked', async () => {
    const placeOrder = (userId: string) =>
      t.database.db
        .insert(orders)
        .values({ userId, shippingAddress, totalOrderPrice: 10_000, paymentMethodType: 'cash' });
    const ordered = await abandonedBasket(4);
    await placeOrder(ordered.user.id);
    // Marked by the sweep, then the customer orders before the mail leaves.
    const late = await abandonedBasket(4);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });
    expect(await sweepBasketReminders(t.database.db, t.app.jobs, await storeSettingsOf(t.database.db, t.config))).toBe(
      1,
    );
    await placeOrder(late.user.id);
    await t.app.jobs.runDue(REMINDER_QUEUE);
    expect(mailsTo(ordered.user.email)).toHaveLength(0);
    expect(mailsTo(late.user.email)).toHaveLength(0);
  });

  it('is marked once when two sweeps run at the same time', async () => {
    const { user } = await abandonedBasket(4);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });
    const settings = await storeSettingsOf(t.database.db, t.config);
    const marked = await Promise.all([
      sweepBasketReminders(t.database.db, t.app.jobs, settings),
      sweepBasketReminders(t.database.db, t.app.jobs, settings),
    ]);
    expect(marked.reduce((sum, n) => sum + n, 0)).toBe(1);
    await t.app.jobs.runDue(REMINDER_QUEUE);
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

describe('unsubscribing', () => {
  it("stops the customer's reminders with the link's token; forged or altered tokens are refused", async () => {
    const { user, cartId } = await abandonedBasket(4);
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 3 });
    await sweep();
    const token = tokenOf(mailsTo(user.email)[0]?.data ?? '');
    expect(token).toBe(unsubscribeToken(t.config.jwtSecret, user.id));

    const other = await createAccount(t);
    const [, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forgeries = [
      `${user.id}.${flipped}`,
      `${other.id}.${signature}`,
      unsubscribeToken('another-secret-that-is-long-enough-for-hs256', user.id),
      user.id,
      `${token}.x`,
    ];
    for (const payload of [
      ...forgeries.map((forged) => ({ token: forged })),
      {},
      { token: 'x'.repeat(201) },
      { token: 5 },
    ]) {
      const res = await send('POST', '/reminders/unsubscribe', { payload });
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ param: 'token', code: 'UNSUBSCRIBE_TOKEN_INVALID' });
    }
    const [still] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(still?.remindersUnsubscribedAt).toBeNull();

    for (let i = 0; i < 2; i += 1) {
      const res = await send('POST', '/reminders/unsubscribe', { payload: { token } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { email: user.email, alreadyUnsubscribed: i === 1 } });
    }
    // A new state of the basket, abandoned again: no reminder for an unsubscribed customer.
    await send('POST', '/cart', { token: user.token, payload: { productId: shirt.id } });
    await changedHoursAgo(cartId, 4);
    expect(await sweep()).toBe(0);
    expect(mailsTo(user.email)).toHaveLength(1);
    const list = await send('GET', '/admin/abandoned-carts?limit=50', { token: admin.token });
    const row = list.json().data.find((item: { id: string }) => item.id === cartId);
    expect(row).toMatchObject({ unsubscribed: true, remindedAt: null });
  });
});

describe('the staff list', () => {
  it("shows customers' baskets older than the delay, oldest first, valued as their carts", async () => {
    await t.database.db.delete(carts);
    const older = await abandonedBasket(30);
    const newer = await abandonedBasket(5);
    await abandonedBasket(1);
    const empty = await createAccount(t);
    await send('GET', '/cart', { token: empty.token });
    await t.database.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 40 * HOUR) })
      .where(eq(carts.userId, empty.id));
    // A guest's basket is nobody's to remind.
    const guest = await send('POST', '/basket', { payload: { productId: shirt.id } });
    expect(guest.statusCode, guest.body).toBe(200);
    await t.database.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 40 * HOUR) })
      .where(sql`${carts.userId} is null`);

    const res = await send('GET', '/admin/abandoned-carts', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.results).toBe(2);
    expect(body.data.map((row: { id: string }) => row.id)).toEqual([older.cartId, newer.cartId]);
    for (const [row, basket] of [
      [body.data[0], older],
      [body.data[1], newer],
    ] as const) {
      const cart = (await send('GET', '/cart', { token: basket.user.token })).json().data;
      expect(row).toEqual({
        id: basket.cartId,
        customer: { id: basket.user.id, name: 'مستخدم', email: basket.user.email },
        lines: cart.products.length,
        units: cart.products.reduce((sum: number, line: { count: number }) => sum + line.count, 0),
        value: cart.totalCartPrice,
        changedAt: expect.any(String),
        remindedAt: null,
        unsubscribed: false,
      });
    }
    expect(body.data[0].value).toBe(toMajor(2 * 12_550 + 2_499, currencyDigits(t.config.currency)));

    // A longer delay leaves the newer basket out; a reminder shows on its row.
    await setReminders({ basketRemindersEnabled: true, basketReminderDelayHours: 24 });
    await sweep();
    const later = (await send('GET', '/admin/abandoned-carts', { token: admin.token })).json();
    expect(later.data).toEqual([expect.objectContaining({ id: older.cartId, remindedAt: expect.any(String) })]);
    const [reminder] = await t.database.db
      .select()
      .from(basketReminders)
      .where(eq(basketReminders.cartId, older.cartId));
    expect(later.data[0].remindedAt).toBe(reminder?.remindedAt.toISOString());
  });

  it('pages, and refuses bad pages, anonymous callers and customers', async () => {
    const page = await send('GET', '/admin/abandoned-carts?page=2&limit=1', { token: admin.token });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().paginationResult).toMatchObject({ currentPage: 2, limit: 1 });
    for (const query of ['page=0', 'page=-1', 'limit=1000', 'page=1.5']) {
      const res = await send('GET', `/admin/abandoned-carts?${query}`, { token: admin.token });
      expect(res.statusCode, query).toBe(400);
    }
    expectFail(await send('GET', '/admin/abandoned-carts'), 401);
    const customer = await createAccount(t);
    expectFail(await t.app.inject({ url: '/api/v1/admin/abandoned-carts', headers: bearer(customer) }), 403);
  });
});
