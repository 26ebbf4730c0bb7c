import type { FastifyInstance } from 'fastify';
import { PUBLIC_CACHE_CONTROL } from '../../contract/web.js';
import { cacheKeyOf, isGuestRead, sendKept } from './guest-reads.js';
import type { PageCache } from './page-cache.js';

/**
 * The API's catalogue reads: the same for every guest, so kept like guests' pages (docs/caching.md).
 * Each is a route of /api/v1 that needs no sign-in and shows only what a guest's page shows; a
 * route's staff-only variant (drafts) is refused to a guest and so never kept.
 */
export const GUEST_CACHED_ROUTES: ReadonlySet<string> = new Set(
  [
    '/products',
    '/products/suggest',
    '/products/:id',
    '/products/:id/reviews',
    '/categories',
    '/categories/:id',
    '/categories/:id/subcategories',
    '/brands',
    '/brands/:id',
    '/subcategories',
    '/subcategories/:id',
    '/settings',
    '/pages/:slug',
    '/home',
  ].map((route) => `/api/v1${route}`),
);

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this guest's catalogue read is kept once answered, at which version. */
    guestCacheSlot?: { key: string; version: number };
  }
}

/**
 * Answers a guest's catalogue read from the cache when it holds it at the catalogue's version, and
 * keeps a successful answer otherwise, marked public with a validator. Register before the routes.
 */
export function registerGuestAnswers(app: FastifyInstance, cache: PageCache) {
  app.addHook('onRequest', async (request, reply) => {
    if (!GUEST_CACHED_ROUTES.has(request.routeOptions.url ?? '') || !isGuestRead(request)) return;
    const key = cacheKeyOf(request);
    const version = await app.catalogueVersion.current();
    const kept = cache.get(key, version);
    if (kept) return sendKept(request, reply, cache, key, kept);
    request.guestCacheSlot = { key, version };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const slot = request.guestCacheSlot;
    if (!slot || reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('set-cookie'))
      return payload;
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    const kept = cache.set(slot.key, {
      status: 200,
      headers: [
        ['content-type', String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')],
        ['cache-control', PUBLIC_CACHE_CONTROL],
      ],
      body: Buffer.from(payload),
      nonce: '',
      version: slot.version,
      renderedAt: Date.now(),
    });
    reply.header('etag', kept.etag);
    return payload;
  });
}
