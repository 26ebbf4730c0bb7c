/**
 * What several processes of one shop share through its database (docs/deploy.md § Several
 * processes): the request limits count in total (src/server/http/rate-limit-store.ts), and the
 * minute sweeps run once per period whichever process enqueues them (src/server/app.ts). Two apps
 * on one database stand for two processes (tests/helpers/app.ts, createSecondApp); on the embedded
 * database and, with DATABASE_URL, on PostgreSQL through two connection pools.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { selectRows } from '../../src/db/client.js';
import { rateLimitWindows } from '../../src/db/schema.js';
import { CHECKOUT_SWEEP, REFUND_SWEEP } from '../../src/server/app.js';
import {
  type Account,
  bearer,
  createAccount,
  createSecondApp,
  createTestApp,
  runSchedule,
  type TestApp,
} from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  // The runners poll nothing by themselves: the tests run schedules and jobs.
  first = await createTestApp({
    authRateLimitPerMinute: 3,
    checkoutRateLimitPerMinute: 2,
    jobs: { enabled: false, pollSeconds: 0.5 },
  });
  second = await createSecondApp(first);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A failed sign-in from `remoteAddress`, each for another e-mail (the per-address lockout stays out of it). */
const login = (t: TestApp, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    payload: { email: `${randomUUID()}@example.com`, password: 'whatever-pass' },
  });

describe('rate limits across processes', () => {
  it('sign-in attempts spread across two processes are limited in total, with the same 429 and headers', async () => {
    const address = '203.0.113.7';
    const answers = [];
    for (const t of [first, second, first]) answers.push(await login(t, address));
    expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400]);
    expect(answers.map((res) => res.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(answers[2]?.headers['x-ratelimit-limit']).toBe('3');

    const refused = await login(second, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'fail', message: m.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await login(first, address)).statusCode).toBe(429);

    // Another address has its own count; another limited route too.
    expect((await login(second, '203.0.113.8')).statusCode).toBe(400);
    const signUp = await second.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: address,
      payload: {},
    });
    expect(signUp.statusCode).toBe(400);
  });

  it('hits at the same moment in both processes are all counted', async () => {
    const address = '203.0.113.9';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(i % 2 === 0 ? first : second, address)),
    );
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const res of refused) expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('a customer’s checkouts spread across two processes are limited in total; another customer is not held back', async () => {
    // Counted per customer once the guard has named them, before the cart is looked up: a cart
    // that is not theirs still counts (404), as each attempt could ask the provider for a page.
    const checkout = (t: TestApp, account: Account) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/checkout-session/${randomUUID()}?${new URLSearchParams(shippingAddress)}`,
        headers: bearer(account),
      });
    const customer = await createAccount(first);
    expect([(await checkout(first, customer)).statusCode, (await checkout(second, customer)).statusCode]).toEqual([
      404, 404,
    ]);
    const refused = await checkout(first, customer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await checkout(second, customer)).statusCode).toBe(429);
    expect((await checkout(second, await createAccount(second))).statusCode).toBe(404);
  });

  it('a window that has ended starts again, and the scheduled cleanup deletes the ended ones', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < 4; i += 1) await login(first, address);
    expect((await login(second, address)).statusCode).toBe(429);
    // The minute has passed for this address's window.
    await first.database.db.execute(
      sql`UPDATE rate_limit_windows SET window_ends_at = now() - interval '1 second' WHERE key = ${address}`,
    );
    const again = await login(second, address);
    expect(again.statusCode).toBe(400);
    expect(again.headers['x-ratelimit-remaining']).toBe('2');

    await first.database.db.execute(
      sql`UPDATE rate_limit_windows SET window_ends_at = now() - interval '1 second' WHERE key <> ${address}`,
    );
    await runSchedule(first, 'rate-limit-cleanup');
    const left = await first.database.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows);
    expect(left).toEqual([{ key: address }]);
  });
});

describe('the minute sweeps as scheduled jobs', () => {
  it("each period's checkout sweep and refund sweep runs once whichever process enqueues it", async () => {
    for (let round = 0; round < 2; round += 1) {
      for (const t of [first, second, first, second]) await t.app.jobs.tickSchedules();
      await Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue()]);
    }
    // The ticks may straddle a period's end: one run per period slot, and every run completed.
    const runs = await selectRows<{ name: string; slot: string; runs: number; completed: number }>(
      first.database.db,
      sql`SELECT name, singleton_on::text AS slot, count(*)::int AS runs,
                 count(*) FILTER (WHERE state = 'completed')::int AS completed
            FROM pgboss.job WHERE name IN (${CHECKOUT_SWEEP}, ${REFUND_SWEEP}) GROUP BY name, singleton_on`,
    );
    for (const name of [CHECKOUT_SWEEP, REFUND_SWEEP]) {
      const periods = runs.filter((row) => row.name === name);
      expect(periods.length, name).toBeGreaterThanOrEqual(1);
      expect(periods.length, name).toBeLessThanOrEqual(2);
      for (const period of periods) expect(period).toMatchObject({ runs: 1, completed: 1 });
    }
  });
});
