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
async function streamed(html: string, cuts: readonly number[], libraries: readonly string[] = []): Promise<string> {
  const bytes = Buffer.from(html, 'utf8');
  const pieces = [0, ...cuts, bytes.length]
    .slice(1)
    .map((end, index, ends) => bytes.subarray(ends[index - 1] ?? 0, end));
  return text(Readable.from(pieces).pipe(scriptsAfterFirstPaint(libraries)));
}

describe('scripts start after the first paint (lib/scripts-after-paint.server.ts)', () => {
  it('drops the module preloads, holds the module script and starts it from a script of its own', async () => {
    const out = await streamed(page, []);
    expect(out).not.toContain('modulepreload" href');
    expect(out).toContain('<link rel="preload" as="font" href="/f.woff2"/>');
    expect(out).not.toContain('type="module"');
    expect(out).toContain(`<script nonce="n" type="matjar/after-first-paint">${moduleCode}</script><script nonce="n">`);
    expect(out).toContain(
      '(["/assets/entry.client-a.js","/assets/framework-b.js"], []);</script><script nonce="n">window',
    );
    expect(out).toContain("'first-contentful-paint'");
    // Everything else goes out as it came.
    expect(out).toContain('<h1>متجر — منتجات</h1>');
    expect(out.endsWith('streamController.close();</script></body></html>')).toBe(true);
  });

  it('names the libraries to run first, among those the page preloads only', async () => {
    const out = await streamed(page, [], ['/assets/framework-b.js', '/assets/not-on-this-page.js']);
    expect(out).toContain(
      '(["/assets/entry.client-a.js","/assets/framework-b.js"], ["/assets/framework-b.js"]);</script>',
    );
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
function runStarter(out: string, paint: 'observed' | 'throws' | 'already' | 'none', failing: readonly string[] = []) {
  const starter = /<script nonce="n">(\(function \(modules, libraries\)[\s\S]*?)<\/script>/.exec(out)?.[1] ?? '';
  type Element = { rel?: string; href?: string; type?: string; nonce?: string; src?: string; textContent?: string };
  type Script = Element & { onload?: () => void; onerror?: () => void };
  const appended: Element[] = [];
  // What ran, in order: each library by its address, the browser's Intl, the held script as `held`.
  const ran: string[] = [];
  const timers: (() => void)[] = [];
  let replacedWith: Element | undefined;
  const held = {
    type: 'matjar/after-first-paint',
    nonce: 'n',
    textContent: moduleCode,
    replaceWith: (script: Element) => {
      replacedWith = script;
      ran.push('held');
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
      documentElement: { lang: 'ar' },
      createElement: () => ({}),
      head: {
        appendChild: (element: Script) => {
          appended.push(element);
          const { src } = element;
          // A module script loads, runs, then fires its event in a later task.
          if (!src) return;
          timers.push(() => {
            if (failing.includes(src)) return element.onerror?.();
            ran.push(src);
            element.onload?.();
          });
        },
      },
    },
    Intl: {
      NumberFormat: class {
        constructor(locale: string) {
          ran.push(`Intl ${locale}`);
        }
        format() {}
      },
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
    ran: () => ran,
    preloads: () => appended.filter((element) => element.rel === 'modulepreload').map((link) => link.href),
    libraryScripts: () => appended.filter((element) => element.src),
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

  it('runs the libraries first, one after the other, each with the nonce, then Intl, then the held script', async () => {
    const libraries = ['/assets/runtime-c.js', '/assets/framework-b.js'];
    const withRuntime = page.replace(
      '<link rel="preload"',
      '<link rel="modulepreload" href="/assets/runtime-c.js" nonce="n"/><link rel="preload"',
    );
    const run = runStarter(await streamed(withRuntime, [], libraries), 'already');
    run.runTimers();
    expect(run.ran()).toEqual([...libraries, 'Intl ar', 'held']);
    expect(run.libraryScripts()).toMatchObject(libraries.map((src) => ({ type: 'module', nonce: 'n', src })));
    expect(run.started()).toMatchObject({ type: 'module', nonce: 'n', textContent: moduleCode });
  });

  it('a library that fails to load still lets the held script run', async () => {
    const run = runStarter(await streamed(page, [], ['/assets/framework-b.js']), 'already', ['/assets/framework-b.js']);
    run.runTimers();
    expect(run.ran()).toEqual(['Intl ar', 'held']);
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
