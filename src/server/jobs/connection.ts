import type PgBoss from 'pg-boss';
import type { Database, Tx } from '../../db/client.js';

/**
 * The driver's own client under a drizzle database or transaction: node-postgres' Pool (or the
 * transaction's PoolClient), or the embedded database (or its transaction, src/db/embedded.ts).
 * Both answer `query(text, values)` with `{ rows }`; only the embedded database has `exec`.
 */
type DriverClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * Drizzle keeps that client as `session.client` on both drivers and has no public accessor for a
 * transaction's connection. The job tests (tests/api/jobs.test.ts) enqueue inside transactions on
 * both engines, so a drizzle upgrade that moves it fails them rather than the shop.
 */
function driverClient(db: Database | Tx): DriverClient {
  const client = (db as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('No driver client under this drizzle database');
  return client;
}

/**
 * Several statements in one string, on one connection. pg-boss sends its schema and its migrations
 * this way, as `BEGIN; …; COMMIT;`: PostgreSQL's simple protocol (node-postgres' query without
 * values) takes them; PGlite's `query` does not, the embedded database's `exec` does. When one
 * fails, the rest is skipped and the transaction stays open and aborted on that connection.
 * The shop's node-postgres pool rolls back a connection whose query failed (src/db/client.ts); the
 * embedded database has one connection for everything, so it is rolled back here.
 */
async function runScript(client: DriverClient, text: string): Promise<{ rows: unknown[] }> {
  if (!client.exec) return client.query(text);
  try {
    return (await client.exec(text)).at(-1) ?? { rows: [] };
  } catch (error) {
    await client.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * pg-boss's database interface on one of ours, so its statements run on the same connection (and,
 * for a transaction, inside it).
 */
export function bossDatabase(db: Database | Tx): PgBoss.Db {
  const client = driverClient(db);
  return {
    executeSql: (text, values) => (values && values.length > 0 ? client.query(text, values) : runScript(client, text)),
  };
}
