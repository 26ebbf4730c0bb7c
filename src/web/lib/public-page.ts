import { PUBLIC_CACHE_CONTROL } from '../../contract/web';

/**
 * A route's `headers` export for a catalogue page, the same for every guest: the server keeps it
 * and a CDN may too (docs/caching.md). A signed-in visitor's copy, or one showing a basket, is sent
 * `no-store` whatever this says (src/server/web.ts).
 */
export const publicPageHeaders = () => ({ 'Cache-Control': PUBLIC_CACHE_CONTROL });
