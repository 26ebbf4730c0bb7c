import { ChevronDown, CircleAlert, Star } from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lucideIconsPerFile } from '../../scripts/vite-lucide-icons.js';
import { icon } from '../../src/web/lib/icon.js';

/** The plugin's transform, as the web build calls it on a module of ours. */
function transform(code: string, id = '/shop/src/web/components/x.tsx'): string {
  const plugin = lucideIconsPerFile(/[\\/]src[\\/]web[\\/]/);
  const hook = plugin.transform;
  if (typeof hook !== 'function') throw new Error('the plugin has no transform');
  const result = hook.call({} as never, code, id) as { code: string } | null;
  return result?.code ?? code;
}

describe('lucide icons imported one file each (vite.config.ts)', () => {
  it('turns the barrel import into one default import per icon, by its file, keeping local names', () => {
    const out = transform("import { Search, ChevronDown as Down, Table2 } from 'lucide-react';\nuse(Search);");
    expect(out).toContain("import Search from 'lucide-icon:search.mjs';");
    expect(out).toContain("import Down from 'lucide-icon:chevron-down.mjs';");
    expect(out).toContain("import Table2 from 'lucide-icon:table-2.mjs';");
    expect(out).not.toContain("from 'lucide-react';");
  });

  it('keeps the lines below where they were (the source map still holds)', () => {
    const code = "import {\n  Mail,\n  Phone,\n} from 'lucide-react';\nconst line5 = 1;";
    expect(transform(code).split('\n').indexOf('const line5 = 1;')).toBe(4);
  });

  it('leaves type imports and names that are not icons on the barrel', () => {
    const out = transform("import { type LucideIcon, Heart, createLucideIcon } from 'lucide-react';");
    expect(out).toContain("import Heart from 'lucide-icon:heart.mjs';");
    expect(out).toContain("import { type LucideIcon, createLucideIcon } from 'lucide-react';");
  });

  it('touches only the TypeScript modules it is given, not another view of one (a query)', () => {
    const code = "import { Search } from 'lucide-react';";
    expect(transform(code, '/shop/node_modules/some-ui/index.js')).toBe(code);
    expect(transform(code, '/shop/src/web/lib/x.js')).toBe(code);
    expect(transform(code, '/shop/src/web/routes/home.tsx?__react-router-build-client-route')).toBe(code);
    expect(transform(code, '/shop/src/web/lib/x.ts')).not.toBe(code);
  });
});

/** The plugin's resolve and load, as the web build calls them for an icon's module. */
async function iconModuleOf(file: string): Promise<string> {
  const plugin = lucideIconsPerFile(/[\\/]src[\\/]web[\\/]/);
  const resolve = plugin.resolveId;
  const load = plugin.load;
  if (typeof resolve !== 'function' || typeof load !== 'function') throw new Error('the plugin resolves no icons');
  const id = (await resolve.call({} as never, `lucide-icon:${file}`, undefined, {} as never)) as string;
  return (await load.call({} as never, id)) as string;
}

/** Draws the icon our code imports as `name` as the page would: its module, with our runtime. */
async function drawnByOurRuntime(name: string, props: Record<string, unknown>): Promise<string> {
  const file = /lucide-icon:([\w-]+\.mjs)/.exec(transform(`import { ${name} } from 'lucide-react';`))?.[1] ?? '';
  const code = await iconModuleOf(file);
  const node = JSON.parse(/icon\((.*)\);/.exec(code)?.[1] ?? 'null');
  expect(code).toContain('src/web/lib/icon.ts');
  return renderToStaticMarkup(createElement(icon(node), props));
}

/** lucide's own drawing of an icon, without its `lucide…` classes (ours draws none). */
const drawnByLucide = (
  component: (props: Record<string, unknown>) => ReactElement | null,
  props: Record<string, unknown>,
) =>
  renderToStaticMarkup(createElement(component, props)).replace(/ class="([^"]*)"/, (_, classes: string) => {
    const kept = classes.split(' ').filter((name) => !name.startsWith('lucide'));
    return kept.length > 0 ? ` class="${kept.join(' ')}"` : '';
  });

describe('icons drawn without lucide’s runtime (src/web/lib/icon.ts)', () => {
  it('draws the same SVG as lucide for the props the shop passes', async () => {
    const cases: [string, (props: Record<string, unknown>) => ReactElement | null, Record<string, unknown>][] = [
      ['Star', Star as never, { 'aria-hidden': 'true', className: 'size-4 text-amber-500', strokeWidth: 1.5 }],
      ['CircleAlert', CircleAlert as never, { className: 'mt-0.5 size-4 shrink-0' }],
      ['ChevronDown', ChevronDown as never, { 'aria-label': 'المزيد', role: 'img' }],
    ];
    for (const [name, component, props] of cases) {
      expect(await drawnByOurRuntime(name, props)).toBe(drawnByLucide(component, props));
    }
  });

  it('hides an icon without a name from screen readers, and not one given a name', async () => {
    expect(await drawnByOurRuntime('Star', {})).toContain('aria-hidden="true"');
    expect(await drawnByOurRuntime('Star', { 'aria-label': 'تقييم' })).not.toContain('aria-hidden');
  });

  it('loads only lucide’s icon files, each its own drawing', async () => {
    await expect(iconModuleOf('../../../package.json')).rejects.toThrow(/not a lucide icon file/);
    await expect(iconModuleOf('circle-alert.mjs')).rejects.toThrow(/holds no icon's drawing/);
  });
});
