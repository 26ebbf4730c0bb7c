import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * `import { Search, X } from 'lucide-react'` becomes one import per icon file
 * (`lucide-react/dist/esm/icons/search.mjs`), in our code only. The barrel re-exports some 1,900
 * icons, so through it every module that uses one icon seems, to the bundler's module graph, to
 * reach all of them; per-icon imports let the web build put each icon in the chunk of the pages
 * that draw it (vite.config.ts, docs/architecture.md § "JavaScript a page loads"). What the page
 * runs is the same: the barrel only re-exports.
 */

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

/** Each name the barrel exports (`Search`, `SearchIcon`, `LucideSearch`) → its icon's file. */
function iconFiles(): ReadonlyMap<string, string> {
  const require = createRequire(import.meta.url);
  const barrel = path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs');
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(barrel, 'utf8').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+\.mjs)'/g,
  )) {
    for (const [, name] of (names ?? '').matchAll(/default as (\w+)/g)) files.set(name ?? '', file ?? '');
  }
  return files;
}

export function lucideIconsPerFile(ownCode: RegExp): Plugin {
  let files: ReadonlyMap<string, string> | undefined;
  return {
    name: 'matjar:lucide-icons-per-file',
    enforce: 'pre',
    transform(code, id) {
      if (!ownCode.test(id) || !code.includes('lucide-react')) return null;
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
          else imports.push(`import ${local} from 'lucide-react/dist/esm/icons/${file}';`);
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
