import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { colorOf, createCustomer, stockedProducts } from './support';

/*
 * Another app calling the shop's API from a browser (SECURITY.md § 4, "Other origins"): a page
 * served from an origin listed in CORS_ORIGINS (playwright.config.ts lists 127.0.0.2 on the
 * shop's port) signs in with the API and calls it with the bearer token, and its script reads
 * every answer, a refusal included, and the shop's pictures. The same page from an origin that
 * is not listed (127.0.0.3) gets nothing: the browser rejects its fetches. Neither may read the
 * web pages, which stay same-origin.
 */

const LISTED = process.env.E2E_LISTED_ORIGIN ?? '';
const UNLISTED = process.env.E2E_UNLISTED_ORIGIN ?? '';

/** The other app: a page whose script calls the shop at `api` (the test's baseURL). */
const APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another app</title></head><body>
<h1>Another app</h1>
<script>
  const json = { 'content-type': 'application/json' };
  const read = async (response) => ({ status: response.status, body: await response.json() });
  /** Signs in, then reads the account and adds to the cart with the token; and one refusal. */
  window.shop = async (api, account, productId, color) => {
    const login = await read(await fetch(api + '/api/v1/auth/login', {
      method: 'POST', headers: json, body: JSON.stringify(account),
    }));
    const auth = { authorization: 'Bearer ' + login.body.token };
    const me = await read(await fetch(api + '/api/v1/users/getMe', { headers: auth }));
    const cart = await read(await fetch(api + '/api/v1/cart', {
      method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ productId, color }),
    }));
    const refused = await read(await fetch(api + '/api/v1/cart', { headers: { authorization: 'Bearer null' } }));
    return {
      login: login.status,
      me: [me.status, me.body.data.email],
      cart: [cart.status, cart.body.status, cart.body.numOfCartItems],
      refused: [refused.status, refused.body.status],
    };
  };
  /** 'answered' or the error the browser gave the script instead. */
  window.attempt = async (url, init) => {
    try {
      const response = await fetch(url, { mode: 'cors', ...init });
      await response.arrayBuffer();
      return 'answered';
    } catch (error) {
      return error.name;
    }
  };
</script></body></html>`;

const servers: Server[] = [];

test.beforeAll(async () => {
  for (const origin of [LISTED, UNLISTED]) {
    const { hostname, port } = new URL(origin);
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(APP_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve));
    servers.push(server);
  }
});
test.afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

test('a listed origin’s page signs in and calls the API with its token, and reads the refusals too', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await createCustomer(request);
  // The original client knows no variants: a product sold as one (docs/variants.md).
  const product = (await stockedProducts(request)).find((p) => p.options.length === 0);
  if (!product?.imageCover || !baseURL) throw new Error('no stocked product with a picture, or no baseURL');
  await page.goto(LISTED);
  const results = await page.evaluate(
    ([api, credentials, productId, color]) =>
      (window as unknown as { shop: (...args: unknown[]) => Promise<unknown> }).shop(
        api,
        credentials,
        productId,
        color,
      ),
    [baseURL, { email: account.email, password: account.password }, product.id, colorOf(product) ?? ''] as const,
  );
  expect(results).toEqual({
    login: 200,
    me: [200, account.email],
    cart: [200, 'success', 1],
    refused: [401, 'fail'],
  });

  // The shop's pictures too (an app's edit page downloads them again with fetch).
  const attempt = (url: string, init: RequestInit = {}) =>
    page.evaluate(
      ([u, i]) => (window as unknown as { attempt: (u: string, i: RequestInit) => Promise<string> }).attempt(u, i),
      [url, init] as const,
    );
  expect(await attempt(product.imageCover)).toBe('answered');
  // The web pages and their actions work by the session cookie: same-origin only.
  expect(await attempt(`${baseURL}/products`)).toBe('TypeError');
  const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=x' };
  expect(await attempt(`${baseURL}/login`, form)).toBe('TypeError');
});

test('the same page from an origin that is not listed gets nothing: the browser rejects its fetches', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await createCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product?.imageCover || !baseURL) throw new Error('no stocked product with a picture, or no baseURL');
  await page.goto(UNLISTED);
  const shop = page.evaluate(
    ([api, credentials, productId]) =>
      (window as unknown as { shop: (...args: unknown[]) => Promise<unknown> }).shop(api, credentials, productId, ''),
    [baseURL, { email: account.email, password: account.password }, product.id] as const,
  );
  await expect(shop).rejects.toThrow(/Failed to fetch/);
  const attempt = (url: string) =>
    page.evaluate((u) => (window as unknown as { attempt: (u: string) => Promise<string> }).attempt(u), url);
  expect(await attempt(`${baseURL}/api/v1/products?limit=1`)).toBe('TypeError');
  expect(await attempt(product.imageCover)).toBe('TypeError');
});
