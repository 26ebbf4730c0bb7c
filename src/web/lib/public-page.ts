/**
 * A catalogue page is the same for every guest: the server keeps it in memory and a CDN may too
 * (docs/caching.md). Browsers ask again each time (max-age=0) and get a 304 while it is unchanged;
 * a shared cache keeps it 30 s and may serve it a minute longer while it fetches the new one. A
 * signed-in visitor's copy, or one showing a basket, is sent `no-store` whatever this says
 * (src/server/web.ts).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

/** A route's `headers` export for a catalogue page. */
export const publicPageHeaders = () => ({ 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL });
