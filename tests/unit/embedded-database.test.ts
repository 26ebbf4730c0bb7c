import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabase } from '../../src/db/embedded.js';
import { storageFailureOf } from '../../src/server/storage.js';

/*
 * The embedded database's guard (src/db/embedded.ts): after PostgreSQL's PANIC the instance is
 * closed before another statement reaches it, later statements fail at once, and a new instance
 * is opened once the folder has room. A stand-in for PGlite plays the PANIC here;
 * tests/api/disk-full.test.ts does it for real on a full disk.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const panic = Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'), {
  severity: 'PANIC',
  code: '53100',
});

/** A stand-in instance: answers `SELECT 1`, PANICs on `PANIC`, and records what reached it. */
function fakeInstance(name: string, reached: string[]) {
  let closed = false;
  const run = async (text: string) => {
    if (closed) throw new Error(`${name} is closed`);
    reached.push(`${name}: ${text}`);
    if (text === 'PANIC') throw panic;
    return { rows: [{ name }], fields: [], command: 'SELECT' };
  };
  return {
    query: run,
    exec: async (text: string) => [await run(text)],
    close: async () => {
      closed = true;
      reached.push(`${name}: closed`);
    },
  } as unknown as PGlite;
}

describe('the embedded database after a PANIC', () => {
  it('closes the instance at once, refuses statements while the folder has no room, then reopens by itself', async () => {
    // A folder that does not exist yet: no free space can be measured there, so no reopen.
    const directory = path.join(mkdtempSync(path.join(tmpdir(), 'matjar-embedded-')), 'pgdata');
    dirs.push(path.dirname(directory));
    const reached: string[] = [];
    let opened = 0;
    const database = await EmbeddedDatabase.open({
      open: async () => fakeInstance(`instance ${++opened}`, reached),
      directory,
    });

    // The PANIC and two statements already queued behind it.
    const results = await Promise.allSettled([
      database.query('PANIC'),
      database.query('SELECT 1'),
      database.transaction((tx) => tx.query('SELECT 1')),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: panic });
    for (const result of results.slice(1)) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason.code).toBe('57P03');
      expect(reason.cause).toBe(panic);
      expect(storageFailureOf(reason)).toBe('STORAGE_FULL');
    }
    // Nothing reached the stopped instance after its PANIC but the close.
    expect(reached).toEqual(['instance 1: PANIC', 'instance 1: closed']);

    // The folder has room: the next statement opens a new instance and runs there.
    mkdirSync(directory);
    expect((await database.query('SELECT 1')).rows).toEqual([{ name: 'instance 2' }]);
    await database.close();
  });

  it('stays stopped in memory (a new instance would be empty)', async () => {
    const reached: string[] = [];
    const database = await EmbeddedDatabase.open({ open: async () => fakeInstance('memory', reached) });
    await expect(database.query('PANIC')).rejects.toBe(panic);
    await expect(database.query('SELECT 1')).rejects.toMatchObject({ code: '57P03' });
    expect(reached).toEqual(['memory: PANIC', 'memory: closed']);
  });
});

describe('the embedded database’s transactions', () => {
  // It opens a real PGlite, which takes seconds on a busy machine.
  it('commit, roll back on an error, and refuse to commit a transaction an error aborted', {
    timeout: 60_000,
  }, async () => {
    const database = await EmbeddedDatabase.open({ open: () => PGlite.create() });
    try {
      await database.exec('CREATE TABLE t (id int PRIMARY KEY)');
      await database.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
      });
      await expect(
        database.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (2)');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // An error caught inside leaves the transaction aborted: COMMIT rolls it back, and says so.
      await expect(
        database.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (3)');
          await tx.query('INSERT INTO t VALUES (1)').catch(() => undefined);
        }),
      ).rejects.toBeInstanceOf(TransactionAbortedError);
      expect((await database.query<{ id: number }>('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe('storage failures', () => {
  it('are told apart from other errors, also inside a wrapper', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });
    expect(storageFailureOf(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe('STORAGE_FULL');
    expect(storageFailureOf(wrapped({ code: 'EDQUOT' }))).toBe('STORAGE_FULL');
    expect(storageFailureOf(wrapped({ code: '53100', severity: 'ERROR' }))).toBe('STORAGE_FULL');
    expect(storageFailureOf(wrapped({ code: '58030' }))).toBe('STORAGE_UNAVAILABLE');
    expect(storageFailureOf({ code: 'EIO' })).toBe('STORAGE_UNAVAILABLE');
    expect(storageFailureOf({ code: 'EROFS' })).toBe('STORAGE_UNAVAILABLE');
    // A new connection that cannot write the relation-cache init file on the database's full disk.
    expect(storageFailureOf(wrapped({ code: 'XX000', message: 'could not write init file' }))).toBe('STORAGE_FULL');
    const otherInternal = { code: 'XX000', message: 'cache lookup failed' };
    for (const other of [
      { code: '23505' },
      { code: 'ECONNREFUSED' },
      otherInternal,
      new Error('x'),
      'text',
      undefined,
    ]) {
      expect(storageFailureOf(wrapped(other))).toBeUndefined();
    }
  });
});
