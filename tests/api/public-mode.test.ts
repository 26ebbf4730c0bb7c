import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { demoCustomerEmail, demoCustomerPassword } from '../../src/db/seed/catalogue.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { loadConfig } from '../../src/server/config.js';
import { isLoopbackHost, isPublic, PUBLISHED_ADMIN_PASSWORD } from '../../src/server/public-mode.js';
import {
  call,
  killAllServers,
  postgresUrl,
  spawnServer,
  startServer,
  TEST_ADMIN,
  throwawayDatabase,
} from '../helpers/server.js';

/*
 * A shop other machines can reach never runs with the README's published admin password or the
 * test payment provider, and needs PUBLIC_URL; the two-command demo on loopback is unchanged
 * (SECURITY.md, section 10). Real server processes, on the embedded database or PostgreSQL.
 */

const folders: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/** A fresh data folder and, when the suite runs on PostgreSQL, a fresh database. */
async function freshShop() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-public-'));
  folders.push(dataDir);
  const server = postgresUrl();
  if (!server) return { dataDir, databaseUrl: undefined };
  const database = await throwawayDatabase(server);
  drops.push(database.drop);
  return { dataDir, databaseUrl: database.url };
}

const signIn = (origin: string, email: string, password: string) =>
  call(origin, 'POST', 'auth/login', { body: { email, password } });

describe('what counts as public', () => {
  it('loopback names and addresses are private; anything else, PUBLIC_URL or a proxy is public', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.8.7', '::1', '[::1]', 'shop.localhost']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'shop.example', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
    const config = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), ...env });
    expect(config({}).host).toBe('localhost');
    expect(isPublic(config({}))).toBe(false);
    expect(isPublic(config({ PUBLIC_URL: 'http://localhost:3000' }))).toBe(false);
    expect(isPublic(config({ HOST: '0.0.0.0' }))).toBe(true);
    expect(isPublic(config({ PUBLIC_URL: 'https://shop.example' }))).toBe(true);
    expect(isPublic(config({ TRUST_PROXY: 'true' }))).toBe(true);
  });

  it('the test provider is chosen only by name; Stripe by its keys; otherwise cash only', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), ...env });
    expect(config({}).payments).toEqual({ provider: 'none' });
    expect(config({ PAYMENT_PROVIDER: 'test' }).payments).toEqual({ provider: 'test' });
    expect(config({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }).payments.provider).toBe('stripe');
    expect(() => config({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => config({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe('a public shop refuses to start', () => {
  it('without PUBLIC_URL, naming it', async () => {
    const shop = await freshShop();
    const server = await spawnServer({ ...shop, env: { HOST: '0.0.0.0', PAYMENT_PROVIDER: 'none' } });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('PUBLIC_URL is not set');
  });

  it('with the test payment provider, naming PAYMENT_PROVIDER', async () => {
    const shop = await freshShop();
    const server = await spawnServer({
      ...shop,
      env: { PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'test' },
    });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('PAYMENT_PROVIDER=test takes card orders without any payment');
  });
});

describe('published passwords', () => {
  it('on loopback the demo keeps the README’s admin password', async () => {
    const shop = await freshShop();
    const server = await startServer({ ...shop, env: { SEED_ADMIN_PASSWORD: PUBLISHED_ADMIN_PASSWORD } });
    expect((await signIn(server.origin, TEST_ADMIN.email, PUBLISHED_ADMIN_PASSWORD)).status).toBe(200);
    await server.kill('SIGTERM');
  });

  it('a public shop replaces them with a one-time password shown once in the log', async () => {
    const shop = await freshShop();
    // A demo that ran on loopback first: the admin and the demo customer have the published passwords.
    const demo = await startServer({ ...shop, env: { SEED_ADMIN_PASSWORD: PUBLISHED_ADMIN_PASSWORD } });
    await demo.kill('SIGTERM');
    const database = await openDatabase({ databaseUrl: shop.databaseUrl, dataDir: shop.dataDir });
    await database.db.insert(users).values({
      name: 'عميل تجريبي',
      email: demoCustomerEmail,
      phone: '0501234567',
      passwordHash: await hashPassword(demoCustomerPassword),
    });
    await database.close();

    const publicEnv = {
      PUBLIC_URL: 'https://shop.example',
      PAYMENT_PROVIDER: 'none',
      SEED_ADMIN_PASSWORD: PUBLISHED_ADMIN_PASSWORD,
    };
    const live = await startServer({ ...shop, env: publicEnv });
    const oneTime = /one-time password is: (\S+)/.exec(live.output())?.[1];
    expect(oneTime).toMatch(/^[\w-]{20}$/);
    expect(live.output()).toContain(`demo account ${demoCustomerEmail}`);
    expect(live.output()).not.toContain(demoCustomerPassword);
    expect((await signIn(live.origin, TEST_ADMIN.email, PUBLISHED_ADMIN_PASSWORD)).status).toBe(400);
    expect((await signIn(live.origin, demoCustomerEmail, demoCustomerPassword)).status).toBe(400);
    expect((await signIn(live.origin, TEST_ADMIN.email, oneTime as string)).status).toBe(200);
    await live.kill('SIGTERM');

    // Once: the next start has nothing to replace and shows nothing.
    const again = await startServer({ ...shop, env: publicEnv });
    expect(again.output()).not.toContain('one-time password');
    expect((await signIn(again.origin, TEST_ADMIN.email, oneTime as string)).status).toBe(200);
    await again.kill('SIGTERM');
  });

  it('a public shop whose owner chose a password keeps it', async () => {
    const shop = await freshShop();
    const server = await startServer({
      ...shop,
      env: { PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'none' },
    });
    expect(server.output()).not.toContain('one-time password');
    expect((await signIn(server.origin, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    await server.kill('SIGTERM');
  });
});
