import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_CSV_MB, MAX_IMPORT_ZIP_MB, MAX_PRODUCT_IMAGES } from '../../src/contract/constants.js';
import { SESSION_COOKIE, TEXT_FORM_LIMIT_BYTES } from '../../src/contract/web.js';
import { CROSS_SITE_REFUSAL } from '../../src/server/http/cross-site.js';
import { registerWeb } from '../../src/server/web.js';
import { apiErrorTexts } from '../../src/web/i18n/api-errors.js';
import { createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { multipart, noisyPng } from '../helpers/multipart.js';
import { createTaxonomy, insertProduct } from '../helpers/shopping.js';

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

  it('uses a new nonce for every page rendered (a kept guest page keeps its own: docs/caching.md)', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(scriptSrc(String((await get('/login')).headers['content-security-policy'])));
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

describe('redirectTo after signing in', () => {
  it('never leads to another site, however the path is dressed up', async () => {
    const account = await createAccount(t);
    for (const redirectTo of ['/.//evil.example/phish', '/%2e//evil.example', '/..//evil.example', '/\\evil.example']) {
      // The sign-in page hands the cleaned value to its form…
      const form = await get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('name="redirectTo" value="/"');
      // …and the action cleans what a forged form posts.
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'shop.test', origin: 'http://shop.test' },
        payload: new URLSearchParams({ email: account.email, password: account.password, redirectTo }).toString(),
      });
      expect(res.statusCode, redirectTo).toBe(302);
      expect(res.headers.location, redirectTo).toBe('/');
    }
  });
});

describe('absolute URLs without PUBLIC_URL (Host header poisoning)', () => {
  let imagePath: string;
  let productId: string;
  beforeAll(async () => {
    const { category } = await createTaxonomy(t);
    const product = await insertProduct(t, { categoryId: category.id });
    productId = product.id;
    imagePath = `/media/${product.imageCover}-960.webp`;
  });

  const imageCover = async (headers: Record<string, string>) => {
    const res = await get(`/api/v1/products/${productId}`, headers);
    expect(res.statusCode).toBe(200);
    return String(res.json().data.imageCover);
  };
  const canonical = async (headers: Record<string, string>) => {
    const res = await get('/', headers);
    expect(res.statusCode).toBe(200);
    return /<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1];
  };

  it('a foreign Host (or forwarded host) gets the listening origin, in API answers and pages alike', async () => {
    const listening = `http://localhost:${t.config.port}`;
    const foreign: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'evil.example:3000' },
      { host: 'localhost.evil.example' },
      { host: '127.0.0.1.evil.example' },
      { host: 'localhost:3000@evil.example' },
      { host: 'localhost/evil.example' },
      // Not even a host: once a 500, when the page's own URL was built from it.
      { host: 'evil example' },
      // This app trusts its proxy (TRUST_PROXY): the forwarded host is the one that counts.
      { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
    ];
    for (const headers of foreign) {
      expect(await imageCover(headers), JSON.stringify(headers)).toBe(`${listening}${imagePath}`);
      expect(await canonical(headers), JSON.stringify(headers)).toBe(`${listening}/`);
      expect((await get('/', headers)).body, JSON.stringify(headers)).not.toContain('evil.example');
    }
  });

  it('a loopback Host keeps its own origin, so http://127.0.0.1:3000 and http://localhost:3000 both work', async () => {
    for (const [headers, origin] of [
      [{ host: '127.0.0.1:3000' }, 'http://127.0.0.1:3000'],
      [{ host: 'localhost:3000' }, 'http://localhost:3000'],
      [{ host: '127.0.0.2:8080' }, 'http://127.0.0.2:8080'],
      [{ host: '[::1]:3000' }, 'http://[::1]:3000'],
      [{ host: 'localhost' }, 'http://localhost'],
      [{ host: 'evil.example', 'x-forwarded-host': '127.0.0.1:8080' }, 'http://127.0.0.1:8080'],
    ] as const) {
      expect(await imageCover(headers), JSON.stringify(headers)).toBe(`${origin}${imagePath}`);
      expect(await canonical(headers), JSON.stringify(headers)).toBe(`${origin}/`);
    }
  });
});

describe('web form bodies', () => {
  const postForm = (url: string, payload: string | Buffer, contentType: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it('text forms take 64 KB, whatever the content type; more is a short Arabic 413 page', async () => {
    const big = `email=${'a'.repeat(64 * 1024)}`;
    for (const [url, contentType] of [
      ['/login', 'application/x-www-form-urlencoded'],
      ['/login.data', 'application/x-www-form-urlencoded'],
      ['/login', 'multipart/form-data; boundary=x'],
      ['/login', 'text/plain'],
      ['/admin/addproducts', 'application/x-www-form-urlencoded'],
      ['/cart', 'application/json'],
    ]) {
      const res = await postForm(url ?? '', big, contentType ?? '');
      expect(res.statusCode, `${url} ${contentType}`).toBe(413);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('lang="ar"');
      expect(res.body).toContain('الطلب كبير جداً');
    }
    // Counted as it unpacks: 10 MB of zeros sent gzipped (about 10 KB on the wire).
    const bomb = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      payload: gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x61)),
    });
    expect(bomb.statusCode).toBe(413);
    // Just under the limit is read and reaches the page's action (which refuses the e-mail).
    const fits = await postForm(
      '/login',
      `email=${'a'.repeat(60 * 1024)}&password=x`,
      'application/x-www-form-urlencoded',
    );
    expect(fits.statusCode).toBe(400);
  });

  it('the pages that upload pictures take multipart at the size of their pictures, from staff', async () => {
    const admin = await createAccount(t, 'admin');
    const cookie = `matjar_session=${admin.token}`;
    const picture = (await noisyPng(300, 300)).data;
    expect(picture.length).toBeGreaterThan(200 * 1024);
    const form = multipart({ name: `ماركة ${Date.now()}`, js: '1' }, { image: { data: picture } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/admin/addbrand.data',
      headers: { ...form.headers, cookie, host: 'localhost:3000', origin: 'http://localhost:3000' },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body.slice(0, 300)).toBe(200);
    // The same multipart to a text form is refused.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/user/user-profile',
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(elsewhere.statusCode).toBe(413);
    // Past every picture the page could take, even an upload page refuses.
    const limit = (MAX_PRODUCT_IMAGES + 1) * t.config.maxUploadBytes + 64 * 1024;
    const huge = await t.app.inject({
      method: 'POST',
      url: '/admin/addproducts',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(limit + 1), cookie },
      payload: Buffer.alloc(16),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('the products import page takes multipart as large as its CSV and zip, from staff', async () => {
    const admin = await createAccount(t, 'admin');
    const headers = {
      cookie: `matjar_session=${admin.token}`,
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
    };
    // Larger than a picture page takes: refused there, read here and passed to the page's action.
    const pictureLimit = (MAX_PRODUCT_IMAGES + 1) * t.config.maxUploadBytes + TEXT_FORM_LIMIT_BYTES;
    const zip = { filename: 'صور.zip', contentType: 'application/zip', data: Buffer.alloc(pictureLimit + 1024) };
    const form = multipart({ intent: 'check' }, { images: zip });
    const onPicturePage = await t.app.inject({
      method: 'POST',
      url: '/admin/addproducts',
      headers: { ...form.headers, ...headers },
      payload: form.payload,
    });
    expect(onPicturePage.statusCode).toBe(413);
    const onImportPage = await t.app.inject({
      method: 'POST',
      url: '/admin/products/import',
      headers: { ...form.headers, ...headers },
      payload: form.payload,
    });
    // The action's answer: no CSV was chosen (the API's IMPORT_FILE_REQUIRED, beside the file field).
    expect(onImportPage.statusCode, onImportPage.body.slice(0, 300)).toBe(400);
    expect(onImportPage.body).toContain(apiErrorTexts.IMPORT_FILE_REQUIRED.text);
    // Past both files' limits even the import page refuses.
    const importLimit = (MAX_IMPORT_CSV_MB + MAX_IMPORT_ZIP_MB) * 1024 * 1024 + TEXT_FORM_LIMIT_BYTES;
    const huge = await t.app.inject({
      method: 'POST',
      url: '/admin/products/import',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(importLimit + 1),
        ...headers,
      },
      payload: Buffer.alloc(16),
    });
    expect(huge.statusCode).toBe(413);
    // A customer's is not read at all: the page's guard sends them home.
    const customer = await createAccount(t);
    const notStaff = await t.app.inject({
      method: 'POST',
      url: '/admin/products/import',
      headers: { ...form.headers, ...headers, cookie: `matjar_session=${customer.token}` },
      payload: form.payload,
    });
    expect(notStaff.statusCode).toBe(302);
    expect(notStaff.headers.location).toBe('/');
  });

  it('anyone else’s picture upload is not read: the page’s own guard answers it', async () => {
    const customer = await createAccount(t);
    // Declared larger than any upload: had it been read, it would have been refused with 413.
    const declared = (MAX_PRODUCT_IMAGES + 1) * t.config.maxUploadBytes + 128 * 1024;
    for (const [cookie, location] of [
      [`matjar_session=${customer.token}`, '/'],
      ['matjar_session=forged', '/login?redirectTo=%2Fadmin%2Faddbrand'],
      ['', '/login?redirectTo=%2Fadmin%2Faddbrand'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/addbrand',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(declared), cookie },
        payload: Buffer.alloc(16),
      });
      expect(res.statusCode, cookie).toBe(302);
      expect(res.headers.location, cookie).toBe(location);
    }
  });
});

describe('a visitor who leaves while a page is sent', () => {
  it('does not take the shop down: the render stops and the next visitor is answered', async () => {
    // A page of megabytes, rendered for this request and streamed, compressed: a session the shop
    // does not know gets a guest's page rendered for it. React has written it all while most of it
    // still waits to be compressed and sent.
    const { category } = await createTaxonomy(t);
    const product = await insertProduct(t, { categoryId: category.id }, { description: 'وصف طويل. '.repeat(100_000) });
    const path = `/products/${product.id}`;
    const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const request = `GET ${path} HTTP/1.1\r\nHost: ${origin.host}\r\nAccept-Encoding: gzip, br\r\nCookie: ${SESSION_COOKIE}=unknown\r\n\r\n`;
    /** Sends the request and closes the connection `after` ms, or when the page's first bytes arrive. */
    const leave = (after: number | 'at the first bytes') =>
      new Promise<void>((resolve) => {
        const socket = connect(Number(origin.port), origin.hostname, () => {
          socket.write(request);
          if (after !== 'at the first bytes') setTimeout(() => socket.destroy(), after);
        });
        socket.once('data', () => after === 'at the first bytes' && socket.destroy());
        socket.on('close', () => resolve());
      });
    await leave('at the first bytes');
    // While it is rendered, and after React has finished while the rest waits to be sent.
    for (let after = 0; after <= 40; after += 2) await leave(after);
    // Long enough for every abandoned render to reach its end.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const next = await fetch(new URL(path, origin));
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('</html>');
  });
});
