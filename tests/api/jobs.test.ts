/**
 * The shop's job runner (src/server/jobs/, docs/decisions/0024-job-runner.md) on the embedded
 * database, and on PostgreSQL when DATABASE_URL names a server. "Another process" is a second
 * runner on a second connection pool to the same database (PostgreSQL), or on the same embedded
 * database, which one process owns.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../../src/db/client.js';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const quiet = { warn: () => undefined, error: () => undefined };

let t: TestApp;
/** The same database through another connection pool (PostgreSQL), as a second process has. */
let other: DatabaseHandle;
const runners: JobRunner[] = [];
let queueCount = 0;
/** A queue name no earlier test used (the tests share one database). */
const newQueue = () => `test-queue-${++queueCount}`;

beforeAll(async () => {
  t = await createTestApp();
  other =
    t.database.kind === 'postgres'
      ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir })
      : t.database;
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

/**
 * A started runner; `polling` makes it fetch by itself every half second, otherwise jobs run only
 * when the test calls runDue().
 */
async function startRunner(
  register: (runner: JobRunner) => void,
  { database = t.database, polling = false, stopGraceSeconds = 10 } = {},
) {
  const runner = createJobRunner({
    db: database.db,
    settings: { enabled: polling, pollSeconds: 0.5 },
    log: quiet,
    stopGraceSeconds,
  });
  register(runner);
  await runner.start();
  runners.push(runner);
  return runner;
}

/**
 * Makes a waiting job due, as if its delay had passed: a second in the past, as a fetch in the same
 * millisecond (the embedded database's clock) would not yet take a start of now().
 */
const makeDue = (id: string) =>
  t.database.db.execute(sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = ${id}`);

async function until(check: () => boolean, seconds = 10) {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(50);
  }
}

describe('enqueueing inside a transaction', () => {
  it('a job enqueued in a transaction that rolls back never runs; one that commits runs once', async () => {
    const queue = newQueue();
    const seen: string[] = [];
    const runner = await startRunner((r) =>
      r.work<{ doc: string }>(queue, async ({ doc }) => {
        seen.push(doc);
      }),
    );
    const { db } = t.database;
    await expect(
      db.transaction(async (tx) => {
        await runner.enqueue(tx, queue, { doc: 'rolled back' });
        tx.rollback();
      }),
    ).rejects.toThrow(TransactionRollbackError);
    await expect(
      db.transaction(async (tx) => {
        await runner.enqueue(tx, queue, { doc: 'failed write' });
        throw new Error('the document could not be issued');
      }),
    ).rejects.toThrow('the document could not be issued');
    const id = await db.transaction((tx) => runner.enqueue(tx, queue, { doc: 'committed' }));

    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual(['committed']);
    expect(await runner.job(queue, id as string)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('an id given twice records one job (one job per document)', async () => {
    const queue = newQueue();
    const runner = await startRunner((r) => r.work(queue, async () => undefined));
    const documentId = crypto.randomUUID();
    expect(await runner.enqueue(t.database.db, queue, {}, { id: documentId })).toBe(documentId);
    expect(await runner.enqueue(t.database.db, queue, {}, { id: documentId })).toBeNull();
    expect(await runner.runDue()).toBe(1);
  });

  it('refuses a queue nobody registered instead of dropping the job', async () => {
    const runner = await startRunner(() => undefined);
    await expect(runner.enqueue(t.database.db, 'never-registered', {})).rejects.toThrow('Unknown job queue');
  });
});

describe('retries', () => {
  it('a handler failing twice then succeeding runs 3 times, each retry waiting longer (backoff with jitter)', async () => {
    const queue = newQueue();
    const attempts: number[] = [];
    const firstDelay = 10;
    const runner = await startRunner((r) =>
      r.work(
        queue,
        async (_payload, job) => {
          attempts.push(job.attempt);
          if (job.attempt < 3) throw new Error('ZATCA answered 503');
        },
        { retryLimit: 5, retryDelaySeconds: firstDelay },
      ),
    );
    const id = (await runner.enqueue(t.database.db, queue, {})) as string;
    const delays: number[] = [];
    for (const attempt of [1, 2]) {
      expect(await runner.runDue()).toBe(1);
      const failedAt = Date.now();
      const job = await runner.job(queue, id);
      expect(job).toMatchObject({ state: 'retry', attempts: attempt, output: { message: 'ZATCA answered 503' } });
      delays.push(((job?.startAfter.getTime() ?? 0) - failedAt) / 1000);
      // Not before its time.
      expect(await runner.runDue()).toBe(0);
      await makeDue(id);
    }
    expect(await runner.runDue()).toBe(1);

    expect(attempts).toEqual([1, 2, 3]);
    expect(await runner.job(queue, id)).toMatchObject({ state: 'completed', attempts: 3 });
    // The n-th retry waits between firstDelay·2^(n-1) and firstDelay·2^n seconds (less the test's own time).
    const [first = 0, second = 0] = delays;
    expect(first).toBeGreaterThan(firstDelay - 1);
    expect(first).toBeLessThanOrEqual(2 * firstDelay);
    expect(second).toBeGreaterThan(2 * firstDelay - 1);
    expect(second).toBeLessThanOrEqual(4 * firstDelay);
    expect(second).toBeGreaterThan(first);
  });

  it("a handler answering 'retry' is run again; out of attempts, the failure stays recorded", async () => {
    const queue = newQueue();
    const lastAttempts: boolean[] = [];
    const runner = await startRunner((r) =>
      r.work(
        queue,
        async (_payload, job) => {
          lastAttempts.push(job.lastAttempt);
          if (job.attempt === 1) return 'retry';
          throw new Error('certificate revoked');
        },
        { retryLimit: 1, retryDelaySeconds: 1 },
      ),
    );
    const id = (await runner.enqueue(t.database.db, queue, {})) as string;
    await runner.runDue();
    expect(await runner.job(queue, id)).toMatchObject({ state: 'retry', attempts: 1 });
    await makeDue(id);
    await runner.runDue();
    await makeDue(id);
    expect(await runner.runDue()).toBe(0);

    expect(lastAttempts).toEqual([false, true]);
    expect(await runner.job(queue, id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      output: { message: 'certificate revoked' },
    });
  });
});

describe('several processes', () => {
  it('a job whose process died mid-run runs again elsewhere once its lease has expired', async () => {
    const queue = newQueue();
    const runs: string[] = [];
    let crashedStarted = false;
    const crashed = await startRunner(
      (r) =>
        r.work(
          queue,
          () => {
            crashedStarted = true;
            return new Promise<void>(() => undefined);
          },
          { leaseSeconds: 30, retryDelaySeconds: 1 },
        ),
      { stopGraceSeconds: 0 },
    );
    const id = (await crashed.enqueue(t.database.db, queue, { doc: 'invoice-1' })) as string;
    void crashed.runDue();
    await until(() => crashedStarted);
    await crashed.stop();

    const restarted = await startRunner(
      (r) =>
        r.work(
          queue,
          async (_payload, job) => {
            runs.push(`attempt ${job.attempt}`);
          },
          { leaseSeconds: 30, retryDelaySeconds: 1 },
        ),
      { database: other },
    );
    // Still leased to the dead process.
    await restarted.maintain();
    expect(await restarted.runDue()).toBe(0);
    expect(await restarted.job(queue, id)).toMatchObject({ state: 'active' });

    // The lease runs out (moved back in time rather than waited for: no race with a slow start).
    await t.database.db.execute(sql`UPDATE pgboss.job SET started_on = now() - interval '31 seconds' WHERE id = ${id}`);
    await restarted.maintain();
    expect(await restarted.job(queue, id)).toMatchObject({ state: 'retry' });
    await makeDue(id);
    expect(await restarted.runDue()).toBe(1);
    expect(runs).toEqual(['attempt 2']);
    expect(await restarted.job(queue, id)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('a runner stopping lets the job it is running finish and record its end', async () => {
    const queue = newQueue();
    let started = false;
    const runner = await startRunner(
      (r) =>
        r.work(queue, async () => {
          started = true;
          await delay(300);
        }),
      { polling: true },
    );
    const id = (await runner.enqueue(t.database.db, queue, {})) as string;
    await until(() => started);
    await runner.stop();
    const reader = await startRunner(() => undefined);
    expect(await reader.job(queue, id)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('two polling runners on one database run each job exactly once', async () => {
    const queue = newQueue();
    const ran: { runner: string; n: number }[] = [];
    const register = (name: string) => (r: JobRunner) =>
      r.work<{ n: number }>(
        queue,
        async ({ n }) => {
          await delay(5);
          ran.push({ runner: name, n });
        },
        { concurrency: 2 },
      );
    const first = await startRunner(register('first'), { polling: true });
    await startRunner(register('second'), { database: other, polling: true });
    const count = 30;
    await t.database.db.transaction(async (tx) => {
      for (let n = 0; n < count; n += 1) await first.enqueue(tx, queue, { n });
    });

    await until(() => ran.length >= count);
    await delay(1500);
    expect(ran.map(({ n }) => n).sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
    if (t.database.kind === 'postgres') {
      // Both took part (the embedded database answers one statement at a time, so one may take all).
      expect(new Set(ran.map(({ runner }) => runner)).size).toBe(2);
    }
  });

  it('processes starting at once on one database create the same new queues without failing', async () => {
    // Two shop processes started together each create every queue; on PostgreSQL pg-boss's
    // create_queue of one can deadlock with the other's (it failed a CI run before the retry).
    const databases = t.database.kind === 'postgres' ? [t.database, other, t.database, other] : [t.database];
    for (let round = 0; round < 3; round += 1) {
      const names = Array.from({ length: 6 }, newQueue);
      const register = (r: JobRunner) => {
        for (const name of names) r.work(name, async () => undefined);
      };
      await Promise.all(databases.map((database) => startRunner(register, { database })));
      const created = await selectRows<{ name: string }>(
        t.database.db,
        sql`SELECT name FROM pgboss.queue WHERE name IN ${names}`,
      );
      expect(created.map(({ name }) => name).sort()).toEqual([...names].sort());
    }
  });

  it('a schedule runs once per period across two runners', async () => {
    const name = newQueue();
    // Long enough that two rounds of ticks never straddle a period's end on a busy machine.
    const period = 5;
    let runs = 0;
    const register = (r: JobRunner) =>
      r.schedule(name, period, async () => {
        runs += 1;
      });
    const first = await startRunner(register);
    const second = await startRunner(register, { database: other });
    const tickBoth = async () => {
      for (const runner of [first, second, first, second]) await runner.tickSchedules();
      await Promise.all([first.runDue(), second.runDue()]);
    };
    /** Waits until just after the next period starts (the periods are counted from the epoch). */
    const nextPeriod = () => delay(period * 1000 - (Date.now() % (period * 1000)) + 250);

    await nextPeriod();
    await tickBoth();
    await tickBoth();
    expect(runs).toBe(1);
    await nextPeriod();
    await tickBoth();
    expect(runs).toBe(2);
  });
});

describe('with the app', () => {
  it('the app starts its runner when ready and stops it when closed; JOBS=off enqueues but runs nothing', async () => {
    const seen: string[] = [];
    const register = (prefix: string) => async (app: TestApp['app']) => {
      app.jobs.work<{ doc: string }>('e-invoicing-report', async ({ doc }) => {
        seen.push(`${prefix} ${doc}`);
      });
    };
    const off = await createTestApp({ jobs: { enabled: false, pollSeconds: 0.5 } }, register('off'));
    try {
      await off.database.db.transaction((tx) => off.app.jobs.enqueue(tx, 'e-invoicing-report', { doc: 'A' }));
      await delay(1200);
      expect(seen).toEqual([]);
    } finally {
      await off.close();
    }

    const on = await createTestApp({ jobs: { enabled: true, pollSeconds: 0.5 } }, register('on'));
    try {
      await on.database.db.transaction((tx) => on.app.jobs.enqueue(tx, 'e-invoicing-report', { doc: 'B' }));
      await until(() => seen.length === 1);
      expect(seen).toEqual(['on B']);
    } finally {
      await on.close();
    }
  });
});
