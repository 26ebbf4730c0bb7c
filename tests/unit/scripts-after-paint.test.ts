import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from '../../src/web/lib/scripts-after-paint.server.js';

const moduleCode = 'import * as route0 from "/assets/root-c.js";\nimport("/assets/entry.client-a.js");';
const page =
  '<html><head><link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework-b.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/>' +
  '</head><body><h1>متجر — منتجات</h1><script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${moduleCode}</script>` +
  '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>';

/** The page through the rewrite, as React streams it: in pieces cut where `cuts` say (byte offsets). */
async function streamed(html: string, cuts: readonly number[]): Promise<string> {
  const bytes = Buffer.from(html, 'utf8');
  const pieces = [0, ...cuts, bytes.length]
    .slice(1)
    .map((end, index, ends) => bytes.subarray(ends[index - 1] ?? 0, end));
  return text(Readable.from(pieces).pipe(scriptsAfterFirstPaint()));
}

describe('scripts start after the first paint (lib/scripts-after-paint.server.ts)', () => {
  it('drops the module preloads, holds the module script and starts it from a script of its own', async () => {
    const out = await streamed(page, []);
    expect(out).not.toContain('modulepreload" href');
    expect(out).toContain('<link rel="preload" as="font" href="/f.woff2"/>');
    expect(out).not.toContain('type="module"');
    expect(out).toContain(`<script nonce="n" type="matjar/after-first-paint">${moduleCode}</script><script nonce="n">`);
    expect(out).toContain('(["/assets/entry.client-a.js","/assets/framework-b.js"]);</script><script nonce="n">window');
    expect(out).toContain("'first-contentful-paint'");
    // Everything else goes out as it came.
    expect(out).toContain('<h1>متجر — منتجات</h1>');
    expect(out.endsWith('streamController.close();</script></body></html>')).toBe(true);
  });

  it('a page without React Router’s scripts goes out unchanged', async () => {
    const plain = '<html><body><p>لا توجد صفحة</p><script nonce="n">x()</script></body></html>';
    expect(await streamed(plain, [])).toBe(plain);
  });

  it('whatever byte the stream is cut at, tags and Arabic letters included', async () => {
    const expected = await streamed(page, []);
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

/** The starter script of a rewritten page, run against a page of the smallest shape it reads. */
function runStarter(out: string, paint: 'observed' | 'throws' | 'already' | 'none') {
  const starter = /<script nonce="n">(\(function \(modules\)[\s\S]*?)<\/script>/.exec(out)?.[1] ?? '';
  const appended: { rel?: string; href?: string }[] = [];
  const timers: (() => void)[] = [];
  let replacedWith: { type?: string; nonce?: string; textContent?: string } | undefined;
  const held = {
    type: 'matjar/after-first-paint',
    nonce: 'n',
    textContent: moduleCode,
    replaceWith: (script: typeof replacedWith) => {
      replacedWith = script;
    },
  };
  let observerCallback: ((list: unknown, self: unknown) => void) | undefined;
  const firstPaint = { getEntriesByName: () => [{ name: 'first-contentful-paint' }] };
  const noPaint = { getEntriesByName: () => [] };
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (list: unknown, self: unknown) => void) {
      observerCallback = callback;
    }
    observe() {
      if (paint === 'throws') throw new TypeError('type is not a known option');
    }
    disconnect() {}
  }
  runInNewContext(starter, {
    document: {
      currentScript: { previousElementSibling: held },
      createElement: () => ({}),
      head: { appendChild: (link: { rel?: string; href?: string }) => appended.push(link) },
    },
    performance: paint === 'already' ? firstPaint : noPaint,
    ...(paint === 'none' ? {} : { PerformanceObserver: FakeObserver }),
    requestAnimationFrame: (callback: () => void) => timers.push(callback),
    setTimeout: (callback: () => void, delay: number) => timers.push(delay === 3000 ? () => {} : callback),
  });
  return {
    fallbackSet: () => timers.length > 0,
    paintReported: () => observerCallback?.(firstPaint, { disconnect() {} }),
    runTimers: () => {
      while (timers.length > 0) timers.shift()?.();
    },
    started: () => replacedWith,
    preloads: () => appended.map((link) => link.href),
  };
}

describe('the starter script (plain JavaScript the browser runs)', () => {
  it('starts the held script with its nonce and the preloads once the first paint is reported', async () => {
    const run = runStarter(await streamed(page, []), 'observed');
    run.runTimers();
    expect(run.started()).toBeUndefined();
    run.paintReported();
    run.runTimers();
    expect(run.started()).toMatchObject({ type: 'module', nonce: 'n', textContent: moduleCode });
    expect(run.preloads()).toEqual(['/assets/entry.client-a.js', '/assets/framework-b.js']);
  });

  it('starts at once when the page was drawn before it ran, and without a paint observer after a frame', async () => {
    for (const paint of ['already', 'none', 'throws'] as const) {
      const run = runStarter(await streamed(page, []), paint);
      expect(run.fallbackSet()).toBe(true);
      run.runTimers();
      expect(run.started(), paint).toMatchObject({ type: 'module', nonce: 'n' });
    }
  });

  it('leaves a module preload written after it as it is (it could not start it)', async () => {
    const late = `${page.replace('</body>', '')}<link rel="modulepreload" href="/assets/late-c.js" nonce="n"/></body></html>`;
    const out = await streamed(late, []);
    expect(out).toContain('<link rel="modulepreload" href="/assets/late-c.js" nonce="n"/>');
  });
});
