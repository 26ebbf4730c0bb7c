import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/*
 * `import { Search, X } from 'lucide-react'` becomes one import per icon, in our code only
 * (vite.config.ts, docs/architecture.md § "JavaScript a page loads"):
 * - The barrel re-exports some 1,900 icons, so through it every module that uses one icon seems,
 *   to the bundler's module graph, to reach all of them; per-icon imports let the web build put
 *   each icon in the chunk of the pages that draw it.
 * - Each icon is lucide's drawing (its file's `__iconData`, read here at build time) drawn by
 *   src/web/lib/icon.ts, not by lucide's runtime: the same SVG for the props the shop passes, in
 *   a few hundred bytes instead of lucide's 4 KB (its context, size and stroke options), which
 *   every page loaded with its top bar.
 */

/** The module id of an icon (`lucide-icon:search.mjs`), and how the bundler knows it as resolved. */
const ICON_MODULE_PREFIX = 'lucide-icon:';
const RESOLVED_PREFIX = `\0${ICON_MODULE_PREFIX}`;
const ICON_RUNTIME = path.resolve('src/web/lib/icon.ts');

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

/** Each name the barrel exports (`Search`, `SearchIcon`, `LucideSearch`) → its icon's file. */
function iconFiles(): ReadonlyMap<string, string> {
  const barrel = path.join(lucideDir(), 'dist/esm/lucide-react.mjs');
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(barrel, 'utf8').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+\.mjs)'/g,
  )) {
    for (const [, name] of (names ?? '').matchAll(/default as (\w+)/g)) files.set(name ?? '', file ?? '');
  }
  return files;
}

function lucideDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json'));
}

/** An icon module: lucide's drawing of the icon in `file`, for src/web/lib/icon.ts to draw. */
async function iconModule(file: string): Promise<string> {
  if (!/^[\w-]+\.mjs$/.test(file)) throw new Error(`not a lucide icon file: ${file}`);
  const url = pathToFileURL(path.join(lucideDir(), 'dist/esm/icons', file)).href;
  const { __iconData: data } = (await import(url)) as { __iconData?: { size?: number; node: unknown } };
  if (!data) throw new Error(`${file} holds no icon's drawing (the barrel names each icon's own file)`);
  if ((data.size ?? 24) !== 24) throw new Error(`${file} is not drawn on lucide's 24 × 24 grid`);
  return `import { icon } from ${JSON.stringify(ICON_RUNTIME)};\nexport default /* @__PURE__ */ icon(${JSON.stringify(data.node)});\n`;
}

/** A TypeScript module as written (no query: not one of React Router's views of a route module). */
const TYPESCRIPT_SOURCE = /\.tsx?$/;

/** Rewrites the barrel imports of the TypeScript modules whose path `ownSource` matches. */
export function lucideIconsPerFile(ownSource: RegExp): Plugin {
  let files: ReadonlyMap<string, string> | undefined;
  return {
    name: 'matjar:lucide-icons-per-file',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(ICON_MODULE_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      return id.startsWith(RESOLVED_PREFIX) ? iconModule(id.slice(RESOLVED_PREFIX.length)) : null;
    },
    transform(code, id) {
      if (!ownSource.test(id) || !TYPESCRIPT_SOURCE.test(id) || !code.includes('lucide-react')) return null;
      files ??= iconFiles();
      const known = files;
      const rewritten = code.replace(BARREL_IMPORT, (whole, specifiers: string) => {
        const imports: string[] = [];
        const kept: string[] = [];
        for (const specifier of specifiers
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [name = '', local = name] = specifier.split(/\s+as\s+/).map((part) => part.trim());
          const file = known.get(name);
          if (specifier.startsWith('type ') || !file) kept.push(specifier);
          else imports.push(`import ${local} from '${ICON_MODULE_PREFIX}${file}';`);
        }
        if (kept.length > 0 && imports.length === 0) return whole;
        const lines = [...imports, ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : [])];
        // As many line breaks as the import had, so the lines below keep their numbers.
        return lines.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
      });
      // Lines keep their numbers, so the source map of what came before still holds.
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
