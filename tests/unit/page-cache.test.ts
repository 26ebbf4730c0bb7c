import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseEncoding, createPageCache, MAX_KEY_LENGTH, matchesEtag } from '../../src/server/cache/page-cache.js';

/* The memory kept for guests' pages (docs/caching.md): bounded, by version and age. */

const page = (text: string, version = 1) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(text),
  nonce: 'n',
  version,
  renderedAt: Date.now(),
});

/** What a page of `text` under `key` counts against the budget: its body, its strings, its bookkeeping. */
const cost = (key: string, text: string) =>
  Buffer.byteLength(text) + 2 * (key.length + 'content-type'.length + 'text/html'.length) + 512;

afterEach(() => {
  vi.useRealTimers();
});

describe('createPageCache', () => {
  it('serves a page at its version only, and not past its age', () => {
    vi.useFakeTimers();
    const cache = createPageCache({ maxBytes: 10_000, maxAgeMs: 30_000 });
    cache.set('/a', page('a', 7));
    expect(cache.get('/a', 8)).toBeUndefined();
    // The stale entry went with the miss.
    expect(cache.size()).toEqual({ pages: 0, bytes: 0 });
    cache.set('/a', page('a', 8));
    vi.advanceTimersByTime(29_999);
    expect(cache.get('/a', 8)?.body.toString()).toBe('a');
    vi.advanceTimersByTime(1);
    expect(cache.get('/a', 8)).toBeUndefined();
  });

  it('keeps within its bytes, the least recently used going first; a page larger than all is not kept', () => {
    const cache = createPageCache({ maxBytes: 2 * cost('/a', 'aaaa') + 10, maxAgeMs: 60_000 });
    cache.set('/a', page('aaaa'));
    cache.set('/b', page('bbbb'));
    expect(cache.get('/a', 1)).toBeDefined();
    cache.set('/c', page('cccc'));
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(cache.get('/a', 1)).toBeDefined();
    expect(cache.get('/c', 1)).toBeDefined();
    expect(cache.size()).toEqual({ pages: 2, bytes: 2 * cost('/a', 'aaaa') });
    cache.set('/huge', page('x'.repeat(3 * cost('/a', 'aaaa'))));
    expect(cache.get('/huge', 1)).toBeUndefined();
    expect(cache.size()).toEqual({ pages: 2, bytes: 2 * cost('/a', 'aaaa') });
  });

  it('counts the URL and the bookkeeping too: tiny answers under made-up URLs stay within the budget', () => {
    const maxBytes = 100_000;
    const cache = createPageCache({ maxBytes, maxAgeMs: 60_000 });
    const padding = 'p'.repeat(1500);
    for (let i = 0; i < 1000; i++) cache.set(`/api/v1/categories?page=${i}&pad=${padding}`, page('{}'));
    expect(cache.size().bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.size().pages).toBeLessThan(40);
  });

  it('does not keep an answer whose URL is longer than MAX_KEY_LENGTH', () => {
    const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const key = `/products?q=${'x'.repeat(MAX_KEY_LENGTH)}`;
    expect(cache.set(key, page('kept?')).etag).toMatch(/^W\//);
    expect(cache.get(key, 1)).toBeUndefined();
    expect(cache.size()).toEqual({ pages: 0, bytes: 0 });
  });

  it('a page set again replaces the old one and its bytes', () => {
    const cache = createPageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    cache.set('/a', page('old page'));
    cache.set('/a', page('new'));
    expect(cache.size()).toEqual({ pages: 1, bytes: cost('/a', 'new') });
    expect(cache.get('/a', 1)?.body.toString()).toBe('new');
  });

  it('compresses a page once per encoding and counts those bytes too', async () => {
    const cache = createPageCache({ maxBytes: 100_000, maxAgeMs: 60_000 });
    const kept = cache.set('/a', page('صفحة '.repeat(200)));
    const first = cache.encoded('/a', kept, 'br');
    expect(cache.encoded('/a', kept, 'br')).toBe(first);
    const bytes = (await first).length;
    await Promise.resolve();
    expect(cache.size().bytes).toBe(cost('/a', kept.body.toString()) + bytes);
  });

  it('the weak validator follows the bytes', () => {
    const cache = createPageCache({ maxBytes: 10_000, maxAgeMs: 60_000 });
    const one = cache.set('/a', page('one'));
    const same = cache.set('/b', page('one'));
    const other = cache.set('/c', page('two'));
    expect(one.etag).toBe(same.etag);
    expect(one.etag).not.toBe(other.etag);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['W/"abd"', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
