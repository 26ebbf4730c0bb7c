import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSAL } from '../../src/server/http/cross-site.js';
import { registerWeb } from '../../src/server/web.js';
import { createAccount, createTestApp, type TestApp } from '../helpers/app.js';

/*
 * Security headers on every answer, the pages' Content-Security-Policy with a per-page nonce, and
 * the refusal of forms another site makes a browser post (SECURITY.md, section 3 and 4). The pages
 * come from the production web build, built here first when it is missing or stale.
 */

let t: TestApp;
beforeAll(async () => {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    stdio: 'inherit',
  });
  t = await createTestApp({ trustProxy: true }, (app, config) => registerWeb(app, config, 'production'));
}, 300_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'shop.test', ...headers },
    payload: '',
  });

const scriptSrc = (csp: string) => csp.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';

describe('headers on every answer', () => {
  it.each(['/', '/api/v1/products?limit=1', '/healthz', '/api/v1/no-such-route'])('%s', async (url) => {
    const res = await get(url);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // Plain http: a browser would ignore HSTS anyway, and it must not pin a shop without TLS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the visitor came over https (through a trusted proxy)', async () => {
    const res = await get('/api/v1/products?limit=1', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}$/);
  });
});

describe('the pages’ Content-Security-Policy', () => {
  it('lets scripts run only from the shop or with this page’s nonce, which every inline script carries', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc(csp))?.[1];
    expect(nonce).toBeDefined();
    expect(scriptSrc(csp)).not.toContain('unsafe-inline');
    expect(scriptSrc(csp)).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? '');
    const executable = inline.filter((attributes) => !attributes.includes('application/ld+json'));
    expect(executable.length).toBeGreaterThan(0);
    for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('uses a new nonce for every page', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++)
      nonces.add(scriptSrc(String((await get('/products')).headers['content-security-policy'])));
    expect(nonces.size).toBe(3);
  });
});

describe('the session cookie', () => {
  const signIn = async (headers: Record<string, string>) => {
    const account = await createAccount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'shop.test', ...headers },
      payload: new URLSearchParams({ email: account.email, password: account.password }).toString(),
    });
    expect(res.statusCode).toBe(302);
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('matjar_session='));
    expect(cookie).toBeDefined();
    return (cookie ?? '').split('; ');
  };

  it('is HttpOnly, SameSite=Lax and for the whole site', async () => {
    const flags = await signIn({ origin: 'http://shop.test' });
    expect(flags).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(flags).not.toContain('Secure');
  });

  it('is Secure when the visitor came over https', async () => {
    expect(await signIn({ origin: 'https://shop.test', 'x-forwarded-proto': 'https' })).toContain('Secure');
  });
});

describe('forms posted from another site', () => {
  it('are refused with 403 and an Arabic explanation, whether told by Origin or Sec-Fetch-Site', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await post('/logout', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toBe(CROSS_SITE_REFUSAL);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The test payment page's buttons are forms too.
    const pay = await post(`/pay/test/test_${'0'.repeat(32)}/pay`, { origin: 'https://evil.example' });
    expect(pay.statusCode).toBe(403);
  });

  it('from the shop itself go through (its own host, or PUBLIC_URL behind a proxy)', async () => {
    const sameSite: Record<string, string>[] = [
      { origin: 'http://shop.test' },
      { origin: 'https://shop.test' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of sameSite) {
      const res = await post('/logout', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(302);
      expect(String(res.headers['set-cookie'])).toContain('matjar_session=;');
    }
  });

  it('leaves the API to its bearer tokens: other sites’ apps may call it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://another-app.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
    });
    expect(res.statusCode).toBe(400);
  });
});
