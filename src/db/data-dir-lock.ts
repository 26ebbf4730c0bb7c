import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, utimes, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The embedded database belongs to one process at a time (PGlite is PostgreSQL's single-user mode:
 * two processes on one folder each keep their own buffers and counters, sell the same units and
 * overwrite each other's pages). Like PostgreSQL's `postmaster.pid`, a lock file beside the
 * folder names the process that has it; see SECURITY.md § 7.
 *
 * - Taking it is atomic: the content is written to a private file first and then hard-linked to the
 *   lock's name, which fails when the name exists, so of two processes starting at the same
 *   instant exactly one wins, and nobody ever reads half a lock.
 * - A lock left behind by a process that was killed (SIGKILL, OOM) is taken over: its pid is no
 *   longer running or is a zombie (killed, not yet reaped by its parent), or is our own pid (a
 *   restarted container), or now belongs to a younger process (the start time recorded beside the
 *   pid differs). A lock written on another machine or
 *   container (another host name) cannot be checked that way; its holder touches it every 10 s,
 *   and it is taken over once it has not been touched for 30 s.
 * - A live holder is waited for a few seconds (it may be shutting down: a restart right after a
 *   stop) before the start is refused.
 * - Taking over is serialised by a second lock file, so two processes finding the same abandoned
 *   lock cannot both replace it.
 */

const HEARTBEAT_MS = 10_000;
/** A lock from another host that has not been touched for this long is abandoned. */
export const ABANDONED_AFTER_MS = 30_000;
/** How long a start waits for a live holder to let go before refusing. */
export const LIVE_HOLDER_WAIT_MS = 5_000;
const LIVE_HOLDER_POLL_MS = 100;

export type LockHolder = { pid: number; startTime?: string; host: string; since: string };

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    const elsewhere = holder.host !== hostname();
    super(
      `${directory} is in use by another Matjar process (pid ${holder.pid}${elsewhere ? ` on ${holder.host}` : ''}, ` +
        `since ${holder.since}). The embedded database can be opened by one process at a time: stop the other ` +
        'process first, or, to run several processes, use a PostgreSQL server (DATABASE_URL). ' +
        (elsewhere
          ? `If that process is gone, its lock (${lockFile}) is taken over ${ABANDONED_AFTER_MS / 1000} s after its last sign of life.`
          : `Lock file: ${lockFile}.`),
    );
  }
}

export type DirectoryLock = { release(): void };

/** Locks this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * The fields of /proc/<pid>/stat after the command (Linux): [0] is the state, [19] the start time.
 * Undefined where there is no /proc or no such process.
 */
function processStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses: the fields after it follow its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The kernel's start time of a process, which tells a reused pid from the original. */
const processStartTime = (pid: number) => processStat(pid)?.[19];

/** A zombie (Z: killed or exited, its parent has not collected it yet) or a dying (X) process is dead. */
const isZombie = (pid: number) => ['Z', 'X'].includes(processStat(pid)?.[0] ?? '');

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The lock's text and holder; undefined when it is gone. A file that is not ours reads as abandoned. */
function readLock(file: string): { text: string; holder: LockHolder | undefined } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return {
      text,
      holder: Number.isInteger(holder.pid) && holder.pid > 0 && typeof holder.host === 'string' ? holder : undefined,
    };
  } catch {
    return { text, holder: undefined };
  }
}

function isRunning(holder: LockHolder | undefined, file: string): boolean {
  if (!holder) return false;
  if (holder.host !== hostname()) {
    // Another machine or container: its processes cannot be seen from here, its heartbeat can.
    try {
      return Date.now() - statSync(file).mtimeMs < ABANDONED_AFTER_MS;
    } catch {
      return false;
    }
  }
  // Our own pid is a previous life of this process number (the locks of this life are in heldHere).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if (errorCode(error) === 'ESRCH') return false;
  }
  if (isZombie(holder.pid)) return false;
  const startTime = processStartTime(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

function removeQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Removes an abandoned lock, unless another process replaced it meanwhile. */
async function removeAbandoned(lockFile: string, abandonedText: string, draft: string) {
  const takeover = `${lockFile}.takeover`;
  try {
    linkSync(draft, takeover);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    // Another process is replacing the same lock right now; if it died doing so, clear its claim.
    const claim = readLock(takeover);
    if (claim && !isRunning(claim.holder, takeover)) removeQuietly(takeover);
    else await sleep(25);
    return;
  }
  try {
    if (readLock(lockFile)?.text === abandonedText) unlinkSync(lockFile);
  } finally {
    removeQuietly(takeover);
  }
}

/**
 * Locks `directory` for this process (the lock file is `<directory>.lock`), or throws
 * DataDirectoryInUseError naming the process that has it.
 */
export async function lockDirectory(directory: string): Promise<DirectoryLock> {
  const lockFile = `${directory}.lock`;
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...(processStartTime(process.pid) ? { startTime: processStartTime(process.pid) } : {}),
  };
  if (heldHere.has(lockFile)) throw new DataDirectoryInUseError(directory, lockFile, mine);
  const text = `${JSON.stringify(mine)}\n`;
  const draft = `${lockFile}.${randomUUID()}`;
  writeFileSync(draft, text, { flag: 'wx', mode: 0o644 });
  const giveUpOnLiveHolderAt = Date.now() + LIVE_HOLDER_WAIT_MS;
  try {
    for (let takeovers = 0; ; ) {
      try {
        linkSync(draft, lockFile);
        break;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const current = readLock(lockFile);
      if (current?.holder && isRunning(current.holder, lockFile)) {
        if (Date.now() >= giveUpOnLiveHolderAt) throw new DataDirectoryInUseError(directory, lockFile, current.holder);
        await sleep(LIVE_HOLDER_POLL_MS);
        continue;
      }
      if (++takeovers > 100) throw new Error(`could not lock ${directory}: ${lockFile} keeps changing`);
      if (current) await removeAbandoned(lockFile, current.text, draft);
    }
  } finally {
    removeQuietly(draft);
  }
  heldHere.add(lockFile);

  // The heartbeat other hosts judge the lock by (a metadata write, which a full disk still allows).
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockFile, now, now, () => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.off('exit', release);
    if (!heldHere.delete(lockFile)) return;
    if (readLock(lockFile)?.text === text) removeQuietly(lockFile);
  };
  // An exit without close (process.exit after an error) leaves nothing behind either.
  process.on('exit', release);
  return { release };
}
