import { z } from 'zod';
import { dataEnvelope, requiredString } from './common.js';
import { apiMessages as m } from './messages.js';
import { PAGE_BODY_MAX, PAGE_TITLE_MAX, STORE_PAGE_SLUGS } from './shop-pages.js';

/* The store's pages (docs/store-pages.md): terms, privacy, returns, about and contact. */

/** `GET|PUT /pages/:slug`: any text; a name that is no page answers 404 PAGE_NOT_FOUND. */
export const pageParams = z.object({ slug: z.string().max(64) });

/** `PUT /pages/:slug`: the title and the Markdown text, both required. */
export const pageUpdateSchema = z.object({
  title: requiredString(m.pageTitleRequired).pipe(z.string().max(PAGE_TITLE_MAX, { error: m.valueTooLong })),
  body: requiredString(m.pageBodyRequired).pipe(z.string().max(PAGE_BODY_MAX, { error: m.valueTooLong })),
});

export const storePageSchema = z.object({
  slug: z.enum(STORE_PAGE_SLUGS),
  title: z.string(),
  /** Markdown, as the owner wrote it (or the default text). */
  body: z.string(),
  /** The body rendered on the server: safe HTML of a few tags, raw HTML escaped, links only http(s), mailto and tel. */
  html: z.string(),
  /** The body as plain text (meta descriptions). */
  text: z.string(),
  /** True while the owner has not saved the page: the shop's default text. */
  isDefault: z.boolean(),
  /** When the owner last saved it; null for the default text. */
  updatedAt: z.iso.datetime().nullable(),
});
export const storePageEnvelope = dataEnvelope(storePageSchema);
