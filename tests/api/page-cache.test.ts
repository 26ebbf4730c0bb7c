import { execFileSync } from 'node:child_process';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_COOKIE, PUBLIC_CACHE_CONTROL, SESSION_COOKIE } from '../../src/contract/web.js';
import { cacheVersions, products } from '../../src/db/schema.js';
import { registerWeb } from '../../src/server/web.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, createTaxonomy, insertProduct, type ProductRow, unique } from '../helpers/shopping.js';

/*
 * Guests' catalogue pages are kept in memory by URL and served again while the catalogue's
 * version in the database is the one they were rendered at (docs/caching.md). Read from the
 * production web build, built here first when it is missing or stale.
 */

let t: TestApp;
let admin: Account;
let customer: Account;
let product: ProductRow;
const { send, expectNo5xx } = apiClient(() => t);
/** The API requests the pages made (the in-process transport injects them). */
let apiCalls = 0;
/** As in production: a process trusts the version it read for a second (docs/caching.md). */
const VERSION_MAX_AGE_MS = 1_000;

beforeAll(async () => {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    stdio: 'inherit',
  });
  t = await createTestApp(
    { corsOrigins: ['https://app.example'], catalogueVersionMaxAgeMs: VERSION_MAX_AGE_MS },
    async (app, config) => {
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/')) apiCalls += 1;
      });
      await registerWeb(app, config, 'production');
    },
  );
  admin = await createAccount(t, 'admin');
  customer = await createAccount(t, 'user', 'زبونة الصفحات');
  const { category } = await createTaxonomy(t);
  product = await insertProduct(t, { categoryId: category.id }, { title: unique('عباءة مطرزة') });
}, 300_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const productPage = () => `/products/${product.id}`;
/** The nonce every inline script of a page carries, and the one its policy allows. */
const noncesOf = (html: string) => new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
const policyNonce = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];
const catalogueVersion = async () =>
  (await t.database.db.select().from(cacheVersions).where(eq(cacheVersions.name, 'catalogue')))[0]?.version;

describe('a guest’s catalogue page', () => {
  it('is rendered once and then served from memory, with a validator and a policy that fits its scripts', async () => {
    const first = await get(productPage());
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(product.title);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    apiCalls = 0;
    const second = await get(productPage());
    expect(apiCalls).toBe(0);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // The kept page's inline scripts run: the policy names the nonce they were rendered with.
    const nonces = noncesOf(second.body);
    expect(nonces.size).toBe(1);
    expect(nonces.has(policyNonce(second.headers['content-security-policy']))).toBe(true);
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 to a browser that holds the same copy', async () => {
    const { headers } = await get(productPage());
    const again = await get(productPage(), { 'if-none-match': String(headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(headers.etag);
    expect((await get(productPage(), { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
  });

  it('goes out compressed in the encoding the browser takes, the same page each time', async () => {
    const plain = (await get(productPage())).body;
    const br = await get(productPage(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await get(productPage(), { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
  });

  it('shows a change made through the API at once', async () => {
    await get(productPage());
    const title = unique('عباءة سوداء');
    const saved = await send('PUT', `/products/${product.id}`, { token: admin.token, payload: { title } });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await get(productPage());
    expect(page.body).toContain(title);
    product = { ...product, title };
  });

  it('shows a change another process committed: the version in the database says it, within a second', async () => {
    await get(productPage());
    const before = await catalogueVersion();
    const title = unique('عباءة كحلية');
    // Straight to the database, as another shop process on it would: this process hears nothing.
    await t.database.db.update(products).set({ title }).where(eq(products.id, product.id));
    expect(await catalogueVersion()).toBe((before ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, VERSION_MAX_AGE_MS + 50));
    expect((await get(productPage())).body).toContain(title);
    product = { ...product, title };
  });

  it('is never served to, nor kept from, a signed-in visitor or a guest with a basket', async () => {
    await get(productPage());
    const signedIn = await get(productPage(), { cookie: `${SESSION_COOKIE}=${customer.token}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.body).toContain('زبونة الصفحات');
    // …and the guest after them still gets a guest's page.
    const guest = await get(productPage());
    expect(guest.body).not.toContain('زبونة الصفحات');
    const basket = await get('/products', { cookie: `${BASKET_COOKIE}=${'k'.repeat(43)}` });
    expect(basket.headers['cache-control']).toBe('no-store');
    expect(basket.headers.etag).toBeUndefined();
  });

  it('other cookies (a theme, an analytics id) do not keep a guest from the kept page', async () => {
    const { headers } = await get('/products');
    const withCookie = await get('/products', { cookie: 'theme=dark; _ga=GA1.1.1' });
    expect(withCookie.headers.etag).toBe(headers.etag);
  });

  it('keeps only pages their route calls public: a sign-in page and a missing product are rendered each time', async () => {
    for (const url of ['/login', '/products/00000000-0000-4000-8000-000000000000']) {
      const res = await get(url);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['cache-control'], url).not.toBe(PUBLIC_CACHE_CONTROL);
      const nonces = [noncesOf(res.body), noncesOf((await get(url)).body)].map((set) => [...set][0]);
      // A page not kept gets a new nonce each time.
      expect(nonces[0]).not.toBe(nonces[1]);
    }
  });

  it('the client-side navigation’s data is kept the same way', async () => {
    const first = await get('/products.data');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    apiCalls = 0;
    const second = await get('/products.data');
    expect(apiCalls).toBe(0);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('each page that lists products carries them as their cards draw them: no description, gallery or variants', async () => {
    // Two products of a new category: each one's page lists the other among its related products.
    const { category } = await createTaxonomy(t);
    const shown = await insertProduct(t, { categoryId: category.id }, { title: unique('عباءة كحلية') });
    const description = unique('وصف العباءة السادة');
    const related = await insertProduct(t, { categoryId: category.id }, { title: unique('عباءة سادة'), description });
    for (const url of [
      '/products.data',
      '/_root.data',
      `/products/allCategory/${product.categoryId}.data`,
      // A search that finds nothing: its help lists the nearest matches and the best sellers.
      `/products.data?keyword=${encodeURIComponent('عباءةمطرزةجدا')}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('"title"');
      for (const key of ['description', 'images', 'imagesSizes', 'variants', 'sku']) {
        expect(res.body, `${url}: ${key}`).not.toContain(JSON.stringify(key));
      }
    }
    // A product's page carries the product whole, and its related products as cards.
    const productData = (await get(`/products/${shown.id}.data`)).body;
    expect(productData).toContain(related.title);
    expect(productData).not.toContain(description);
  });

  it('each page that lists categories or brands carries them as their tiles draw them: no slug or dates', async () => {
    // The category and brand made before all: whichever the shop lists first, they are tiles.
    for (const url of ['/_root.data', '/allcategory.data', '/allbrands.data']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url}: a tile`).toContain('"imageSizes"');
      for (const key of ['slug', 'createdAt', 'updatedAt']) {
        expect(res.body, `${url}: ${key}`).not.toContain(JSON.stringify(key));
      }
    }
  });

  it('an answer to a form’s post is never public, whatever its route says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: productPage(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=add-to-cart',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the catalogue’s version', () => {
  it('rises once per transaction that wrote the catalogue, at its commit, and not for one rolled back', async () => {
    const before = (await catalogueVersion()) ?? 0;
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ sold: sql`${products.sold} + 1` })
        .where(eq(products.id, product.id));
      await tx
        .update(products)
        .set({ sold: sql`${products.sold} + 1` })
        .where(eq(products.id, product.id));
    });
    expect(await catalogueVersion()).toBe(before + 1);
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(products).set({ sold: 0 }).where(eq(products.id, product.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await catalogueVersion()).toBe(before + 1);
  });

  it('does not move for what a guest’s page does not show (a customer’s cart)', async () => {
    const before = await catalogueVersion();
    const added = await send('POST', '/cart', { token: customer.token, payload: { productId: product.id } });
    expect(added.statusCode, added.body).toBe(200);
    expect(await catalogueVersion()).toBe(before);
    await expectNo5xx();
  });
});

describe('the API’s catalogue reads for guests', () => {
  const api = (url: string, headers: Record<string, string> = {}) => get(`/api/v1${url}`, headers);

  it('are kept and marked public with a validator; a browser’s same copy gets a 304', async () => {
    const first = await api(`/products/${product.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.etag).toMatch(/^W\//);
    const second = await api(`/products/${product.id}`, { 'accept-encoding': 'br' });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(second.rawPayload).toString('utf8')).toBe(first.body);
    const again = await api(`/products/${product.id}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serve the kept answer until the version moves: another process’s write shows within a second', async () => {
    const before = (await api('/products?limit=50')).json().data.map((p: { title: string }) => p.title);
    expect(before).toContain(product.title);
    const title = unique('عباءة رمادية');
    await t.database.db.update(products).set({ title }).where(eq(products.id, product.id));
    // This process heard nothing yet: the kept answer stands, which is what makes it cheap…
    expect((await api('/products?limit=50')).json().data.map((p: { title: string }) => p.title)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, VERSION_MAX_AGE_MS + 50));
    // …and the database's version ends it.
    expect((await api('/products?limit=50')).json().data.map((p: { title: string }) => p.title)).toContain(title);
    product = { ...product, title };
  });

  it('are neither kept nor served with credentials, and a staff-only read is never kept', async () => {
    await api('/products');
    const signedIn = await api('/products', { authorization: `Bearer ${customer.token}` });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    const drafts = await api('/products?status=draft');
    expect(drafts.statusCode).toBe(401);
    expect(drafts.headers.etag).toBeUndefined();
    const staff = await api('/products?status=draft', { authorization: `Bearer ${admin.token}` });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('no-store');
  });

  it('answer each caller’s origin as CORS says, kept or not', async () => {
    const url = `/products/${product.id}/reviews`;
    const first = await api(url);
    const allowed = await api(url, { origin: 'https://app.example' });
    expect(allowed.headers.etag).toBe(first.headers.etag);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(String(allowed.headers.vary)).toMatch(/origin/i);
    expect(String(allowed.headers.vary)).toMatch(/accept-encoding/i);
    const other = await api(url, { origin: 'https://elsewhere.example' });
    expect(other.headers.etag).toBe(first.headers.etag);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
