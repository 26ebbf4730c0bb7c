/**
 * The shop's connections to its database after a statement failed (src/db/client.ts), on the
 * embedded database and on PostgreSQL when DATABASE_URL names a server: pg-boss's scripts run on
 * them (src/server/jobs/connection.ts), and on a full disk a new connection may not start
 * (SECURITY.md § 9), so a failed query keeps its connection, rolled back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.js';
import { bossDatabase } from '../../src/server/jobs/connection.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const backendPid = async () =>
  (await selectRows<{ pid: number }>(t.database.db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;

describe('the connections after a failed statement', () => {
  it('a script of statements failing midway leaves no aborted transaction behind', async () => {
    // As pg-boss's schema creation does when another process created it first.
    await expect(bossDatabase(t.database.db).executeSql('BEGIN; SELECT 1; SELECT 1 / 0; COMMIT;', [])).rejects.toThrow(
      'division by zero',
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => selectRows<{ one: number }>(t.database.db, sql`SELECT 1 AS one`)),
    );
    expect(answers.flat()).toEqual(Array(12).fill({ one: 1 }));
  });

  it('a failed query keeps its connection, rolled back (a full disk may refuse a new one)', async () => {
    if (t.database.kind !== 'postgres') return; // the embedded database has one connection
    const before = await backendPid();
    await expect(t.database.db.execute(sql`SELECT 1 / 0`)).rejects.toThrow('Failed query: SELECT 1 / 0');
    await expect(bossDatabase(t.database.db).executeSql('BEGIN; SELECT 1 / 0; COMMIT;', [])).rejects.toThrow(
      'division by zero',
    );
    // The pool hands out its most recently released connection: the one both failures ran on (an
    // aborted transaction left on it would fail this query).
    expect(await backendPid()).toBe(before);
  });

  it('a connection the server ends is dropped, in a query or a transaction, and the process goes on', async () => {
    if (t.database.kind !== 'postgres') return;
    const ended = await backendPid();
    await expect(t.database.db.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow();
    expect(await backendPid()).not.toBe(ended);
    // A transaction's connection is checked out without pg-pool's listener: its 'error' is heard.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => selectRows<{ one: number }>(t.database.db, sql`SELECT 1 AS one`)),
    );
    expect(answers.flat()).toEqual(Array(12).fill({ one: 1 }));
  });
});
