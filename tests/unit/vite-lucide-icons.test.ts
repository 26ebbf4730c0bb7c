import { describe, expect, it } from 'vitest';
import { lucideIconsPerFile } from '../../scripts/vite-lucide-icons.js';

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
    expect(out).toContain("import Search from 'lucide-react/dist/esm/icons/search.mjs';");
    expect(out).toContain("import Down from 'lucide-react/dist/esm/icons/chevron-down.mjs';");
    expect(out).toContain("import Table2 from 'lucide-react/dist/esm/icons/table-2.mjs';");
    expect(out).not.toContain("from 'lucide-react';");
  });

  it('keeps the lines below where they were (the source map still holds)', () => {
    const code = "import {\n  Mail,\n  Phone,\n} from 'lucide-react';\nconst line5 = 1;";
    expect(transform(code).split('\n').indexOf('const line5 = 1;')).toBe(4);
  });

  it('leaves type imports and names that are not icons on the barrel', () => {
    const out = transform("import { type LucideIcon, Heart, createLucideIcon } from 'lucide-react';");
    expect(out).toContain("import Heart from 'lucide-react/dist/esm/icons/heart.mjs';");
    expect(out).toContain("import { type LucideIcon, createLucideIcon } from 'lucide-react';");
  });

  it('touches only the modules it is given', () => {
    const code = "import { Search } from 'lucide-react';";
    expect(transform(code, '/shop/node_modules/some-ui/index.js')).toBe(code);
  });
});
