import PgBoss from 'pg-boss';
import type { Database, Tx } from '../../db/client.js';
import type { JobSettings } from '../config.js';
import { bossDatabase } from './connection.js';

/**
 * The shop's durable background work, on pg-boss in its own `pgboss` schema of the shop's database
 * (embedded or PostgreSQL): docs/decisions/0024-job-runner.md.
 *
 * A job is enqueued inside the caller's transaction (rolled back with it, committed with it), runs
 * once across every process sharing the database (each fetch locks its row, SKIP LOCKED), is
 * retried with exponential backoff and jitter after a thrown error or a returned 'retry', and runs
 * again when the process running it died (its lease expires and the maintenance hands it out again).
 * A job out of attempts stays in the table as `failed` with the last error.
 */

/** What a handler answers: nothing when done, 'retry' to be run again later (as after an error). */
export type JobOutcome = 'retry' | undefined;
/** Which run this is; on the last one a failure is final (a handler may record it on its own rows). */
export type JobAttempt = { id: string; attempt: number; lastAttempt: boolean };
export type JobHandler<Payload> = (payload: Payload, job: JobAttempt) => Promise<JobOutcome> | Promise<void>;

export type WorkOptions = {
  /** Jobs of this queue one process runs at once. */
  concurrency?: number;
  /** Runs after the first one; 0 means a failure is final. */
  retryLimit?: number;
  /** The first retry waits between half of this and this many seconds; each next one twice as long. */
  retryDelaySeconds?: number;
  /** A job running longer (e.g. its process died) is handed out again by the maintenance. */
  leaseSeconds?: number;
};

export type EnqueueOptions = {
  /** A UUID: a second enqueue with the same one is ignored (e.g. one job per document). */
  id?: string;
  /** Not run before this many seconds have passed. */
  startAfterSeconds?: number;
  /** With singletonSeconds: at most one job of this key per period of that many seconds. */
  singletonKey?: string;
  singletonSeconds?: number;
};

export type JobState = {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  attempts: number;
  startAfter: Date;
  output: unknown;
};

type Logger = { warn(details: object, message: string): void; error(details: object, message: string): void };

type Registered = {
  handler: JobHandler<never>;
  concurrency: number;
  queue: PgBoss.Queue;
  /** Set for a schedule: its period in seconds. */
  everySeconds?: number;
};

const WORK_DEFAULTS = { concurrency: 1, retryLimit: 5, retryDelaySeconds: 10, leaseSeconds: 300 };
/** How often each process enqueues the current period's job of every schedule (once per period across all). */
const SCHEDULE_TICK_SECONDS = 1;
/** pg-boss's expiry, archiving and deletion, run by one process per interval. */
const MAINTENANCE_SECONDS = 30;
/** A failed job stays in pg-boss's job table (and job()) this long before it is archived. */
const KEEP_FAILED_SECONDS = 30 * 24 * 60 * 60;

/** How often a queue's creation is tried again after PostgreSQL chose it as a deadlock's victim. */
const QUEUE_SETUP_ATTEMPTS = 5;

/**
 * Creates `name`'s queue, or updates its options when it exists. Processes starting at once on one
 * PostgreSQL create their queues side by side; pg-boss's create_queue attaches a partition to its
 * job table, and two of them can deadlock (PostgreSQL then fails one). The failed one waits a
 * moment and tries again, and then finds the queue made by the other or makes it alone.
 */
async function setUpQueue(boss: PgBoss, name: string, queue: PgBoss.Queue) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
      return;
    } catch (error) {
      const deadlock = (error as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt === QUEUE_SETUP_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job runner, started when the app is ready and stopped when it closes. */
    jobs: JobRunner;
  }
}

export function createJobRunner(options: {
  db: Database;
  settings: JobSettings;
  log: Logger;
  /**
   * How long stop() waits for running handlers before leaving their jobs to the lease; under the
   * 10 s main.ts gives the whole shutdown.
   */
  stopGraceSeconds?: number;
}) {
  const { db, settings, log, stopGraceSeconds = 5 } = options;
  const boss = new PgBoss({
    db: bossDatabase(db),
    supervise: settings.enabled,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    // pg-boss's own cron works by the minute; schedules here are periods in seconds (below).
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job runner: pg-boss failed'));
  const queues = new Map<string, Registered>();
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const wakers = new Set<() => void>();
  let state: 'new' | 'started' | 'stopped' = 'new';

  const register = (name: string, entry: Registered) => {
    if (state !== 'new') throw new Error(`Job queue ${name} registered after the runner started`);
    if (queues.has(name)) throw new Error(`Job queue ${name} registered twice`);
    queues.set(name, entry);
  };

  /** Fetches one due job of the queue and runs it; false when none was due. */
  const runNext = async (name: string): Promise<boolean> => {
    const entry = queues.get(name) as Registered;
    const [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
    if (!job) return false;
    const run = (async () => {
      try {
        const attempt = job.retryCount + 1;
        const outcome = await (entry.handler as JobHandler<object>)(job.data, {
          id: job.id,
          attempt,
          lastAttempt: attempt > (entry.queue.retryLimit ?? 0),
        });
        if (outcome === 'retry') await boss.fail(name, job.id, { message: 'the handler asked to retry' });
        else await boss.complete(name, job.id);
      } catch (error) {
        log.warn({ err: error, queue: name, jobId: job.id }, 'job failed; retried later if attempts remain');
        await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
    })();
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
    return true;
  };

  const sleep = (seconds: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, seconds * 1000);
      wakers.add(wake);
    });

  const poll = async (name: string) => {
    while (state === 'started') {
      const ran = await runNext(name).catch((error: unknown) => {
        log.error({ err: error, queue: name }, 'job runner: fetching or recording a job failed');
        return false;
      });
      if (!ran && state === 'started') await sleep(settings.pollSeconds);
    }
  };

  /** Enqueues the current period's job of every schedule; a period's second enqueue is ignored. */
  const tickSchedules = async () => {
    for (const [name, entry] of queues) {
      if (entry.everySeconds === undefined) continue;
      await boss.send(name, {}, { singletonKey: name, singletonSeconds: entry.everySeconds });
    }
  };

  return {
    /** Runs `handler` for each job of `queue`; call before the app starts. */
    work<Payload extends object>(queue: string, handler: JobHandler<Payload>, options: WorkOptions = {}) {
      const { concurrency, retryLimit, retryDelaySeconds, leaseSeconds } = { ...WORK_DEFAULTS, ...options };
      register(queue, {
        handler: handler as JobHandler<never>,
        concurrency,
        queue: {
          name: queue,
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: leaseSeconds,
        },
      });
    },

    /**
     * Runs `handler` once per period of `everySeconds` across every process sharing the database
     * (the period's job is a singleton, docs/decisions/0024-job-runner.md). A failed run is not
     * retried: the next period runs it again.
     */
    schedule(
      name: string,
      everySeconds: number,
      handler: () => Promise<void>,
      options: { leaseSeconds?: number } = {},
    ) {
      if (!Number.isInteger(everySeconds) || everySeconds < 1)
        throw new Error('A schedule runs every whole second or more');
      register(name, {
        handler: () => handler(),
        concurrency: 1,
        everySeconds,
        queue: {
          name,
          retryLimit: 0,
          expireInSeconds: options.leaseSeconds ?? Math.max(everySeconds, 60),
        },
      });
    },

    /**
     * Records a job in `db`'s transaction (or at once on the database): it exists only if that
     * transaction commits. Answers the job's id, or null when an id or singleton already had one.
     */
    async enqueue<Payload extends object>(
      db: Database | Tx,
      queue: string,
      payload: Payload,
      options: EnqueueOptions = {},
    ): Promise<string | null> {
      if (!queues.has(queue)) throw new Error(`Unknown job queue ${queue}: register it with work() first`);
      return boss.send(queue, payload, {
        db: bossDatabase(db),
        ...(options.id === undefined ? {} : { id: options.id }),
        ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
        ...(options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey }),
        ...(options.singletonSeconds === undefined ? {} : { singletonSeconds: options.singletonSeconds }),
      });
    },

    /** Creates pg-boss's schema and the queues; when enabled, starts polling, schedules and maintenance. */
    async start() {
      if (state !== 'new') return;
      await boss.start();
      for (const [name, entry] of queues) await setUpQueue(boss, name, entry.queue);
      state = 'started';
      if (!settings.enabled) return;
      for (const [name, entry] of queues) {
        for (let i = 0; i < entry.concurrency; i += 1) void poll(name);
      }
      if ([...queues.values()].some((entry) => entry.everySeconds !== undefined)) {
        const timer = setInterval(() => {
          tickSchedules().catch((error: unknown) => log.error({ err: error }, 'job runner: a schedule failed'));
        }, SCHEDULE_TICK_SECONDS * 1000);
        timer.unref();
        timers.add(timer);
        await tickSchedules();
      }
    },

    /** Stops fetching; waits for running handlers up to the grace, then leaves their jobs to the lease. */
    async stop() {
      if (state !== 'started') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      for (const timer of timers) clearInterval(timer);
      for (const wake of wakers) wake();
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          graceTimer = setTimeout(resolve, stopGraceSeconds * 1000);
        }),
      ]);
      clearTimeout(graceTimer);
      await boss.stop({ graceful: false, wait: true });
    },

    /**
     * Runs every job due now, one at a time, until none is left; answers how many ran. For tests,
     * and for a process started with JOBS=off that wants one pass.
     */
    async runDue(queue?: string): Promise<number> {
      let count = 0;
      for (const name of queue ? [queue] : queues.keys()) {
        while (await runNext(name)) count += 1;
      }
      return count;
    },

    tickSchedules,

    /** pg-boss's maintenance now: jobs whose lease ran out are retried (or failed), old ones archived. */
    maintain: () => boss.maintain(),

    /** A job's state, attempts so far and last output (the error of a failure). */
    async job(queue: string, id: string): Promise<JobState | null> {
      const job = await boss.getJobById<object>(queue, id, { includeArchive: true });
      if (!job) return null;
      const attempts = job.startedOn ? job.retryCount + 1 : job.retryCount;
      return { id: job.id, state: job.state, attempts, startAfter: job.startAfter, output: job.output };
    },
  };
}
