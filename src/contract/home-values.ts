/*
 * The home page's limits and link rule as plain values (docs/home-page.md): apart from the schemas
 * of src/contract/home.ts so the home page and the admin screen use them without loading zod.
 */

/** How many slides the shop keeps, and how many categories and products it features. */
export const HOME_SLIDES_MAX = 10;
export const HOME_FEATURED_CATEGORIES_MAX = 10;
export const HOME_FEATURED_PRODUCTS_MAX = 12;

/** A slide's limits in characters. */
export const SLIDE_TITLE_MAX = 80;
export const SLIDE_TEXT_MAX = 200;
export const SLIDE_ALT_MAX = 150;
export const SLIDE_LINK_MAX = 500;

/**
 * A slide's link: a path inside the shop (`/products?keyword=عطر`) or an https address. Refused:
 * any other scheme (`javascript:`, `data:`, `http:`), a protocol-relative `//host`, a backslash
 * (browsers read `/\host` as `//host`), spaces, control and invisible formatting characters.
 */
export function isSafeSlideLink(link: string): boolean {
  // Invisible formatting characters (U+200B, U+2066…) too: a link that looks like another.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (link.length === 0 || link.length > SLIDE_LINK_MAX || /[\s\\\u0000-\u001f\u007f\p{Cf}]/u.test(link)) {
    return false;
  }
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Whether a link leaves the shop (an https address): it opens as an ordinary link, not the router's. */
export const isExternalSlideLink = (link: string) => !link.startsWith('/');
