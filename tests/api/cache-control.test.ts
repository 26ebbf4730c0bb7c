import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_COOKIE, PUBLIC_CACHE_CONTROL, SESSION_COOKIE } from '../../src/contract/web.js';
import { registerWeb, webBuildDir } from '../../src/server/web.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { multipart, pngImage } from '../helpers/multipart.js';
import { type Access, apiRoutes, normaliseRoute, routeAccess } from '../helpers/routes.js';
import { apiClient, type Method } from '../helpers/shopping.js';

/*
 * Personal answers are kept by no cache (OWASP ASVS 8.2.1, SECURITY.md § 4): every API answer to a
 * request with credentials or from a guarded route, and every page and `.data` answer for a visitor
 * with a session cookie, carry `Cache-Control: no-store`; public answers, built assets and media
 * keep their own caching.
 */

let t: TestApp;
const accounts = {} as Record<'user' | 'admin' | 'leaving', Account>;
const { send } = apiClient(() => t);

beforeAll(async () => {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    stdio: 'inherit',
  });
  t = await createTestApp({}, (app, config) => registerWeb(app, config, 'production'));
  accounts.user = await createAccount(t, 'user');
  accounts.admin = await createAccount(t, 'admin');
  // Signs out during the sweep, so the others' tokens stay good.
  accounts.leaving = await createAccount(t, 'user');
}, 300_000);
afterAll(() => t.close());

/** The account whose token a route of this audience accepts. */
const callerFor = (route: string, access: Access) =>
  route === 'POST /auth/logout'
    ? accounts.leaving
    : access === 'admin' || access === 'staff'
      ? accounts.admin
      : accounts.user;

/** A concrete URL for a route pattern: any id will do, the answer only has to come back. */
const urlOf = (pattern: string) =>
  pattern.replaceAll(':param', () => (pattern.startsWith('/payments/') ? 'test' : randomUUID()));

describe('API answers', () => {
  const access = new Map(Object.entries(routeAccess).map(([route, who]) => [normaliseRoute(route), who]));
  const routes = () =>
    apiRoutes(t.app).map((route) => {
      const [method, pattern] = route.split(' ') as [Method, string];
      const who = access.get(route);
      if (!who) throw new Error(`${route} has no audience in tests/helpers/routes.ts`);
      return { route, method, url: urlOf(pattern), access: who };
    });

  it('every guarded route answers no-store, to its own audience and to anonymous callers alike', async () => {
    const guarded = routes().filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(40);
    for (const { route, method, url, access } of guarded) {
      const anonymous = await send(method, url);
      expect(anonymous.statusCode, route).toBe(401);
      expect(anonymous.headers['cache-control'], `${route} anonymous`).toBe('no-store');
      const own = await send(method, url, { token: callerFor(route, access).token });
      expect(own.statusCode, `${route}: ${own.body}`).toBeLessThan(500);
      expect(own.headers['cache-control'], `${route} signed in`).toBe('no-store');
    }
  });

  it('a public route answers no-store when the request carries credentials, and stays cacheable without', async () => {
    const open = routes().filter((r) => r.access === 'public');
    expect(open.length).toBeGreaterThan(15);
    for (const { route, method, url } of open) {
      const signedIn = await send(method, url, { token: accounts.user.token });
      expect(signedIn.statusCode, `${route}: ${signedIn.body}`).toBeLessThan(500);
      expect(signedIn.headers['cache-control'], `${route} with a token`).toBe('no-store');
      // Even a token the API refuses: the header says what the request carried.
      const forged = await send(method, url, { headers: { authorization: 'Bearer not-a-token' } });
      expect(forged.headers['cache-control'], `${route} with a forged token`).toBe('no-store');
    }
    // A guest's catalogue read is the same for every guest: public, for a CDN (docs/caching.md).
    for (const url of ['/products', '/categories', '/brands', '/subcategories']) {
      expect((await send('GET', url)).headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
    }
  });

  it('sign-in, sign-up and password reset answers (they carry tokens) are not kept either', async () => {
    const login = await send('POST', '/auth/login', {
      payload: { email: accounts.user.email, password: accounts.user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('web pages', () => {
  const page = (url: string, session?: Account) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: session ? { cookie: `theme=dark; ${SESSION_COOKIE}=${session.token}` } : {},
    });

  it('every page and .data answer for a visitor with a session cookie is no-store', async () => {
    for (const url of [
      '/',
      '/_root.data',
      '/products',
      '/products.data',
      '/cart',
      '/cart.data',
      '/user/allOrders',
      '/user/allOrders.data',
      '/user/address',
      '/user/favorite.data',
      '/user/user-profile',
      '/no-such-page',
    ]) {
      const res = await page(url, accounts.user);
      expect(res.statusCode, `${url}: ${res.statusCode}`).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const staff = await page('/admin/allorders.data', accounts.admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('no-store');
  });

  it("a guest holding a basket's cookie gets no-store pages too (the badge counts their basket)", async () => {
    const cookie = `${BASKET_COOKIE}=${'k'.repeat(43)}`;
    for (const url of ['/', '/_root.data', '/cart', '/products']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('a signed-in page really is personal: it shows the visitor, and is not kept', async () => {
    const res = await page('/user/user-profile', accounts.user);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(accounts.user.email);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an answer that sets a cookie (signing in) is not kept', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: accounts.user.email, password: accounts.user.password }).toString(),
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('guests’ pages, built assets and media keep their own caching, session cookie or not', async () => {
    expect((await page('/')).headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect((await page('/robots.txt')).headers['cache-control']).toBe('public, max-age=86400');

    const asset = readdirSync(path.join(webBuildDir, 'client/assets')).find((name) => name.endsWith('.js'));
    const built = await page(`/assets/${asset}`, accounts.user);
    expect(built.statusCode).toBe(200);
    expect(built.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const brand = await send('POST', '/brands', {
      token: accounts.admin.token,
      ...multipart({ name: `ماركة ${randomUUID().slice(0, 8)}` }, { image: await pngImage() }),
    });
    expect(brand.statusCode, brand.body).toBe(201);
    const media = await page(new URL(brand.json().data.image).pathname, accounts.user);
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toContain('immutable');
  });
});
