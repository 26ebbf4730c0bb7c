/**
 * The last word searched, kept in the browser's storage (docs/specification.md (Screens and
 * routes: Top bar and footer): the search box's text is kept there). Storage can be full, disabled
 * or blocked (private modes); the search works without it.
 */
const STORAGE_KEY = 'matjar.searchWord';

/** Whether the search box shows the URL's keyword there (the listing); elsewhere it shows the remembered word. */
export const showsUrlKeyword = (pathname: string) => pathname === '/products';

export function rememberedWord(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function remember(word: string) {
  try {
    if (word) window.localStorage.setItem(STORAGE_KEY, word);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not remembered; nothing else depends on it.
  }
}
