import { execFileSync } from 'node:child_process';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { CROSS_SITE_REFUSAL } from '../../src/server/http/cross-site.js';
import { registerWeb } from '../../src/server/web.js';
import { createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { multipart, pngImage } from '../helpers/multipart.js';
import { apiRoutes } from '../helpers/routes.js';
import { unique } from '../helpers/shopping.js';

/*
 * Browser apps on other origins (SECURITY.md § 4, "Other origins"): the origins listed in
 * CORS_ORIGINS may call the API and read media from a page's script, without credentials; any
 * other origin gets no CORS header at all, and the web pages stay same-origin. The web build is
 * made first when it is missing or stale, so pages and actions are the real ones.
 */

const LISTED = 'http://localhost:3000';
const ALSO_LISTED = 'https://app.example';
const UNLISTED = 'https://evil.example';
const AUTH_LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    stdio: 'inherit',
  });
  t = await createTestApp({ corsOrigins: [LISTED, ALSO_LISTED], authRateLimitPerMinute: AUTH_LIMIT }, (app, config) =>
    registerWeb(app, config, 'production'),
  );
}, 300_000);
afterAll(() => t.close());

let nextAddress = 0;
/** Each test its own client address, so the auth rate limit of one does not spill into another. */
const freshAddress = () => `127.9.0.${++nextAddress}`;

const preflight = (url: string, origin: string, method = 'GET', headers = 'authorization', from = freshAddress()) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    remoteAddress: from,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const corsHeaders = (res: LightMyRequestResponse) =>
  Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));

function expectAllowed(res: LightMyRequestResponse, origin: string) {
  expect(res.headers['access-control-allow-origin'], `${res.statusCode} ${res.body}`).toBe(origin);
  expect(String(res.headers.vary)).toMatch(/\bOrigin\b/i);
  // The API takes bearer tokens, never cookies: a credentialed call must not be allowed.
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
}

describe('CORS_ORIGINS', () => {
  it('reads exact origins, and refuses anything that is not one', () => {
    const read = (value: string) => loadConfig({ CORS_ORIGINS: value }, { jwtSecret: 'x'.repeat(32) }).corsOrigins;
    expect(read('')).toEqual([]);
    expect(read('http://localhost:3000, https://App.example/')).toEqual([
      'http://localhost:3000',
      'https://app.example',
    ]);
    for (const bad of ['*', 'localhost:3000', 'https://app.example/path', 'null', 'ftp://app.example']) {
      expect(() => read(bad), bad).toThrow(/CORS_ORIGINS/);
    }
  });

  it('is empty by default: no CORS header for anybody', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/products',
        headers: { origin: LISTED, 'access-control-request-method': 'GET' },
      });
      expect(corsHeaders(res)).toEqual([]);
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('preflights from a listed origin', () => {
  it('answer 204 on every /api/v1 route with the methods, headers and a max-age', async () => {
    for (const route of apiRoutes(t.app)) {
      const [method = 'GET', path = ''] = route.split(' ');
      const url = `/api/v1${path.replaceAll(':param', '00000000-0000-4000-8000-000000000000')}`;
      const res = await preflight(url, LISTED, method, 'authorization,content-type');
      expect(res.statusCode, route).toBe(204);
      expect(res.body, route).toBe('');
      expectAllowed(res, LISTED);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
      expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type, x-basket-key');
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThanOrEqual(600);
    }
    // Each listed origin gets its own name back, never another's.
    expectAllowed(await preflight('/api/v1/cart', ALSO_LISTED, 'POST'), ALSO_LISTED);
  });

  it('allow a listed page on a public site to call a shop on a private address (Private Network Access)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: {
        origin: ALSO_LISTED,
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-private-network']).toBe('true');
    expect((await preflight('/api/v1/products', ALSO_LISTED)).headers['access-control-allow-private-network']).toBe(
      undefined,
    );
  });

  it('do not count against the sign-in rate limit', async () => {
    const from = freshAddress();
    for (let i = 0; i < AUTH_LIMIT * 10; i++) {
      const res = await preflight('/api/v1/auth/login', LISTED, 'POST', 'authorization,content-type', from);
      expect(res.statusCode).toBe(204);
    }
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: from,
        headers: { origin: LISTED },
        payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
      });
    // All of the address's tries are still there: wrong credentials, not "too many requests".
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await login()).statusCode).toBe(400);
    // The limit itself still holds, and its 429 is readable by the app too.
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expectAllowed(limited, LISTED);
  });
});

describe('answers to a listed origin', () => {
  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { headers?: Record<string, string>; payload?: string | object } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: { origin: LISTED, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });

  it('carry Access-Control-Allow-Origin, successes and failures alike', async () => {
    const user = await createAccount(t);
    const bearer = { authorization: `Bearer ${user.token}` };
    const answers: [string, LightMyRequestResponse, number][] = [
      ['public GET', await call('GET', '/api/v1/products?limit=1'), 200],
      ['signed-in GET', await call('GET', '/api/v1/users/getMe', { headers: bearer }), 200],
      ['JSON POST', await call('POST', '/api/v1/addresses', { headers: bearer, payload: { alias: 'x' } }), 400],
      ['no token', await call('GET', '/api/v1/cart'), 401],
      ['Bearer null', await call('GET', '/api/v1/cart', { headers: { authorization: 'Bearer null' } }), 401],
      ['wrong role', await call('GET', '/api/v1/coupons', { headers: bearer }), 403],
      ['unknown id', await call('GET', '/api/v1/products/00000000-0000-4000-8000-000000000000'), 404],
      ['unknown route', await call('GET', '/api/v1/no-such-route'), 404],
      // Paths the router cannot even look up run no hooks (Fastify's frameworkErrors).
      ['broken percent-encoding', await call('GET', '/api/v1/products/%E0%A4%A'), 404],
      ['a 150-character segment', await call('GET', `/api/v1/products/${'a'.repeat(150)}`), 404],
      ['bad id', await call('GET', '/api/v1/categories/undefined'), 400],
      [
        'malformed JSON',
        await call('POST', '/api/v1/auth/login', { headers: { 'content-type': 'application/json' }, payload: '{' }),
        400,
      ],
      ['body too large', await call('POST', '/api/v1/auth/login', { payload: { email: 'a'.repeat(1_100_000) } }), 413],
      [
        'wrong content type',
        await call('POST', '/api/v1/auth/login', { headers: { 'content-type': 'text/csv' }, payload: 'a,b' }),
        415,
      ],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
      expectAllowed(res, LISTED);
    }
  });

  it('include media files (an edit page downloads the pictures again with fetch)', async () => {
    const admin = await createAccount(t, 'admin');
    const form = multipart({ name: unique('قسم') }, { image: await pngImage() });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { ...form.headers, authorization: `Bearer ${admin.token}` },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const mediaPath = new URL(created.json().data.image).pathname;
    const image = await t.app.inject({ method: 'GET', url: mediaPath, headers: { origin: LISTED } });
    expect(image.statusCode).toBe(200);
    expectAllowed(image, LISTED);
    // The same file without an Origin (an <img>) varies by Origin too, so a cache never serves
    // that copy, without the header, to the app's fetch.
    const plain = await t.app.inject({ method: 'GET', url: mediaPath });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/\bOrigin\b/i);
  });
});

describe('another origin', () => {
  it('gets no CORS header on preflights, answers, errors or media', async () => {
    const answers = [
      await preflight('/api/v1/products', UNLISTED),
      await preflight('/api/v1/auth/login', UNLISTED, 'POST', 'content-type'),
      await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1', headers: { origin: UNLISTED } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { origin: UNLISTED } }),
      // A listed origin's name inside another, or with another scheme or port, is another origin.
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { origin: 'http://localhost:3000.evil.example' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { origin: 'https://localhost:3000' } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { origin: 'http://localhost:3001' } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { origin: 'null' } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).not.toBe(204);
      expect(corsHeaders(res)).toEqual([]);
    }
  });
});

describe('the web pages', () => {
  it('stay same-origin: no CORS header for a listed origin, on pages, their data or their actions', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/products', headers: { origin: LISTED } });
    expect(page.statusCode).toBe(200);
    const data = await t.app.inject({ method: 'GET', url: '/products.data', headers: { origin: LISTED } });
    const pagePreflight = await preflight('/login', LISTED, 'POST', 'content-type');
    for (const res of [page, data, pagePreflight]) expect(corsHeaders(res)).toEqual([]);
  });

  it('still refuse a form posted from a listed origin (the session cookie is not the API’s token)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { origin: LISTED, host: 'shop.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe(CROSS_SITE_REFUSAL);
    expect(corsHeaders(res)).toEqual([]);
  });
});
