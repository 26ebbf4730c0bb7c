import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DirectoryLock, lockDirectory } from './data-dir-lock.js';
import * as schema from './schema.js';
import { reindexStale, WORD_SIMILARITY_THRESHOLD } from './search-index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; it has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Rows of a raw query, for SQL the query builder cannot say (e.g. a materialised CTE). Both
 * drivers answer `execute` with `{ rows }`; the shared database type only knows it as `unknown`.
 */
export async function selectRows<Row>(db: Database | Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Verifies the connection works (readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

// src/db/client.ts and dist/db/client.js both sit two levels below the project root.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrationsFolder = path.join(projectRoot, 'src/db/migrations');

/** Settings of every database session, on both engines. */
const sessionSettings: [name: string, value: string | number][] = [
  // The keyword search's typo tolerance: `<%` uses this threshold (and its trigram index).
  ['pg_trgm.word_similarity_threshold', WORD_SIMILARITY_THRESHOLD],
  // Tables and indexes fit in memory (PGlite keeps everything there; a shop's server has the RAM):
  // at the default cost of 4 the planner prefers reading every product over combining the full-text
  // and trigram indexes for a common word.
  ['random_page_cost', 1.1],
];

/**
 * 'memory://' keeps the embedded database in memory (tests); otherwise it lives in dataDir/pgdata,
 * locked to this process (src/db/data-dir-lock.ts).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl && !options.databaseUrl.startsWith('memory://')) {
    return openPostgres(options.databaseUrl);
  }
  return openPglite(options.databaseUrl ? undefined : path.join(options.dataDir, 'pgdata'));
}

async function openPglite(directory: string | undefined): Promise<DatabaseHandle> {
  let lock: DirectoryLock | undefined;
  if (directory) {
    mkdirSync(directory, { recursive: true });
    lock = await lockDirectory(directory);
  }
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(directory ?? 'memory://', { extensions: { pg_trgm } });
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    await client.exec(sessionSettings.map(([name, value]) => `SET ${name} = ${value};`).join('\n'));
    await reindexStale(db as unknown as Database);
    // PGlite runs no autovacuum: refresh statistics and the visibility map at every start.
    await client.exec('VACUUM ANALYZE');
    const embedded = client;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await embedded.query('SELECT 1');
      },
      close: async () => {
        try {
          await embedded.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // Migrate on one connection holding an advisory lock, so several processes starting at once
  // do not race each other.
  const migrator = new pg.Client({ connectionString });
  await migrator.connect();
  try {
    await migrator.query('SELECT pg_advisory_lock(7305726)');
    await migrator.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migrateNodePg(drizzleNodePg(migrator), { migrationsFolder });
  } finally {
    await migrator.query('SELECT pg_advisory_unlock(7305726)').catch(() => undefined);
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that cannot be reached fails requests quickly (503) instead of queueing them.
    connectionTimeoutMillis: 5_000,
    options: sessionSettings.map(([name, value]) => `-c ${name}=${value}`).join(' '),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  await reindexStale(db as unknown as Database);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
