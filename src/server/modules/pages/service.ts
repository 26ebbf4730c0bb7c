import { eq } from 'drizzle-orm';
import type { StorePageSlug } from '../../../contract/shop-pages.js';
import type { StorePage, StorePageBody } from '../../../contract/types.js';
import type { Database } from '../../../db/client.js';
import { storePages } from '../../../db/schema.js';
import { DEFAULT_PAGES } from './defaults.js';
import { markdownText, renderMarkdown } from './markdown.js';

type SavedPage = typeof storePages.$inferSelect;

/** A page as the API answers it: its Markdown rendered on the server (docs/store-pages.md). */
function pageView(slug: StorePageSlug, saved: SavedPage | undefined): StorePage {
  const { title, body } = saved ?? DEFAULT_PAGES[slug];
  return {
    slug,
    title,
    body,
    html: renderMarkdown(body),
    text: markdownText(body),
    isDefault: saved === undefined,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
  };
}

/** The page as the owner saved it, or its default text. */
export async function storePageOf(db: Database, slug: StorePageSlug): Promise<StorePage> {
  const [saved] = await db.select().from(storePages).where(eq(storePages.slug, slug));
  return pageView(slug, saved);
}

/** Saves the page's title and text (the last of two saves at once wins, whole). */
export async function saveStorePage(db: Database, slug: StorePageSlug, page: StorePageBody): Promise<StorePage> {
  const changes = { title: page.title, body: page.body, updatedAt: new Date() };
  const [saved] = await db
    .insert(storePages)
    .values({ slug, ...changes })
    .onConflictDoUpdate({ target: storePages.slug, set: changes })
    .returning();
  return pageView(slug, saved);
}
