import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cacheVersions } from '../../db/schema.js';

/**
 * The catalogue's version (docs/caching.md): a counter in the database that every transaction
 * writing what a guest's page shows raises at its commit (migration 0024), so a cache keyed by it is
 * right across every process sharing the database. A process asks the database at most once per
 * `maxAgeMs` (CATALOGUE_VERSION_MAX_AGE_MS, a second by default; callers at the same moment share
 * one query), and at once after one of its own writes (`changed()`): its own visitors never see a
 * page older than their change, another process's visitors see it within `maxAgeMs`.
 */
export function createCatalogueVersion(db: Database, maxAgeMs: number) {
  let known: { version: number; readAt: number } | undefined;
  let reading: Promise<number> | undefined;
  /** Raised by changed(): a read begun before it may have missed the change and is not kept. */
  let generation = 0;

  const read = () => {
    const startedIn = generation;
    const startedAt = Date.now();
    const pending = db
      .select({ version: cacheVersions.version })
      .from(cacheVersions)
      .where(eq(cacheVersions.name, 'catalogue'))
      .then(([row]) => {
        const version = row?.version ?? 0;
        if (startedIn === generation) known = { version, readAt: startedAt };
        return version;
      })
      .finally(() => {
        if (reading === pending) reading = undefined;
      });
    reading = pending;
    return pending;
  };

  return {
    /** The version as this process knows it: at most maxAgeMs old, and never older than its own writes. */
    current(): Promise<number> {
      if (known && Date.now() - known.readAt < maxAgeMs) return Promise.resolve(known.version);
      return reading ?? read();
    },
    /** This process wrote (or may have written) to the catalogue: the next caller reads anew. */
    changed() {
      known = undefined;
      reading = undefined;
      generation += 1;
    },
  };
}

export type CatalogueVersion = ReturnType<typeof createCatalogueVersion>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's version as this process knows it (docs/caching.md). */
    catalogueVersion: CatalogueVersion;
  }
}
