import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_DATA_SLOT, VISITOR_SCRIPT_ID } from '../../src/contract/constants.js';
import { BASKET_COOKIE, SESSION_COOKIE } from '../../src/contract/web.js';
import { products } from '../../src/db/schema.js';
import { registerWeb } from '../../src/server/web.js';
import { t as ar } from '../../src/web/i18n/ar.js';
import { cartText } from '../../src/web/i18n/cart.js';
import { plural } from '../../src/web/lib/plural.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, createTaxonomy, insertProduct, type ProductRow, unique } from '../helpers/shopping.js';

/*
 * Every page's header for a signed-in visitor (src/web/root.tsx) comes from the services in two
 * small queries (src/server/visitor.ts), not from getMe, the priced cart and the wishlist: it must
 * say what those would, for this visitor alone. Read from the production web build.
 */

let t: TestApp;
let products2: ProductRow[];
/** The API requests made signed in (a page's reads that are the visitor's own, e.g. their review). */
let signedInCalls = 0;
const { send } = apiClient(() => t);

beforeAll(async () => {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    stdio: 'inherit',
  });
  t = await createTestApp({}, async (app, config) => {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/') && request.headers.authorization) signedInCalls += 1;
    });
    await registerWeb(app, config, 'production');
  });
  const { category } = await createTaxonomy(t);
  products2 = [
    await insertProduct(t, { categoryId: category.id }, { title: unique('ثوب') }),
    await insertProduct(t, { categoryId: category.id }, { title: unique('شماغ') }),
  ];
}, 300_000);
afterAll(() => t.close());

const page = (url: string, account?: Account) =>
  t.app.inject({ method: 'GET', url, headers: account ? { cookie: `${SESSION_COOKIE}=${account.token}` } : {} });
/** What the header's cart link says of the count. */
const cartLabel = (html: string) => new RegExp(`<span class="sr-only">${ar.cart}، ([^<]*)</span>`).exec(html)?.[1];
const says = (count: number) => plural(count, cartText.itemsCount);
/** The favourite buttons pressed on a page rendered for one visitor (the hearts drawn filled). */
const pressedHearts = (html: string) => [...html.matchAll(/aria-pressed="true"/g)].length;
/**
 * The favourites a customer's page marks (docs/caching.md § Customers' pages): those its visitor
 * JSON names, each heart filled by the page's style until React runs.
 */
const markedFavorites = (html: string) => {
  const json = new RegExp(`<script type="application/json" id="${VISITOR_SCRIPT_ID}">(.*?)</script>`).exec(html)?.[1];
  const ids: string[] = json ? JSON.parse(json).favoriteIds : [];
  for (const id of ids) expect(html).toContain(`[data-favorite="${id}"] svg`);
  return ids.length;
};
const apiCount = async (account: Account) =>
  (await send('GET', '/cart', { token: account.token })).json().numOfCartItems;

describe('a signed-in visitor’s header', () => {
  it('shows each customer their own name, cart count and favourites, never another’s, and is never kept', async () => {
    const sara = await createAccount(t, 'user', unique('سارة'));
    const huda = await createAccount(t, 'user', unique('هدى'));
    const name = async (account: Account) =>
      (await send('GET', '/users/getMe', { token: account.token })).json().data.name;
    const [saraName, hudaName] = [await name(sara), await name(huda)];
    for (const product of products2) {
      expect((await send('POST', '/cart', { token: sara.token, payload: { productId: product.id } })).statusCode).toBe(
        200,
      );
    }
    const [favourite] = products2;
    if (!favourite) throw new Error('no product');
    expect(
      (await send('POST', '/wishlist', { token: sara.token, payload: { productId: favourite.id } })).statusCode,
    ).toBe(200);

    for (let round = 0; round < 2; round++) {
      const saraPage = await page(`/products/${favourite.id}`, sara);
      const hudaPage = await page(`/products/${favourite.id}`, huda);
      expect(saraPage.headers['cache-control']).toBe('no-store');
      expect(hudaPage.headers['cache-control']).toBe('no-store');
      expect(saraPage.body).toContain(saraName);
      expect(saraPage.body).not.toContain(hudaName);
      expect(hudaPage.body).toContain(hudaName);
      expect(hudaPage.body).not.toContain(saraName);
      expect(cartLabel(saraPage.body)).toBe(says(await apiCount(sara)));
      expect(cartLabel(saraPage.body)).toBe(says(2));
      expect(cartLabel(hudaPage.body)).toBe(says(0));
      expect(markedFavorites(saraPage.body)).toBe(1);
      expect(markedFavorites(hudaPage.body)).toBe(0);
      // The kept page itself presses no heart: it is the same for both.
      expect(pressedHearts(saraPage.body)).toBe(0);
    }
    // What the process keeps for customers names neither of them: each is written in as served.
    const kept = t.app.guestCache.get(
      `customer http://localhost:80/products/${favourite.id}`,
      await t.app.catalogueVersion.current(),
    );
    expect(kept?.body.toString()).toContain('<matjar-slot data-slot="account">');
    for (const name of [saraName, hudaName]) expect(kept?.body.toString()).not.toContain(name);
    expect(kept?.body.toString()).not.toContain(VISITOR_SCRIPT_ID);
    // A guest after them sees neither.
    const guest = await page(`/products/${favourite.id}`);
    expect(guest.body).not.toContain(saraName);
    expect(guest.body).not.toContain(hudaName);
    expect(cartLabel(guest.body)).toBe(says(0));
  });

  it('counts the lines as the cart does and hides a favourite moved back to draft, as the wishlist does', async () => {
    const customer = await createAccount(t, 'user', unique('ريم'));
    const [drafted, other] = products2;
    if (!drafted || !other) throw new Error('no product');
    for (const product of [drafted, other]) {
      await send('POST', '/cart', { token: customer.token, payload: { productId: product.id } });
      await send('POST', '/wishlist', { token: customer.token, payload: { productId: product.id } });
    }
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, drafted.id));
    try {
      const home = await page('/products', customer);
      expect(cartLabel(home.body)).toBe(says(await apiCount(customer)));
      const shown = (await send('GET', '/wishlist', { token: customer.token })).json().results;
      expect(shown).toBe(1);
      expect(markedFavorites(home.body)).toBe(shown);
    } finally {
      await t.database.db.update(products).set({ status: 'active' }).where(eq(products.id, drafted.id));
    }
  });

  it('staff have no cart count nor hearts; a revoked session shows a guest', async () => {
    const staff = await createAccount(t, 'admin', unique('مدير'));
    const staffPage = await page('/products', staff);
    expect(staffPage.body).toContain((await send('GET', '/users/getMe', { token: staff.token })).json().data.name);
    expect(cartLabel(staffPage.body)).toBe(says(0));
    expect(pressedHearts(staffPage.body)).toBe(0);

    const leaving = await createAccount(t, 'user', unique('مغادرة'));
    await send('POST', '/cart', { token: leaving.token, payload: { productId: products2[0]?.id } });
    expect((await send('POST', '/auth/logout', { token: leaving.token })).statusCode).toBe(204);
    const after = await page('/products', leaving);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(`href="/login"`);
    expect(cartLabel(after.body)).toBe(says(0));
  });
});

describe('a guest holding a basket', () => {
  /** A guest basket with `lines` lines (one per product), and the cookie that holds its key. */
  const basketOf = async (lines: number) => {
    let key: string | undefined;
    for (const product of products2.slice(0, lines)) {
      const added = await send('POST', '/basket', {
        payload: { productId: product.id },
        headers: key ? { 'x-basket-key': key } : {},
      });
      expect(added.statusCode).toBe(200);
      key ??= added.json().basketKey;
    }
    return `${BASKET_COOKIE}=${key}`;
  };
  const guestPage = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const policyNonce = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];

  it('sees their own basket’s count on the page kept for such guests, written in as served, never another’s', async () => {
    const [one, two] = [await basketOf(1), await basketOf(2)];
    const url = `/products/${products2[0]?.id}`;
    const nonces = new Set<string | undefined>();
    for (let round = 0; round < 2; round++) {
      for (const [cookie, count] of [
        [one, 1],
        [two, 2],
      ] as const) {
        const res = await guestPage(url, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(cartLabel(res.body)).toBe(says(count));
        // The account slot stays the sign-in link every guest sees.
        expect(res.body).toContain('href="/login"');
        const json = new RegExp(`<script type="application/json" id="${VISITOR_SCRIPT_ID}">(.*?)</script>`).exec(
          res.body,
        )?.[1];
        expect(JSON.parse(json ?? 'null')).toEqual({ user: null, cartCount: count, favoriteIds: [] });
        nonces.add(policyNonce(res.headers['content-security-policy']));
      }
    }
    // One render served all four answers: the page kept for guests holding a basket, naming none.
    expect(nonces.size).toBe(1);
    const kept = t.app.guestCache.get(`basket http://localhost:80${url}`, await t.app.catalogueVersion.current());
    expect(kept?.body.toString()).not.toContain(VISITOR_SCRIPT_ID);
    expect(cartLabel(kept?.body.toString() ?? '')).toBe(says(0));
    // A guest without a basket gets the guests' own kept page, with no visitor written in.
    const plain = await t.app.inject({ method: 'GET', url });
    expect(cartLabel(plain.body)).toBe(says(0));
    expect(plain.body).not.toContain(VISITOR_SCRIPT_ID);
  });

  it('a key that names no basket (unknown, or not a key) shows an empty one', async () => {
    for (const key of ['A'.repeat(43), 'not-a-key', '']) {
      const res = await guestPage('/products', `${BASKET_COOKIE}=${key}`);
      expect(res.statusCode).toBe(200);
      expect(cartLabel(res.body)).toBe(says(0));
    }
  });

  it('with a toast waiting, gets a page rendered for them alone that takes the toast, with their count', async () => {
    const cookie = await basketOf(2);
    const kept = await guestPage('/products', cookie);
    const toast = encodeURIComponent(JSON.stringify({ id: 't1', type: 'success', message: 'تمت الإضافة' }));
    const alone = await guestPage('/products', `${cookie}; matjar_toast=${toast}`);
    expect(alone.statusCode).toBe(200);
    expect(alone.headers['cache-control']).toBe('no-store');
    expect(String(alone.headers['set-cookie'])).toContain('matjar_toast=;');
    expect(cartLabel(alone.body)).toBe(says(2));
    expect(alone.body).not.toContain(VISITOR_SCRIPT_ID);
    expect(policyNonce(alone.headers['content-security-policy'])).not.toBe(
      policyNonce(kept.headers['content-security-policy']),
    );
  });
});

/*
 * The next pages' data (`.data`, React Router's stream of values) of a customer or a guest holding
 * a basket: kept once for such visitors, each visitor's JSON written over the root data's slot.
 */
describe('a page’s data for a customer or a guest holding a basket', () => {
  const dataOf = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  /** The root data's `visitorJson` in a `.data` answer, parsed (undefined when the root is not in it). */
  const writtenVisitor = (body: string) => {
    const values = JSON.parse(body.split('\n', 1)[0] ?? '[]') as unknown[];
    const key = `_${values.indexOf('visitorJson')}`;
    const holder = values.find((value) => typeof value === 'object' && value !== null && key in value) as
      | Record<string, number>
      | undefined;
    const json = holder === undefined ? undefined : values[holder[key] ?? -1];
    return typeof json === 'string' ? JSON.parse(json) : undefined;
  };
  const policyNonce = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];

  it('writes each customer into the data kept for customers, never another, with their count as it changes', async () => {
    const [saraName, hudaName] = [unique('سارة'), unique('هدى')];
    const sara = await createAccount(t, 'user', saraName);
    const huda = await createAccount(t, 'user', hudaName);
    const [first, second] = products2;
    if (!first || !second) throw new Error('no product');
    expect((await send('POST', '/cart', { token: sara.token, payload: { productId: first.id } })).statusCode).toBe(200);
    expect((await send('POST', '/wishlist', { token: sara.token, payload: { productId: first.id } })).statusCode).toBe(
      200,
    );
    const url = '/products.data?page=1';
    const nonces = new Set<string | undefined>();
    const answerTo = async (account: Account) => {
      const res = await dataOf(url, `${SESSION_COOKIE}=${account.token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/x-script');
      expect(res.headers['cache-control']).toBe('no-store');
      nonces.add(policyNonce(res.headers['content-security-policy']));
      return writtenVisitor(res.body);
    };
    for (let round = 0; round < 2; round++) {
      const saraSees = await answerTo(sara);
      expect(saraSees.user.name).toBe(saraName);
      expect(saraSees).toMatchObject({ cartCount: 1, favoriteIds: [first.id] });
      const hudaSees = await answerTo(huda);
      expect(hudaSees.user.name).toBe(hudaName);
      expect(hudaSees).toMatchObject({ cartCount: 0, favoriteIds: [] });
    }
    // A line added: the same kept data, her new count written in.
    expect((await send('POST', '/cart', { token: sara.token, payload: { productId: second.id } })).statusCode).toBe(
      200,
    );
    expect((await answerTo(sara)).cartCount).toBe(2);
    expect(nonces.size).toBe(1);
    // What the process keeps names nobody: the slot, where each visitor goes.
    const kept = t.app.guestCache.get(`customer http://localhost:80${url}`, await t.app.catalogueVersion.current());
    const keptText = kept?.body.toString() ?? '';
    expect(keptText).toContain(VISITOR_DATA_SLOT);
    for (const name of [saraName, hudaName]) expect(keptText).not.toContain(name);
    // A guest's own data has no visitor written in.
    const guest = await t.app.inject({ method: 'GET', url });
    expect(guest.body).not.toContain(VISITOR_DATA_SLOT);
    expect(writtenVisitor(guest.body)).toBeUndefined();
  });

  it('writes a guest holding a basket in with their count; data without the root’s is the same for all', async () => {
    const one = `${BASKET_COOKIE}=${(await send('POST', '/basket', { payload: { productId: products2[0]?.id } })).json().basketKey}`;
    const empty = `${BASKET_COOKIE}=${'A'.repeat(43)}`;
    for (const [cookie, count] of [
      [one, 1],
      [empty, 0],
    ] as const) {
      const res = await dataOf('/products.data?page=1', cookie);
      expect(res.statusCode).toBe(200);
      expect(writtenVisitor(res.body)).toEqual({ user: null, cartCount: count, favoriteIds: [] });
    }
    // React Router leaves the root out when only the page's data must be loaded again.
    const pageOnly = '/products.data?page=1&_routes=routes%2Fproducts';
    const [forOne, forEmpty] = [await dataOf(pageOnly, one), await dataOf(pageOnly, empty)];
    expect(forOne.statusCode).toBe(200);
    expect(forOne.body).toBe(forEmpty.body);
    expect(forOne.body).not.toContain(VISITOR_DATA_SLOT);
    expect(policyNonce(forOne.headers['content-security-policy'])).toBe(
      policyNonce(forEmpty.headers['content-security-policy']),
    );
  });

  it('a product’s data: its reviewer gets theirs alone, with their review; the data kept for the others holds none', async () => {
    const [product] = products2;
    if (!product) throw new Error('no product');
    const reviewerName = unique('ريم');
    const reviewer = await createAccount(t, 'user', reviewerName);
    const other = await createAccount(t, 'user', unique('منى'));
    const reviewText = unique('قماش ممتاز');
    const review = await send('POST', `/products/${product.id}/reviews`, {
      token: reviewer.token,
      payload: { review: reviewText, rating: 5 },
    });
    expect(review.statusCode).toBe(201);
    const url = `/products/${product.id}.data`;
    for (let round = 0; round < 2; round++) {
      const theirs = await dataOf(url, `${SESSION_COOKIE}=${reviewer.token}`);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.body).toContain(reviewText);
      expect(theirs.headers['cache-control']).toBe('no-store');
      expect(writtenVisitor(theirs.body).user.name).toBe(reviewerName);
      const others = await dataOf(url, `${SESSION_COOKIE}=${other.token}`);
      expect(others.statusCode).toBe(200);
      // The review shows in the product's list for everyone; as their own (the form's place) to the reviewer alone.
      expect(writtenVisitor(others.body).user.name).not.toBe(reviewerName);
      expect(policyNonce(theirs.headers['content-security-policy'])).not.toBe(
        policyNonce(others.headers['content-security-policy']),
      );
    }
    // What is kept for customers is the others' render, marked for the reviewer's check.
    const kept = t.app.guestCache.get(`customer http://localhost:80${url}`, await t.app.catalogueVersion.current());
    expect(kept?.unlessReviewed).toBe(product.id);
    expect(kept?.headers.find(([name]) => name === 'cache-control')?.[1]).not.toContain('private');
  });

  it('a redirect of the data is rendered once and sent as it is: it holds nothing of the visitor', async () => {
    const customer = await createAccount(t, 'user', unique('سارة'));
    // Past the last page of a product's reviews: React Router's redirect to that last page.
    const url = `/products/${products2[1]?.id}.data?reviewsPage=999`;
    const guest = await t.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(202);
    signedInCalls = 0;
    const res = await dataOf(url, `${SESSION_COOKIE}=${customer.token}`);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe(guest.body);
    expect(res.headers['cache-control']).toBe('no-store');
    // One render: the product page asks once for the customer's own review.
    expect(signedInCalls).toBe(1);
  });

  it('with a toast waiting, gets data rendered for them alone, naming them, that takes the toast', async () => {
    const saraName = unique('سارة');
    const sara = await createAccount(t, 'user', saraName);
    const toast = encodeURIComponent(JSON.stringify({ id: 't2', type: 'success', message: 'تم الحفظ' }));
    const res = await dataOf('/products.data', `${SESSION_COOKIE}=${sara.token}; matjar_toast=${toast}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('matjar_toast=;');
    expect(res.body).not.toContain(VISITOR_DATA_SLOT);
    expect(res.body).toContain(saraName);
  });
});
