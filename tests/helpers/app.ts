import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { buildApp } from '../../src/server/app.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { MAIL_QUEUE } from '../../src/server/mail/queue.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { documentIssuing } from '../../src/server/modules/e-invoicing/service.js';
import { orderMessages } from '../../src/server/modules/orders/status-mail.js';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
};

/**
 * A fresh application on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close).
 *
 * Its job runner is off (the test runs jobs with `app.jobs.runDue()`), unless `overrides.jobs`
 * says otherwise; the e-mails a request queued are delivered at the end of that request, through
 * the mail queue's own jobs (as the runner would within JOBS_POLL_SECONDS), unless `mailAfterEachRequest`
 * is false and the test delivers them itself.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Adds routes before the app starts (e.g. the built web pages). */
  extend?: (app: FastifyInstance, config: Config) => Promise<void>,
  { mailAfterEachRequest = true } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-test-'));
  let databaseUrl = 'memory://';
  let dropDatabase = async () => {};
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && !serverUrl.startsWith('memory://')) {
    const name = `matjar_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    {
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      authRateLimitPerMinute: 1000,
      checkoutRateLimitPerMinute: 1000,
      // Tests write to the database directly and read through the API at once, as if another
      // process had written: each read asks the catalogue's version (docs/caching.md).
      catalogueVersionMaxAgeMs: 0,
      databaseUrl,
      // Card checkouts end to end without a real provider (loopback only, docs/payments.md).
      payments: { provider: 'test' },
      jobs: { enabled: false, pollSeconds: 2 },
      ...overrides,
    },
  );
  const database = await openDatabase({ databaseUrl, dataDir });
  const app = await buildApp({ config, database, strictResponses: true });
  if (mailAfterEachRequest) {
    app.addHook('onSend', async () => {
      await app.jobs.runDue(MAIL_QUEUE);
    });
  }
  await extend?.(app, config);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another process of the same shop: a second app on `t`'s database, through its own connection
 * pool on PostgreSQL; the embedded database, which one process owns, is shared as it is. Closing it
 * leaves `t`'s database alone.
 */
export async function createSecondApp(t: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = { ...t.config, ...overrides };
  const own = t.database.kind === 'postgres';
  const database = own ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) : t.database;
  const app = await buildApp({ config, database, strictResponses: true });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (own) await database.close();
    },
  };
}

/**
 * Runs the app's scheduled job `name` once now through its runner, as a period's run is (fetched
 * by the test, or by the app's own runner when it polls): answers when it has completed.
 */
export async function runSchedule(t: TestApp, name: string) {
  const id = await t.app.jobs.enqueue(t.database.db, name, {});
  if (!id) throw new Error(`${name}: no job enqueued`);
  await t.app.jobs.runDue(name);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = await t.app.jobs.job(name, id);
    if (job?.state === 'completed') return;
    if (job?.state === 'failed') throw new Error(`${name} failed: ${JSON.stringify(job.output)}`);
    if (Date.now() > deadline) throw new Error(`${name} did not finish (${job?.state})`);
    await delay(50);
  }
}

export type Account = { id: string; email: string; password: string; token: string };

/** Creates a user directly (fast) and signs in through the API to get a real token. */
export async function createAccount(
  t: TestApp,
  role: 'user' | 'admin' | 'staff' = 'user',
  name = 'مستخدم',
): Promise<Account> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-9';
  const [row] = await t.database.db
    .insert(users)
    .values({ name, email, phone: '+966551234567', passwordHash: await hashPassword(password), role })
    .returning();
  if (!row) throw new Error('could not create account');
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  return { id: row.id, email, password, token: response.json().token };
}

export const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** What the app issues tax documents with (phase 2's signing secret and report queue), for code built outside it. */
export const documentIssuingOf = (testApp: TestApp) => documentIssuing(testApp.config, testApp.app.jobs);

/** What the app's order changes tell (queued on its mail queue), for a lifecycle built outside it. */
export const orderMessagesOf = (testApp: TestApp) =>
  orderMessages({
    config: testApp.config,
    media: mediaStoreOf(testApp.config),
    mail: testApp.app.mail,
  });
