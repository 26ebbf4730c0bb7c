import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimitWindows } from '../../db/schema.js';
import type { JobRunner } from '../jobs/index.js';

/** How often ended windows are deleted (a window is a minute; a row is kept at most this much longer). */
const CLEANUP_SECONDS = 10 * 60;

/**
 * Counts one hit of `key` on `route` and answers the window's hits and the milliseconds left in
 * it: one statement (insert, or update of the row under its lock), so hits at once in several
 * processes are all counted. A window that has ended starts again at this hit. The database's
 * clock decides, so processes whose clocks differ agree on the window.
 */
export async function countHit(db: Database, route: string, key: string, windowMs: number) {
  const ended = sql`${rateLimitWindows.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ route, key, hits: 1, windowEndsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: [rateLimitWindows.route, rateLimitWindows.key],
      set: {
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitWindows.hits} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${rateLimitWindows.windowEndsAt} END`,
      },
    })
    .returning({
      hits: rateLimitWindows.hits,
      ttlMs: sql<number>`greatest(ceil(extract(epoch from ${rateLimitWindows.windowEndsAt} - now()) * 1000), 0)::int`,
    });
  if (!row) throw new Error('rate limit: the upsert answered no row');
  return row;
}

/**
 * @fastify/rate-limit's store (its README, "Custom store") on the shop's database, so a limit holds
 * in total across every process sharing it instead of once per process. The plugin makes one child
 * per limited route; each counts under the route's method and path. Fixed windows as the plugin's
 * own memory store counts them (its `continueExceeding` and `exponentialBackoff` are not used here).
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    /** The limited route's method and path; the plugin's root store (no route) is never counted with here. */
    private route = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, this.route, key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options with the route as `routeInfo` (its
      // index.js, onRoute); its typings name the route options themselves.
      const { method, url } = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const store = new DatabaseStore();
      store.route = `${String(method)} ${String(url)}`;
      return store;
    }
  }
  return DatabaseStore;
}

/** Deletes the windows that have ended, once per period across every process. */
export function registerRateLimitCleanup(jobs: JobRunner, db: Database) {
  jobs.schedule('rate-limit-cleanup', CLEANUP_SECONDS, async () => {
    await db.delete(rateLimitWindows).where(lte(rateLimitWindows.windowEndsAt, sql`now()`));
  });
}
