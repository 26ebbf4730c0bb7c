import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_SCRIPT_ID, visitorDataSlot } from '../../contract/constants.js';
import { cookieValue } from '../../contract/cookies.js';
import type { PageVisitor, ShownVisitor } from '../../contract/transport.js';
import { BASKET_COOKIE, SESSION_COOKIE, UNLESS_REVIEWED_HEADER } from '../../contract/web.js';
import { noStore } from '../http/no-store.js';
import { withVary } from '../http/vary.js';
import { SHOP_COOKIE_PREFIX } from './guest-reads.js';
import { acceptedEncodings, type CachedPage, type PageCache } from './page-cache.js';

/*
 * Customers' pages (docs/caching.md § Customers' pages). A catalogue page a customer opens is
 * rendered once per catalogue version and kept for every customer: its data names nobody, and
 * each visitor is written into the kept bytes as it is served, in three places only:
 * - before `</head>`: the visitor as JSON (the browser's header and hearts read it,
 *   src/web/lib/shown-visitor.ts) and a style colouring their favourites' hearts until React runs;
 * - the header's slots (`<matjar-slot data-slot="…">`): their account button and cart count, drawn
 *   by the same components as a full render (the web build's `personalSlots`).
 * A guest holding a basket is served the same way from a page kept for such guests, with only
 * their cart count written in (their account slot is the sign-in link every guest sees).
 * A page's data as React Router asks for it on the next visits (`.data`) is kept the same way,
 * with the visitor's JSON written over the root data's `visitorJson` (VISITOR_DATA_SLOT).
 * The rest is compressed once, in pieces that end on a byte boundary, so a visitor's answer is
 * those pieces with theirs between, in one gzip stream (RFC 1951 § 3.2.4, RFC 1952).
 */

/**
 * The web build's drawing of a visitor's slots (src/web/entry.server.tsx), by slot name: every
 * slot of the layout, null for one that stays as the page was rendered (a guest's sign-in link).
 */
export type SlotRenderer = (visitor: ShownVisitor) => Record<string, string | null>;

/**
 * The customer a page kept for customers is rendered for: signed in, with no name, cart or
 * favourites. So the kept bytes name nobody even where the visitor is not written in.
 */
export const NOBODY: PageVisitor = {
  user: { _id: '', id: '', name: '', email: '', phone: '', role: 'user', createdAt: '', updatedAt: '' },
  cartCount: 0,
  favoriteIds: [],
};

/** The guest a page kept for guests holding a basket is rendered for: with nothing in it. */
export const NOBODY_GUEST: ShownVisitor = { user: null, cartCount: 0, favoriteIds: [] };

/** Whose page a kept page is written in for: a customer's (their session) or a guest's (their basket). */
export type SharedPageHolder = 'customer' | 'basket';

const SLOT_OPEN = /<matjar-slot data-slot="([a-z-]+)">/g;
const SLOT_CLOSE = '</matjar-slot>';
const HEAD_END = '</head>';

/** Where the visitor goes between two pieces of a kept page. */
type PagePlace = { kind: 'head' } | { kind: 'slot'; name: string };
/** Where the visitor goes in a page's kept data: the root data's slot. */
type DataPlace = { kind: 'data' };

/**
 * A kept answer cut for its visitors: the visitor's part at `cuts[i]` goes after `pieces[i]`, each
 * piece also deflated on its own.
 */
export type CutPage<Place = PagePlace> = { pieces: Buffer[]; cuts: Place[]; deflated: Buffer[] };

const deflatePiece = promisify(deflateRaw);

/**
 * Whose page, or page's data, a GET could be written into a kept answer for: the visitor's only
 * shop cookie is their session or their basket. None for any other: a toast waiting, or both
 * cookies, makes the answer theirs alone.
 */
export function sharedPageHolder(request: FastifyRequest): SharedPageHolder | undefined {
  if (request.method !== 'GET' || request.headers.authorization !== undefined) return undefined;
  const shopCookies = (request.headers.cookie ?? '')
    .split(';')
    .map((cookie) => cookie.trim().split('=', 1)[0] ?? '')
    .filter((name) => name.startsWith(SHOP_COOKIE_PREFIX));
  if (shopCookies.length !== 1) return undefined;
  if (cookieValue(request.headers.cookie, SESSION_COOKIE) !== undefined) return 'customer';
  return cookieValue(request.headers.cookie, BASKET_COOKIE) !== undefined ? 'basket' : undefined;
}

/**
 * The page cut where its visitors differ: before `</head>` and inside each of `slotNames`, each
 * once; the slots `asRendered` stay as they are, each once too. None for a page that is not cut
 * so (not a page of the layout, or markup that changed: a slot missing, twice, or unknown).
 */
export async function cutPage(
  body: Buffer,
  slotNames: readonly string[],
  asRendered: readonly string[] = [],
): Promise<CutPage<PagePlace> | undefined> {
  // One byte a character: offsets found in the text are offsets in the bytes.
  const html = body.toString('latin1');
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const pieces = [body.subarray(0, headEnd)];
  const cuts: PagePlace[] = [{ kind: 'head' }];
  let from = headEnd;
  SLOT_OPEN.lastIndex = headEnd;
  const kept: string[] = [];
  for (let open = SLOT_OPEN.exec(html); open; open = SLOT_OPEN.exec(html)) {
    const name = open[1] ?? '';
    if (asRendered.includes(name)) {
      kept.push(name);
      continue;
    }
    const inside = open.index + open[0].length;
    const close = html.indexOf(SLOT_CLOSE, inside);
    if (close < 0) return undefined;
    pieces.push(body.subarray(from, inside));
    cuts.push({ kind: 'slot', name: open[1] ?? '' });
    from = close;
    SLOT_OPEN.lastIndex = close;
  }
  pieces.push(body.subarray(from));
  const found = cuts.flatMap((cut) => (cut.kind === 'slot' ? [cut.name] : []));
  const exactly = (names: readonly string[], wanted: readonly string[]) =>
    names.length === wanted.length && wanted.every((name) => names.includes(name));
  if (!exactly(found, slotNames) || !exactly(kept, asRendered)) return undefined;
  return { pieces, cuts, deflated: await deflatePieces(pieces) };
}

/** Each piece deflated on its own: a sync flush ends it on a byte boundary with no reference beyond it. */
const deflatePieces = (pieces: Buffer[]) =>
  Promise.all(pieces.map((piece) => deflatePiece(piece, { finishFlush: constants.Z_SYNC_FLUSH })));

/** The type React Router gives a page's data (`.data`). */
export const DATA_CONTENT_TYPE = 'text/x-script';

/** A request's URL, read as React Router reads it (the host does not matter). */
const urlOf = (url: string) => new URL(url, 'http://matjar.invalid');

/** Whether a GET asks for a page's data (React Router's `.data`) rather than the page. */
export const isDataRequest = (request: FastifyRequest) => urlOf(request.url).pathname.endsWith('.data');

/**
 * React Router's status for a `.data` answer that redirects: it holds the redirect alone, nothing
 * of the visitor, and is sent as rendered.
 */
export const DATA_REDIRECT_STATUS = 202;

/**
 * A page's `.data` answer, rendered with `nonce`, cut where its visitor goes: at the root data's
 * slot, found once. The root's data is asked for unless `_routes` (the routes React Router wants,
 * all of them when it is missing or empty) leaves it out; then the root's visitor is not in the
 * answer and it is one piece. None for an answer that asks for the root and does not hold its slot
 * exactly once (the root's loader failed, or the data changed shape).
 */
export async function cutData(body: Buffer, url: string, nonce: string): Promise<CutPage<DataPlace> | undefined> {
  const routes = urlOf(url).searchParams.get('_routes');
  const pieces: Buffer[] = [];
  const cuts: DataPlace[] = [];
  if (!routes || routes.split(',').includes('root')) {
    const slot = Buffer.from(JSON.stringify(visitorDataSlot(nonce)));
    const at = body.indexOf(slot);
    if (at < 0 || body.indexOf(slot, at + 1) >= 0) return undefined;
    pieces.push(body.subarray(0, at));
    cuts.push({ kind: 'data' });
    pieces.push(body.subarray(at + slot.length));
  } else {
    pieces.push(body);
  }
  return { pieces, cuts, deflated: await deflatePieces(pieces) };
}

/** The visitor as the root data's `visitorJson` takes them: their JSON, as a JSON string. */
export const dataFragment = (visitor: ShownVisitor) => Buffer.from(JSON.stringify(JSON.stringify(visitor)));

/** `<`, `>`, `&` and the line separators escaped: a name cannot end the script it is written in. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A product id as the hearts' `data-favorite` carries it; anything else is left out of the style. */
const SAFE_ID = /^[\w-]+$/;

/** What goes before `</head>` for this visitor: their JSON, and the style of their hearts until React runs. */
export function headFor(visitor: ShownVisitor, nonce: string | undefined): string {
  const json = `<script type="application/json" id="${VISITOR_SCRIPT_ID}">${scriptSafeJson(visitor)}</script>`;
  const ids = visitor.favoriteIds.filter((id) => SAFE_ID.test(id));
  if (ids.length === 0 || !nonce) return json;
  const filled = '{fill:var(--color-red-600);color:var(--color-red-600)}';
  const hearts = (selector: (id: string) => string) => `${ids.map(selector).join(',')}${filled}`;
  // A heart React does not own yet: its hidden `js` field comes with React (components/favorite-
  // button.tsx), and hearts in a part below the fold (lib/below-the-fold.tsx) are taken over when
  // its code comes, as it nears the viewport. A browser without :has() drops that rule and keeps the second: until React runs.
  return `${json}<style nonce="${nonce}">${hearts((id) => `[data-favorite="${id}"]:not(:has(input[name="js"])) svg`)}${hearts((id) => `html:not([data-hydrated]) [data-favorite="${id}"] svg`)}</style>`;
}

/** The visitor's part at each cut of a page, in order; an error for a slot the web build does not draw. */
export function fragmentsFor(cut: CutPage, head: string, slots: Record<string, string | null>): Buffer[] {
  return cut.cuts.map((place) => {
    if (place.kind === 'head') return Buffer.from(head);
    const html = slots[place.name];
    if (html === undefined || html === null) throw new Error(`no drawing for the page's slot ${place.name}`);
    return Buffer.from(html);
  });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block (fixed Huffman codes): the end of the deflate stream. */
const LAST_BLOCK = Buffer.from([3, 0]);
const STORED_MAX = 0xffff;

/** Bytes as deflate's stored blocks, not the last: no compression, no reference. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const part = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(header, part);
  }
  return blocks;
}

/** The page with the visitor's fragments, as one gzip stream: the pieces' deflate, theirs stored. */
export function gzipWith(cut: CutPage<unknown>, fragments: Buffer[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  cut.pieces.forEach((piece, index) => {
    out.push(cut.deflated[index] as Buffer);
    crc = crc32(piece, crc);
    size += piece.length;
    const fragment = fragments[index];
    if (!fragment) return;
    out.push(...storedBlocks(fragment));
    crc = crc32(fragment, crc);
    size += fragment.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(LAST_BLOCK, trailer);
  return Buffer.concat(out);
}

/** The page with the visitor's fragments, uncompressed. */
export function plainWith(cut: CutPage<unknown>, fragments: Buffer[]): Buffer {
  return Buffer.concat(cut.pieces.flatMap((piece, index) => [piece, fragments[index] ?? Buffer.alloc(0)]));
}

/** Headers a visitor's answer does not take from the kept page. */
const NOT_SENT = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'content-security-policy',
  UNLESS_REVIEWED_HEADER,
]);

/** How an answer kept for visitors like this one is cut, and this visitor's part at each cut. */
export type VisitorWriter<Place> = {
  cut: (page: CachedPage) => Promise<CutPage<Place> | undefined>;
  fragments: (cut: CutPage<Place>, page: CachedPage) => Buffer[];
};

/** A page: cut before `</head>` and at its header's slots, where go the visitor's JSON, style and slots. */
export function pageWriter(visitor: ShownVisitor, slots: SlotRenderer): VisitorWriter<PagePlace> {
  const drawn = slots(visitor);
  const names = (isDrawn: boolean) => Object.keys(drawn).filter((name) => (drawn[name] !== null) === isDrawn);
  return {
    cut: (page) => cutPage(page.body, names(true), names(false)),
    fragments: (cut, page) => fragmentsFor(cut, headFor(visitor, page.nonce), drawn),
  };
}

/** A page's `.data` answer to `url`: cut at the root data's slot, where goes the visitor's JSON. */
export function dataWriter(visitor: ShownVisitor, url: string): VisitorWriter<DataPlace> {
  return {
    cut: (page) => cutData(page.body, url, page.nonce ?? ''),
    fragments: (cut) => cut.cuts.map(() => dataFragment(visitor)),
  };
}

/**
 * Answers a visitor with a page, or a page's data, rendered for visitors like them (`cache` and
 * `key` when it is kept, so its cut is made once), written in by `writer`: no-store, the page's
 * own nonce in its policy, gzip when they take it. Whether it answered: false, having sent
 * nothing, when the answer cannot be cut where its visitors differ. (A boolean, not the reply:
 * Fastify's reply is a thenable, which an async function's promise would wait on and resolve to
 * undefined once the answer had gone.)
 */
export async function sendToVisitor<Place>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  writer: VisitorWriter<Place>,
  options: { cache: PageCache; key: string | undefined; policy: Record<string, string> },
): Promise<boolean> {
  const cutOnce = () => writer.cut(page);
  const sizeOf = (cut: CutPage<Place> | undefined) => cut?.deflated.reduce((sum, piece) => sum + piece.length, 0) ?? 0;
  const cut = await (options.key ? options.cache.made(options.key, page, 'cut', cutOnce, sizeOf) : cutOnce());
  if (!cut) return false;
  const fragments = writer.fragments(cut, page);
  for (const [name, value] of page.headers) {
    if (!NOT_SENT.has(name)) reply.header(name, value);
  }
  reply.headers(options.policy);
  noStore(reply);
  withVary(reply, 'accept-encoding');
  reply.code(page.status);
  if (acceptedEncodings(request.headers['accept-encoding']).has('gzip')) {
    reply.header('content-encoding', 'gzip');
    reply.send(gzipWith(cut, fragments));
  } else {
    reply.send(plainWith(cut, fragments));
  }
  return true;
}
