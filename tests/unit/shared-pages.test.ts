import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { VISITOR_DATA_SLOT, VISITOR_SCRIPT_ID, visitorDataSlot } from '../../src/contract/constants.js';
import type { PageVisitor } from '../../src/contract/transport.js';
import { createPageCache } from '../../src/server/cache/page-cache.js';
import {
  cutData,
  cutPage,
  dataFragment,
  fragmentsFor,
  gzipWith,
  headFor,
  pageWriter,
  plainWith,
  sendToVisitor,
} from '../../src/server/cache/shared-pages.js';

/*
 * A customer's kept page is cut before `</head>` and around the header's slots, its pieces
 * deflated once; each visitor's answer is those pieces with theirs between (docs/caching.md §
 * Customers' pages). Decompressed, it must be exactly the page with their parts written in.
 */

const page = (filler: string) =>
  Buffer.from(
    `<!DOCTYPE html><html lang="ar"><head><title>متجر</title><style>${filler}</style></head><body><nav>` +
      '<matjar-slot data-slot="account"><a href="/login">تسجيل الدخول</a></matjar-slot>' +
      `<a href="/cart"><matjar-slot data-slot="cart-count"><span>0</span></matjar-slot></a></nav><main>${filler}</main></body></html>`,
  );

const visitor = (name: string, favoriteIds: string[] = []): PageVisitor => ({
  user: {
    _id: 'u1',
    id: 'u1',
    name,
    email: 'sara@example.com',
    phone: '+966551234567',
    role: 'user',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  cartCount: 2,
  favoriteIds,
});

const slots = { account: '<button>سارة</button>', 'cart-count': '<span>2</span>' };
const SLOT_NAMES = Object.keys(slots);

describe('a customer’s kept page', () => {
  it('is the page with their head and slots written in, as one gzip stream of the pre-deflated pieces', async () => {
    // Random text, so the pieces do not compress to nothing and the stored fragments sit between real blocks.
    const body = page(randomBytes(40_000).toString('base64'));
    const cut = await cutPage(body, SLOT_NAMES);
    if (!cut) throw new Error('no cut');
    expect(cut.cuts).toEqual([
      { kind: 'head' },
      { kind: 'slot', name: 'account' },
      { kind: 'slot', name: 'cart-count' },
    ]);
    const fragments = fragmentsFor(cut, headFor(visitor('سارة'), 'n0nce'), slots);
    const plain = plainWith(cut, fragments).toString();
    expect(gunzipSync(gzipWith(cut, fragments)).toString()).toBe(plain);
    expect(plain).toContain(`</style><script type="application/json" id="${VISITOR_SCRIPT_ID}">`);
    expect(plain).toContain('<matjar-slot data-slot="account"><button>سارة</button></matjar-slot>');
    expect(plain).toContain('<matjar-slot data-slot="cart-count"><span>2</span></matjar-slot>');
    expect(plain).not.toContain('تسجيل الدخول');
  });

  it('stores a fragment longer than one stored block (64 KiB) in several', async () => {
    const cut = await cutPage(page('x'), SLOT_NAMES);
    if (!cut) throw new Error('no cut');
    const long = { ...slots, account: `<button>${'ب'.repeat(70_000)}</button>` };
    const fragments = fragmentsFor(cut, headFor(visitor('سارة'), 'n0nce'), long);
    expect(gunzipSync(gzipWith(cut, fragments)).toString()).toBe(plainWith(cut, fragments).toString());
  });

  it('writes a name that tries to end the script as text, never as markup', () => {
    const head = headFor(visitor('</script><script>alert(1)</script>&\u2028'), 'n0nce');
    const json = head.slice(head.indexOf('>') + 1, head.indexOf('</script>'));
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json).user.name).toBe('</script><script>alert(1)</script>&\u2028');
  });

  it('colours only the visitor’s favourites, by ids of the shape products have, under the page’s nonce', () => {
    const head = headFor(visitor('سارة', ['2b0c…', 'a1b2-c3"]{}x', 'e9157c80-4af3-4a1a-b6b9-546b4f9ff4d1']), 'n0nce');
    expect(head).toContain('<style nonce="n0nce">');
    expect(head).toContain('[data-favorite="e9157c80-4af3-4a1a-b6b9-546b4f9ff4d1"]');
    expect(head).not.toContain('[data-favorite="a1b2');
    expect(headFor(visitor('هدى'), 'n0nce')).not.toContain('<style');
  });

  it('refuses a slot the web build does not draw, rather than leave the first customer’s in', async () => {
    const cut = await cutPage(page('x'), SLOT_NAMES);
    if (!cut) throw new Error('no cut');
    expect(() => fragmentsFor(cut, '', { account: '<b></b>' })).toThrow(/cart-count/);
  });

  it('is not cut when its slots are not exactly those the web build names, each once (markup changed): the visitor gets a page of their own', async () => {
    expect(await cutPage(page('x'), ['account'])).toBeUndefined();
    expect(await cutPage(page('x'), ['cart-count'], ['account', 'greeting'])).toBeUndefined();
    expect(await cutPage(page('x'), [...SLOT_NAMES, 'greeting'])).toBeUndefined();
    const twice = Buffer.from(
      page('x').toString().replace('<main>', '<main><matjar-slot data-slot="account"></matjar-slot>'),
    );
    expect(await cutPage(twice, SLOT_NAMES)).toBeUndefined();
    const renamed = Buffer.from(page('x').toString().replace('data-slot="account"', 'data-slot="acount"'));
    expect(await cutPage(renamed, SLOT_NAMES)).toBeUndefined();
  });

  it('for a guest holding a basket, writes in their cart count and leaves the sign-in link every guest sees', async () => {
    const cut = await cutPage(page('x'), ['cart-count'], ['account']);
    if (!cut) throw new Error('no cut');
    expect(cut.cuts).toEqual([{ kind: 'head' }, { kind: 'slot', name: 'cart-count' }]);
    const guest = { user: null, cartCount: 3, favoriteIds: [] };
    const head = headFor(guest, 'n0nce');
    expect(head).not.toContain('<style');
    const fragments = fragmentsFor(cut, head, { account: null, 'cart-count': '<span>3</span>' });
    const plain = plainWith(cut, fragments).toString();
    expect(gunzipSync(gzipWith(cut, fragments)).toString()).toBe(plain);
    expect(plain).toContain('<matjar-slot data-slot="account"><a href="/login">تسجيل الدخول</a></matjar-slot>');
    expect(plain).toContain('<matjar-slot data-slot="cart-count"><span>3</span></matjar-slot>');
    const json = plain.slice(
      plain.indexOf(`id="${VISITOR_SCRIPT_ID}">`) + VISITOR_SCRIPT_ID.length + 6,
      plain.indexOf('</script>'),
    );
    expect(JSON.parse(json)).toEqual(guest);
  });

  it('leaves an answer without a head uncut', async () => {
    expect(await cutPage(Buffer.from('{"data":[]}'), SLOT_NAMES)).toBeUndefined();
  });
});

/*
 * The next pages' data (`.data`): React Router's stream of values, one JSON string a value, kept
 * with the root data's slot (ending with the render's nonce) in place of the visitor; each
 * visitor's JSON goes over it.
 */
describe('a kept page’s data', () => {
  const NONCE = 'n0nce';
  // As React Router writes it: the root's data with its slot, then the page's, whose text may be anything.
  const answer = (text: string) =>
    Buffer.from(
      `[{"_1":2,"_3":4},"root",{"_5":6},"routes/products",{"_5":7},"data",{"_8":9},{"_10":11},"visitorJson",${JSON.stringify(visitorDataSlot(NONCE))},"title",${JSON.stringify(text)}]\n`,
    );

  it('is the answer with the visitor’s JSON, as a JSON string, over the root data’s slot', async () => {
    const sara = { ...visitor('سارة "</script>\u2028', ['p1']), cartCount: 5 };
    const cut = await cutData(answer(randomBytes(30_000).toString('base64')), '/products.data?page=2', NONCE);
    if (!cut) throw new Error('no cut');
    expect(cut.cuts).toEqual([{ kind: 'data' }]);
    const fragments = cut.cuts.map(() => dataFragment(sara));
    const [values] = JSON.parse(`[${plainWith(cut, fragments).toString().trim()}]`) as [string[]];
    expect(JSON.parse(values[9] ?? '')).toEqual(sara);
    expect(JSON.parse(gunzipSync(gzipWith(cut, fragments)).toString())).toEqual(values);
  });

  it('reads `_routes` as React Router does: the root is left out only when it names other routes alone', async () => {
    const body = answer('x');
    const pageOnly = await cutData(body, '/products.data?page=2&_routes=routes%2Fproducts', NONCE);
    expect(pageOnly?.cuts).toEqual([]);
    if (!pageOnly) throw new Error('no cut');
    expect(gunzipSync(gzipWith(pageOnly, [])).equals(body)).toBe(true);
    for (const url of [
      '/products.data?_routes=root%2Croutes%2Fproducts',
      '/products.data?_routes=%72oot',
      '/products.data?_routes=',
      '/products.data?page=2?_routes=routes%2Fproducts',
    ]) {
      expect((await cutData(body, url, NONCE))?.cuts, url).toEqual([{ kind: 'data' }]);
    }
  });

  it('holds a slot no text of the shop can be: a title that is the slot’s words is the title', async () => {
    const sara = visitor('سارة');
    for (const title of [VISITOR_DATA_SLOT, visitorDataSlot('another'), `"${VISITOR_DATA_SLOT}`]) {
      const cut = await cutData(answer(title), '/products.data', NONCE);
      if (!cut) throw new Error(`no cut with the title ${title}`);
      const [values] = JSON.parse(
        `[${plainWith(cut, [dataFragment(sara)])
          .toString()
          .trim()}]`,
      ) as [string[]];
      expect(values[11]).toBe(title);
      expect(JSON.parse(values[9] ?? '')).toEqual(sara);
    }
  });

  it('is refused when the root’s data is asked for and its slot is not there exactly once', async () => {
    expect(await cutData(Buffer.from('[{"_1":2},"redirect","/login"]\n'), '/cart.data', NONCE)).toBeUndefined();
    expect(await cutData(answer('x'), '/products.data', 'another')).toBeUndefined();
    const twice = Buffer.concat([answer('x'), answer('y')]);
    expect(await cutData(twice, '/products.data', NONCE)).toBeUndefined();
  });
});

describe('answering a customer through Fastify', () => {
  // Fastify's reply is a thenable: returned from an async function, its promise resolved to
  // undefined once the answer had gone, and every customer's page was then rendered again.
  it('says it answered (true) or sent nothing (false), and the answer is the written-in page', async () => {
    const app = Fastify();
    const cache = createPageCache({ maxBytes: 10_000_000, maxAgeMs: 60_000 });
    const outcomes: boolean[] = [];
    app.get('/:kind', async (request, reply) => {
      const body = (request.params as { kind: string }).kind === 'cut' ? page('x') : Buffer.from('<html></html>');
      const kept = cache.set(request.url, {
        status: 200,
        headers: [],
        body,
        version: 1,
        renderedAt: Date.now(),
      });
      const sent = await sendToVisitor(
        request,
        reply,
        kept,
        pageWriter(visitor('سارة'), () => slots),
        {
          cache,
          key: request.url,
          policy: {},
        },
      );
      outcomes.push(sent);
      return sent ? reply : reply.code(500).send('rendered again');
    });
    const answered = await app.inject({ method: 'GET', url: '/cut' });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('<button>سارة</button>');
    const uncut = await app.inject({ method: 'GET', url: '/whole' });
    expect(uncut.body).toBe('rendered again');
    expect(outcomes).toEqual([true, false]);
    await app.close();
  });
});
