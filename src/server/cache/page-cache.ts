import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One rendered answer for guests: its bytes, its headers, and what it was made from. */
export type CachedPage = {
  status: number;
  /** Every header the page was rendered with, but cookies (a cached answer never sets one). */
  headers: [string, string][];
  body: Buffer;
  /** A weak validator of the body (the same page in br, gzip or plain: RFC 9110 § 8.8.1). */
  etag: string;
  /** A page's: the Content-Security-Policy nonce its inline scripts carry (docs/caching.md). */
  nonce?: string;
  /** The catalogue version it was rendered at, and when. */
  version: number;
  renderedAt: number;
  /** A page kept for customers: the product whose review by the visitor would change it. */
  unlessReviewed?: string;
  /** What is made once from it (its compressed bytes, its cut for customers), by name. */
  made: Map<string, Promise<unknown>>;
};

export type Encoding = 'br' | 'gzip';

/** The encodings a visitor accepts, by their Accept-Encoding; one listed with q=0 is refused (RFC 9110 § 12.5.3). */
export function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  return accepted;
}

export type PageCacheOptions = {
  /** The most bytes kept (bodies and their compressed forms); the least recently used go first. */
  maxBytes: number;
  /** A page older than this is rendered again even when the catalogue did not change. */
  maxAgeMs: number;
};

/** The encoding a visitor takes, by their Accept-Encoding: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * As the shop compresses what it does not keep (src/server/app.ts): about gzip's CPU, tighter. A
 * higher quality would pay off on pages asked for often, and cost most on URLs asked for once.
 */
const BROTLI_QUALITY = 4;

/** What an entry costs beyond its bytes and strings (its object, promises, the map's slot), roughly. */
const ENTRY_OVERHEAD_BYTES = 512;
/** A longer URL (made-up query parameters, most likely) is answered but not kept. */
export const MAX_KEY_LENGTH = 2048;

const weakEtagOf = (body: Buffer) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match names this validator (weak comparison, RFC 9110 § 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** A page as rendered, before the cache adds its validator and what is made of it. */
export type RenderedPage = Omit<CachedPage, 'etag' | 'made'>;

/** A rendered page in the form the cache keeps, also for one served once and not kept. */
export const keptForm = (page: RenderedPage): CachedPage => ({ ...page, etag: weakEtagOf(page.body), made: new Map() });

/**
 * Pages rendered for guests, and the API's catalogue reads, kept in this process's memory by URL
 * (docs/caching.md). An entry
 * serves while the catalogue's version is the one it was rendered at and it is younger than
 * maxAgeMs; the memory it takes is bounded, the least recently used going first.
 */
export function createPageCache({ maxBytes, maxAgeMs }: PageCacheOptions) {
  const entries = new Map<string, CachedPage & { bytes: number }>();
  let usedBytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    usedBytes -= entry.bytes;
  };
  const grow = (key: string, entry: CachedPage & { bytes: number }, bytes: number) => {
    // Only while it is still the entry of its key (not replaced or dropped meanwhile).
    if (entries.get(key) !== entry) return;
    entry.bytes += bytes;
    usedBytes += bytes;
    evict();
  };
  const evict = () => {
    for (const key of entries.keys()) {
      if (usedBytes <= maxBytes) break;
      drop(key);
    }
  };

  /**
   * What `make` makes of the page, made once and kept with it under `name`, its `sizeOf` counted
   * in the budget. A failure is forgotten, to be made again by the next visitor.
   */
  const made = <T>(
    key: string,
    page: CachedPage,
    name: string,
    make: () => Promise<T>,
    sizeOf: (made: T) => number,
  ) => {
    const known = page.made.get(name) as Promise<T> | undefined;
    if (known) return known;
    const pending = make();
    page.made.set(name, pending);
    void pending.then(
      (value) => grow(key, page as CachedPage & { bytes: number }, sizeOf(value)),
      () => page.made.delete(name),
    );
    return pending;
  };

  return {
    /** The page kept for `key` if it is still good at `version`; marks it recently used. */
    get(key: string, version: number): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || Date.now() - entry.renderedAt >= maxAgeMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    /**
     * Keeps a page just rendered. Its key, headers and bookkeeping count with its body, so many
     * tiny answers under made-up URLs cannot outgrow the budget; a URL longer than MAX_KEY_LENGTH,
     * or a page larger than the whole budget, is not kept.
     */
    set(key: string, page: RenderedPage): CachedPage {
      const headerBytes = page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      const bytes = page.body.length + 2 * (key.length + headerBytes) + ENTRY_OVERHEAD_BYTES;
      const entry = { ...keptForm(page), bytes };
      drop(key);
      if (key.length > MAX_KEY_LENGTH || entry.bytes > maxBytes) return entry;
      entries.set(key, entry);
      usedBytes += entry.bytes;
      evict();
      return entry;
    },

    made,

    /** The page's body in `encoding`, compressed once and kept with it. */
    encoded(key: string, page: CachedPage, encoding: Encoding): Promise<Buffer> {
      return made(
        key,
        page,
        encoding,
        () =>
          encoding === 'br'
            ? brotli(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
            : gzipAsync(page.body),
        (bytes) => bytes.length,
      );
    },

    /** How many pages and bytes are kept (for tests and the readiness of memory). */
    size: () => ({ pages: entries.size, bytes: usedBytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Guests' pages and catalogue reads this process keeps (docs/caching.md). */
    guestCache: PageCache;
  }
}
