import { randomUUID } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { freeBytes } from '../db/embedded.js';
import { someError } from './db-errors.js';

/**
 * Storage failures (SECURITY.md § 9): the disk or quota is full — ENOSPC, EDQUOT, or PostgreSQL's
 * 53100 disk_full — or the storage itself fails — EIO, EROFS, PostgreSQL's 58030 io_error. Either
 * way the write did not happen (PostgreSQL rolled the transaction back; files are written aside
 * and renamed, see writeWholeFile); the answer is a 503 with Retry-After, not a 500.
 */
export type StorageCode = 'STORAGE_FULL' | 'STORAGE_UNAVAILABLE';

const codes: Record<string, StorageCode> = {
  ENOSPC: 'STORAGE_FULL',
  EDQUOT: 'STORAGE_FULL',
  '53100': 'STORAGE_FULL',
  EIO: 'STORAGE_UNAVAILABLE',
  EROFS: 'STORAGE_UNAVAILABLE',
  '58030': 'STORAGE_UNAVAILABLE',
};

/**
 * PostgreSQL's FATAL when a new connection cannot write the relation-cache init file into the
 * database's folder: a generic XX000, but only ever a full (or failing) disk under the database.
 */
const initFileUnwritable = (code: unknown, message: unknown) =>
  code === 'XX000' && typeof message === 'string' && message.startsWith('could not write init file');

export function storageFailureOf(error: unknown): StorageCode | undefined {
  let found: StorageCode | undefined;
  someError(error, ({ code, message }) => {
    found = initFileUnwritable(code, message) ? 'STORAGE_FULL' : typeof code === 'string' ? codes[code] : undefined;
    return found !== undefined;
  });
  return found;
}

/**
 * Writes a whole file or nothing: aside under a unique name, then renamed over `file`, so a reader
 * never sees part of it; a write that fails (a full disk) removes what it wrote.
 */
export async function writeWholeFile(file: string, data: string | Buffer) {
  const partial = `${file}.${randomUUID()}.part`;
  try {
    await writeFile(partial, data);
    await rename(partial, file);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
}

export type StorageProblem = { code: StorageCode; since: string };

/**
 * Remembers the last storage failure until writes work again, for readiness. `check()` is cheap
 * while storage is fine (a statfs); once a failure is remembered it probes — 64 KB written into
 * DATA_DIR and removed, and a rolled-back write in the database — until both succeed.
 */
export type StorageMonitor = {
  /** Remembers `error` if it is a storage failure; returns its code. */
  note(error: unknown): StorageCode | undefined;
  /** undefined when writes work. */
  check(): Promise<StorageProblem | undefined>;
};

/** Below this much free space in DATA_DIR the shop counts as full without waiting for a write to fail. */
const NEARLY_FULL_BYTES = 1024 * 1024;
const PROBE_BYTES = 64 * 1024;

export function createStorageMonitor(options: {
  directory: string;
  probeDatabase(): Promise<void>;
  log: FastifyBaseLogger;
}): StorageMonitor {
  let problem: StorageProblem | undefined;
  let checking: Promise<StorageProblem | undefined> | undefined;

  const remember = (code: StorageCode, error: unknown) => {
    if (problem) return;
    problem = { code, since: new Date().toISOString() };
    options.log.error({ err: error, code }, 'storage failing: writes are refused with 503 until it works again');
  };
  const note = (error: unknown) => {
    const code = storageFailureOf(error);
    if (code) remember(code, error);
    return code;
  };
  const probe = async () => {
    const file = path.join(options.directory, `.write-probe-${randomUUID()}`);
    // DATA_DIR may not exist yet on a PostgreSQL shop that has stored no file.
    await mkdir(options.directory, { recursive: true });
    try {
      await writeFile(file, Buffer.alloc(PROBE_BYTES));
    } finally {
      await unlink(file).catch(() => undefined);
    }
    await options.probeDatabase();
  };
  const check = async () => {
    const free = await freeBytes(options.directory);
    if (free !== undefined && free < NEARLY_FULL_BYTES) {
      remember('STORAGE_FULL', new Error(`${free} bytes free in ${options.directory}`));
    } else if (problem) {
      try {
        await probe();
        problem = undefined;
        options.log.info('storage works again');
      } catch (error) {
        note(error);
      }
    }
    return problem;
  };
  return {
    note,
    check: () => {
      checking ??= check().finally(() => {
        checking = undefined;
      });
      return checking;
    },
  };
}
