import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DirectoryLock, lockDirectory } from './data-dir-lock.js';
import { type DatabaseLog, EmbeddedDatabase } from './embedded.js';
import * as schema from './schema.js';
import { reindexStale } from './search-index.js';

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
  /** A small real write, rolled back: whether the database can write now (readiness, after a storage failure). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
};

// src/db/client.ts and dist/db/client.js both sit two levels below the project root.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrationsFolder = path.join(projectRoot, 'src/db/migrations');

/** Settings of every database session, on both engines. */
const sessionSettings: [name: string, value: string | number][] = [
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
  log?: DatabaseLog | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl && !options.databaseUrl.startsWith('memory://')) {
    return openPostgres(options.databaseUrl);
  }
  return openPglite(options.databaseUrl ? undefined : path.join(options.dataDir, 'pgdata'), options.log);
}

const sessionSql = sessionSettings.map(([name, value]) => `SET ${name} = ${value};`).join('\n');

async function openPglite(directory: string | undefined, log: DatabaseLog | undefined): Promise<DatabaseHandle> {
  let lock: DirectoryLock | undefined;
  if (directory) {
    mkdirSync(directory, { recursive: true });
    lock = await lockDirectory(directory);
  }
  let client: EmbeddedDatabase | undefined;
  try {
    client = await EmbeddedDatabase.open({
      // Also how it is reopened after a stop: the session settings belong to each instance.
      open: async () => {
        const instance = await PGlite.create(directory ?? 'memory://', { extensions: { pg_trgm } });
        try {
          await instance.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm;\n${sessionSql}`);
        } catch (error) {
          await instance.close().catch(() => undefined);
          throw error;
        }
        return instance;
      },
      directory,
      log,
    });
    // Drizzle's PGlite driver only calls query() and transaction(), which EmbeddedDatabase has.
    const drizzled = drizzlePglite(client as unknown as PGlite, { schema, casing: 'snake_case' });
    await migratePglite(drizzled, { migrationsFolder });
    const db = drizzled as unknown as Database;
    await reindexStale(db);
    // PGlite runs no autovacuum: refresh statistics and the visibility map at every start.
    await client.exec('VACUUM ANALYZE');
    const embedded = client;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await embedded.query('SELECT 1');
      },
      probeWrite: () => probeWrite(db),
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

/**
 * About 64 KB into a temporary table (rows under the 2 KB compression threshold), rolled back: the
 * table's file is extended, as every insert that needs a new page does, so a full disk fails it.
 */
async function probeWrite(db: Database) {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE matjar_write_probe (payload text) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO matjar_write_probe SELECT lpad('', 1800, 'x') FROM generate_series(1, 32)`);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/**
 * node-postgres' `pool.query` ends its connection whenever the query fails (pg-pool releases it
 * with the error): a refused INSERT, a unique conflict or a full disk's 53100 as much as a broken
 * socket. Each would cost a new connection, and on a full disk a new connection may not start at
 * all — when autovacuum has dropped the database's relation-cache init file, a new backend must
 * write it first — so the reads would fail with the writes (SECURITY.md § 9, "A full disk").
 * Here a failed query's connection is rolled back (a script of several statements that stopped
 * half way leaves its transaction open) and kept. One whose connection broke fails that rollback
 * and is dropped; pg-pool also drops a client that is no longer queryable.
 */
function keepConnectionsAfterFailedQueries(pool: pg.Pool) {
  // A checked-out client whose connection breaks emits 'error' (in a transaction too): unheard,
  // it would end the process. The query or rollback under way fails and the client is dropped.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const query = async (text: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(text, values);
    } catch (error) {
      broken = await client.query('ROLLBACK').then(
        () => undefined,
        (rollbackFailed: Error) => rollbackFailed,
      );
      throw error;
    } finally {
      client.release(broken);
    }
  };
  pool.query = query as unknown as pg.Pool['query'];
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
    // Two connections stay open however long the shop is idle: a full disk may refuse new ones.
    min: 2,
    // A database that cannot be reached fails requests quickly (503) instead of queueing them.
    connectionTimeoutMillis: 5_000,
    options: sessionSettings.map(([name, value]) => `-c ${name}=${value}`).join(' '),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  keepConnectionsAfterFailedQueries(pool);
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  await reindexStale(db as unknown as Database);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    probeWrite: () => probeWrite(db as unknown as Database),
    close: () => pool.end(),
  };
}
