import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from '../../src/web/lib/script-priority.server.js';

const page =
  '<html><head><link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework-b.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/>' +
  '</head><body><h1>متجر — منتجات</h1><script type="module" async>import("/assets/entry.client-a.js");</script></body></html>';
const expected = page.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');

/** The page through the rewrite, as React streams it: in pieces cut where `cuts` say (byte offsets). */
async function streamed(html: string, cuts: readonly number[]): Promise<string> {
  const bytes = Buffer.from(html, 'utf8');
  const pieces = [0, ...cuts, bytes.length]
    .slice(1)
    .map((end, index, ends) => bytes.subarray(ends[index - 1] ?? 0, end));
  return text(Readable.from(pieces).pipe(lowPriorityModulePreloads()));
}

describe('module preloads go out at low priority (lib/script-priority.server.ts)', () => {
  it('marks every modulepreload link, and nothing else', async () => {
    expect(await streamed(page, [])).toBe(expected);
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(expected).toContain('<link rel="preload" as="font"');
  });

  it('whatever byte the stream is cut at, tags and Arabic letters included', async () => {
    const length = Buffer.byteLength(page);
    for (let cut = 1; cut < length; cut++) expect(await streamed(page, [cut])).toBe(expected);
    expect(
      await streamed(
        page,
        Array.from({ length: length - 1 }, (_, index) => index + 1),
      ),
    ).toBe(expected);
  });
});
