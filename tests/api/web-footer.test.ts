import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '../../src/db/schema.js';
import { registerWeb } from '../../src/server/web.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient } from '../helpers/shopping.js';

/*
 * The footer's contact comes with the shop's facts (ShopInfo.contact), read from the settings once
 * per catalogue version, not by every page asking the API (docs/store-pages.md § The footer). Read from
 * the production web build, built here first when it is missing or stale.
 */

let t: TestApp;
let admin: Account;
const { send, expectNo5xx } = apiClient(() => t);
/** The API requests the pages made (the in-process transport injects them). */
const apiCalls: string[] = [];

beforeAll(async () => {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    stdio: 'inherit',
  });
  t = await createTestApp({}, async (app, config) => {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) apiCalls.push(`${request.method} ${request.url}`);
    });
    await registerWeb(app, config, 'production');
  });
  admin = await createAccount(t, 'admin');
}, 300_000);
afterAll(() => t.close());
afterEach(() => expectNo5xx());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe('the footer’s contact', () => {
  it('costs a page no request for the settings', async () => {
    expect((await send('PUT', '/settings', { token: admin.token, payload: { phone: '0112345678' } })).statusCode).toBe(
      200,
    );
    apiCalls.length = 0;
    for (const url of ['/', '/products', '/pages/privacy', '/login']) {
      expect(await page(url)).toContain('tel:0112345678');
    }
    expect(apiCalls.filter((call) => call.startsWith('GET /api/v1/settings'))).toEqual([]);
  });

  it('shows a change saved in the settings on the next page at once', async () => {
    await page('/');
    const saved = await send('PUT', '/settings', {
      token: admin.token,
      payload: { email: 'care@example.com', instagramUrl: 'https://instagram.com/matjar.footer' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = await page('/');
    expect(html).toContain('mailto:care@example.com');
    expect(html).toContain('https://instagram.com/matjar.footer');
  });

  it('shows a change another process saved: the catalogue’s version in the database says so', async () => {
    await page('/');
    // Another process's write: straight to the database, this process is not told.
    await t.database.db.update(storeSettings).set({ email: 'other-process@example.com' });
    expect(await page('/')).toContain('mailto:other-process@example.com');
  });
});
