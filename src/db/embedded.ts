import { statfs } from 'node:fs/promises';
import { type PGlite, type QueryOptions, type Results, TransactionAbortedError } from '@electric-sql/pglite';

/** What Drizzle's PGlite driver calls on a client and on a transaction's client. */
export type EmbeddedQueryable = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

export type DatabaseLog = { info(message: string): void; warn(message: string): void; error(message: string): void };

/**
 * The embedded database stopped (PostgreSQL inside it hit a PANIC, e.g. a full disk while writing
 * its log) and is not open again yet. Code 57P03 (cannot_connect_now), like a PostgreSQL server
 * in recovery; `cause` is the error that stopped it.
 */
export class EmbeddedDatabaseStoppedError extends Error {
  readonly code = '57P03';
}

/** Free bytes for an unprivileged writer on the file system holding `directory`; undefined if unknown. */
export async function freeBytes(directory: string): Promise<number | undefined> {
  try {
    const stats = await statfs(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/**
 * Room a reopen needs: PostgreSQL's recovery ends with a checkpoint and may start a new 16 MiB log
 * segment; a reopen that fails for want of space cannot be closed and keeps its memory, so it is
 * not tried below this.
 */
export const ROOM_TO_REOPEN_BYTES = 64 * 1024 * 1024;

const isFatal = (error: unknown) =>
  error instanceof WebAssembly.RuntimeError ||
  (typeof error === 'object' &&
    error !== null &&
    ['PANIC', 'FATAL'].includes(String((error as { severity?: unknown }).severity)));

type Stopped = { cause: unknown; retryAt: number; failures: number };

export type EmbeddedOptions = {
  open(): Promise<PGlite>;
  /** The folder to reopen in; without one (in memory) a stopped database stays stopped. */
  directory?: string | undefined;
  log?: DatabaseLog | undefined;
};

/**
 * PGlite, one statement at a time, reopened by itself after PostgreSQL inside it stopped.
 *
 * Found by experiment (SECURITY.md § 9): when the disk fills while PostgreSQL needs a new log
 * segment, the statement fails with a PANIC (53100) and PGlite's instance is dead: the next
 * statement sent to it spins forever inside the WebAssembly and blocks the whole process. So every
 * statement passes through here one at a time, and an instance that answered PANIC or FATAL is
 * closed before anything else reaches it (closing it works and frees it). Later statements get
 * EmbeddedDatabaseStoppedError at once, until the disk has room again: then a new instance is
 * opened on the same folder, and PostgreSQL's recovery replays its log, so every committed
 * transaction is there and the one that failed is not.
 *
 * Transactions are BEGIN … COMMIT sent here rather than PGlite's own `transaction()`, whose
 * rollback after a PANIC would be that fatal next statement.
 */
export class EmbeddedDatabase implements EmbeddedQueryable {
  #instance: PGlite | undefined;
  #stopped: Stopped | undefined;
  #closed = false;
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    instance: PGlite,
    private readonly options: EmbeddedOptions,
  ) {
    this.#instance = instance;
  }

  static async open(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
    return new EmbeddedDatabase(await options.open(), options);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive((pg) => this.#guard(pg, () => pg.query<T>(text, params, options)));
  }

  /** Statements without parameters, several at once (the simple query protocol). */
  exec(text: string): Promise<Results[]> {
    return this.#exclusive((pg) => this.#guard(pg, () => pg.exec(text)));
  }

  transaction<T>(callback: (tx: EmbeddedQueryable) => Promise<T>): Promise<T> {
    return this.#exclusive(async (pg) => {
      await this.#guard(pg, () => pg.exec('BEGIN'));
      let open = true;
      const tx: EmbeddedQueryable = {
        query: (text, params, options) =>
          open
            ? this.#guard(pg, () => pg.query(text, params, options))
            : Promise.reject(new Error('Transaction is closed')),
      };
      try {
        const result = await callback(tx);
        open = false;
        const [commit] = await this.#guard(pg, () => pg.exec('COMMIT'));
        // An error caught inside the callback left the transaction aborted: COMMIT rolled it back.
        if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError();
        return result;
      } catch (error) {
        if (open && this.#instance === pg) {
          open = false;
          await this.#guard(pg, () => pg.exec('ROLLBACK')).catch(() => undefined);
        }
        throw error;
      }
    });
  }

  /** Closes the instance after the statements already queued. */
  async close(): Promise<void> {
    const closing = this.#queue.then(async () => {
      this.#closed = true;
      const pg = this.#instance;
      this.#instance = undefined;
      await pg?.close();
    });
    this.#queue = closing.catch(() => undefined);
    await closing;
  }

  #exclusive<T>(work: (pg: PGlite) => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => work(await this.#current()));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #guard<T>(pg: PGlite, statement: () => Promise<T>): Promise<T> {
    try {
      return await statement();
    } catch (error) {
      if (isFatal(error) && this.#instance === pg) {
        this.#instance = undefined;
        this.#stopped = { cause: error, retryAt: 0, failures: 0 };
        this.options.log?.error(
          `embedded database stopped (${describeError(error)}); it is reopened once ${this.options.directory ?? 'memory'} has room`,
        );
        await pg.close().catch(() => undefined);
      }
      throw error;
    }
  }

  /** The running instance, reopened if it stopped and may be reopened now. */
  async #current(): Promise<PGlite> {
    if (this.#closed) throw new Error('The database is closed');
    if (this.#instance) return this.#instance;
    const stopped = this.#stopped as Stopped;
    const { directory, log } = this.options;
    if (directory && Date.now() >= stopped.retryAt && ((await freeBytes(directory)) ?? 0) >= ROOM_TO_REOPEN_BYTES) {
      try {
        this.#instance = await this.options.open();
        this.#stopped = undefined;
        log?.info('embedded database reopened: writes work again');
        return this.#instance;
      } catch (error) {
        stopped.failures += 1;
        stopped.retryAt = Date.now() + Math.min(60_000, 1000 * 2 ** stopped.failures);
        log?.error(`embedded database could not be reopened (${describeError(error)}); trying again later`);
      }
    }
    throw new EmbeddedDatabaseStoppedError(`The embedded database stopped: ${describeError(stopped.cause)}`, {
      cause: stopped.cause,
    });
  }
}

const describeError = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `${code} ` : ''}${String(message)}`;
};
