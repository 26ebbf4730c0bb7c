import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { defineConfig } from 'vite';
import { lucideIconsPerFile } from './scripts/vite-lucide-icons.ts';

/*
 * How the browser's JavaScript is cut into files (docs/architecture.md, "JavaScript a page loads"):
 * - `framework`: React and React Router, which every page runs.
 * - `shell`: our code (and icons) that the root layout loads before it runs: top bar, toasts,
 *   the shop's words and formats. Every page needs all of it (the footer and the search box come
 *   after, lib/below-the-fold.tsx).
 * - `catalogue`: our code that a product page and another of the catalogue's pages (home, listings,
 *   the store's pages) load up front: hearts, the product's words, SEO helpers.
 * - `listings`: our code that two or more of the other catalogue pages load up front: product
 *   cards, pagination, the listing's filters. Apart from `catalogue` so a product page, the page
 *   shoppers land on most from search and shared links, loads none of it.
 * - the rest by what imports it (rolldown's own splitting), so a page loads only the modules it
 *   uses, and code behind a click or below the fold stays a dynamic import(): the forms' checks
 *   with zod, dialogs, the carousels' Embla (tests/api/web-bundle.test.ts).
 * Left to the bundler alone, a catalogue page loaded some 50 files, most under 1 KB, and on a slow
 * phone network each costs a round trip.
 */

const webDir = path.resolve('src/web');
const rootRoute = path.join(webDir, 'root.tsx');
const routeFile = (name: string) => path.join(webDir, 'routes', `${name}.tsx`);
const productRoute = routeFile('product');
const CATALOGUE_ROUTES = new Set(
  ['home', 'products', 'product', 'group-products', 'all-categories', 'all-brands', 'store-page'].map(routeFile),
);
/** Our source files. */
const OWN_SOURCE = /[\\/]src[\\/](web|contract)[\\/]/;
/** With our code go the icons (scripts/vite-lucide-icons.ts) and Vite's preload helper; packages keep the bundler's own splitting. */
const GROUPED_WITH_OWN_CODE = /^\0lucide-icon:|vite[\\/]preload-helper/;

/**
 * The route modules and the client entry that load `id` before it runs: those reaching it through
 * static imports (a dynamic import() is not followed). Memoised by the module's info, which the
 * bundler keeps for one chunking pass (the server build has its own).
 */
const entriesByModule = new WeakMap<ModuleInfo, ReadonlySet<string>>();
function entriesLoading(id: string, ctx: ChunkingContext, visiting = new Set<string>()): ReadonlySet<string> {
  const info = ctx.getModuleInfo(id);
  if (!info || visiting.has(id)) return new Set();
  const known = entriesByModule.get(info);
  if (known) return known;
  visiting.add(id);
  // React Router names a route's client module `<file>?__react-router-build-client-route`.
  const entries = new Set<string>(info.isEntry ? [id.split('?')[0] ?? id] : []);
  for (const importer of info.importers) {
    for (const entry of entriesLoading(importer, ctx, visiting)) entries.add(entry);
  }
  visiting.delete(id);
  entriesByModule.set(info, entries);
  return entries;
}

/** A named chunk for our modules that `isIn` accepts by their loading entries; entries keep their own file. */
const ownChunk =
  (name: string, isIn: (entries: readonly string[]) => boolean) =>
  (id: string, ctx: ChunkingContext): string | null => {
    if (!(OWN_SOURCE.test(id) || GROUPED_WITH_OWN_CODE.test(id)) || ctx.getModuleInfo(id)?.isEntry !== false)
      return null;
    return isIn([...entriesLoading(id, ctx)]) ? name : null;
  };

const loadedByTheShell = (entries: readonly string[]) =>
  entries.some((entry) => entry === rootRoute || path.basename(entry).startsWith('entry.client'));
const sharedByCataloguePages = (entries: readonly string[]) =>
  entries.filter((entry) => CATALOGUE_ROUTES.has(entry)).length >= 2;
const sharedWithTheProductPage = (entries: readonly string[]) =>
  entries.includes(productRoute) && sharedByCataloguePages(entries);

export default defineConfig({
  plugins: [lucideIconsPerFile(OWN_SOURCE), tailwindcss(), reactRouter()],
  // The server build bundles our own code; packages with native parts stay external.
  ssr: { external: ['sharp', '@node-rs/argon2', '@electric-sql/pglite', 'pg'] },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
              priority: 3,
            },
            // Decided in this order: a module the shell loads is in no other file, one the product page
            // shares is not also in the listings' file.
            // (The server build has no root or catalogue entries, so these three name nothing there.)
            { name: ownChunk('shell', loadedByTheShell), priority: 2 },
            { name: ownChunk('catalogue', sharedWithTheProductPage), priority: 1 },
            { name: ownChunk('listings', sharedByCataloguePages), priority: 0 },
          ],
        },
      },
    },
  },
});
