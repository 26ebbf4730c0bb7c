/**
 * SECURITY.md § 7: the embedded database belongs to one process. A second server on the same
 * DATA_DIR refuses to start and says what to do, while the first keeps serving; of two started at
 * the same instant exactly one serves; a lock left by a killed process (even one not yet reaped)
 * does not stop the next start, and a holder that is stopping is waited for.
 * Real server processes (tests/helpers/server.ts), and processes racing for the lock itself.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { DataDirectoryInUseError, LIVE_HOLDER_WAIT_MS, lockDirectory } from '../../src/db/data-dir-lock.js';
import {
  call,
  killAllServers,
  type ServerProcess,
  spawnServer,
  startServer,
  TEST_ADMIN,
  untilReady,
} from '../helpers/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'matjar-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await killAllServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const IN_USE = 'is in use by another Matjar process';
const lockFileOf = (dataDir: string) => path.join(dataDir, 'pgdata.lock');
const lockHolder = (dataDir: string) => JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid as number;

async function signUp(origin: string) {
  const email = `lock-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = 'correct-horse-9';
  const res = await call(origin, 'POST', '/api/v1/auth/signup', {
    body: { name: 'زبون', email, phone: '0551234567', password, passwordConfirm: password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, password };
}

/** The process's exit, or a failure after `ms` (a second server that serves never exits). */
async function exitOf(server: ServerProcess, ms = 45_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${server.output()}`)), ms);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('one server per embedded database', () => {
  it('a second server on the same DATA_DIR exits 1 saying what to do; the first keeps serving', {
    timeout: 120_000,
  }, async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    const customer = await signUp(first.origin);

    const second = await spawnServer({ dataDir });
    const exit = await exitOf(second);
    expect(exit.code, second.output()).toBe(1);
    expect(second.output()).toContain(IN_USE);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).toContain('stop the other process first');
    expect(second.output()).toContain('use a PostgreSQL server (DATABASE_URL)');
    // Any other opener (the seed command, a script) is refused the same way.
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirectoryInUseError);

    // The first one never noticed.
    expect((await call(first.origin, 'POST', '/api/v1/auth/login', { body: customer })).status).toBe(200);
    await signUp(first.origin);
    expect((await call(first.origin, 'GET', '/readyz')).status).toBe(200);

    // A clean shutdown gives the folder back.
    expect((await first.kill('SIGTERM')).code).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('two servers started at the same instant: exactly one serves', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    const servers = await Promise.all([spawnServer({ dataDir }), spawnServer({ dataDir })]);
    const serving = await Promise.all(servers.map((server) => untilReady(server, 90_000)));
    expect(serving.filter(Boolean), servers.map((server) => server.output()).join('\n---\n')).toHaveLength(1);
    const winner = servers[serving.indexOf(true)] as ServerProcess;
    const loser = servers[serving.indexOf(false)] as ServerProcess;
    expect((await exitOf(loser)).code).toBe(1);
    expect(loser.output()).toContain(IN_USE);
    await signUp(winner.origin);
    expect(lockHolder(dataDir)).toBe(winner.child.pid);
    expect((await winner.kill('SIGTERM')).code).toBe(0);
  });

  it('after the holder is killed (SIGKILL), a new server starts on the same folder with its data', {
    timeout: 120_000,
  }, async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    const customer = await signUp(first.origin);
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    // Its lock is still there, naming a process that no longer runs.
    expect(lockHolder(dataDir)).toBe(first.child.pid);

    const second = await startServer({ dataDir });
    expect(lockHolder(dataDir)).toBe(second.child.pid);
    expect((await call(second.origin, 'POST', '/api/v1/auth/login', { body: customer })).status).toBe(200);
    expect((await call(second.origin, 'POST', '/api/v1/auth/login', { body: TEST_ADMIN })).status).toBe(200);
    expect((await second.kill('SIGTERM')).code).toBe(0);
  });
});

describe('the lock', () => {
  const writeLock = (directory: string, holder: Record<string, unknown>) =>
    writeFileSync(`${directory}.lock`, JSON.stringify({ since: new Date().toISOString(), ...holder }));

  it('is taken over from a process that is gone, from our own pid, and from a reused pid; not from a live process', {
    timeout: 60_000,
  }, async () => {
    const directory = path.join(tempDir(), 'pgdata');
    const sleeper = spawn('sleep', ['60']);
    try {
      const dead = spawn(process.execPath, ['-e', '']);
      const deadPid = dead.pid as number;
      await new Promise((resolve) => dead.on('exit', resolve));

      for (const abandoned of [
        { pid: deadPid, host: hostname() },
        // A restarted container often gets the pid its previous life had.
        { pid: process.pid, host: hostname() },
        // The pid runs, but it is a younger process than the one that wrote the lock.
        { pid: sleeper.pid, host: hostname(), startTime: '1' },
        // Another machine that has not touched it for a minute.
        { pid: 1, host: 'elsewhere.example' },
      ]) {
        writeLock(directory, abandoned);
        if (abandoned.host !== hostname()) {
          const minuteAgo = new Date(Date.now() - 60_000);
          utimesSync(`${directory}.lock`, minuteAgo, minuteAgo);
        }
        const lock = await lockDirectory(directory);
        expect(JSON.parse(readFileSync(`${directory}.lock`, 'utf8')).pid).toBe(process.pid);
        lock.release();
        expect(existsSync(`${directory}.lock`)).toBe(false);
      }

      for (const live of [
        { pid: sleeper.pid, host: hostname() },
        // Another machine whose process touched it a moment ago.
        { pid: 1, host: 'elsewhere.example' },
      ]) {
        writeLock(directory, live);
        const started = Date.now();
        const refused = await lockDirectory(directory).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(DataDirectoryInUseError);
        expect((refused as Error).message).toContain(`pid ${live.pid}`);
        // Refused only after waiting for it to let go.
        expect(Date.now() - started).toBeGreaterThanOrEqual(LIVE_HOLDER_WAIT_MS);
      }
      rmSync(`${directory}.lock`);

      // This very process cannot open it twice either.
      const lock = await lockDirectory(directory);
      await expect(lockDirectory(directory)).rejects.toThrow(DataDirectoryInUseError);
      lock.release();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('a holder killed but not yet reaped by its parent (a zombie) is dead: the next start takes the lock at once', {
    timeout: 60_000,
  }, async () => {
    const directory = path.join(tempDir(), 'pgdata');
    // The holder's parent never collects its children: a shell that becomes `sleep`.
    const parent = spawn('sh', ['-c', '"$@" & exec sleep 120', 'sh', ...holderCommand(directory)], { cwd: root });
    try {
      await said(parent, 'locked');
      const holder = JSON.parse(readFileSync(`${directory}.lock`, 'utf8')).pid as number;
      expect(holder).not.toBe(parent.pid);
      process.kill(holder, 'SIGKILL');
      await until(() => processState(holder) === 'Z');

      const started = Date.now();
      const lock = await lockDirectory(directory);
      expect(Date.now() - started).toBeLessThan(LIVE_HOLDER_WAIT_MS);
      expect(JSON.parse(readFileSync(`${directory}.lock`, 'utf8')).pid).toBe(process.pid);
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('a live holder that lets go within the wait (a restart during a stop): the start waits and takes the lock', {
    timeout: 60_000,
  }, async () => {
    const directory = path.join(tempDir(), 'pgdata');
    const [command, ...args] = holderCommand(directory) as [string, ...string[]];
    const holder = spawn(command, args, { cwd: root });
    try {
      await said(holder, 'locked');
      const letGo = setTimeout(() => holder.stdin.write('release\n'), 1500);
      const started = Date.now();
      const lock = await lockDirectory(directory).finally(() => clearTimeout(letGo));
      // It waited for the holder (which lets go 1.5 s in) rather than refusing at once.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(JSON.parse(readFileSync(`${directory}.lock`, 'utf8')).pid).toBe(process.pid);
      lock.release();
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('eight processes racing for a folder, free or with an abandoned lock: exactly one wins', {
    timeout: 120_000,
  }, async () => {
    for (const abandoned of [false, true]) {
      const directory = path.join(tempDir(), 'pgdata');
      if (abandoned) writeLock(directory, { pid: 2 ** 22 + 1, host: hostname() });
      const contenders = Array.from({ length: 8 }, () =>
        spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/lock-contender.ts'), directory], {
          cwd: root,
        }),
      );
      try {
        const outcomes = contenders.map(outcomeOf);
        await Promise.all(outcomes.map((outcome) => outcome.ready));
        for (const contender of contenders) contender.stdin.write('go\n');
        const results = await Promise.all(outcomes.map((outcome) => outcome.result));
        expect(
          results.filter((result) => result === 'won'),
          results.join(' '),
        ).toHaveLength(1);
        expect(results.filter((result) => result === 'lost')).toHaveLength(7);
      } finally {
        for (const contender of contenders) contender.kill('SIGKILL');
      }
    }
  });
});

/** A process that takes the folder's lock and holds it: tests/helpers/lock-holder.ts. */
const holderCommand = (directory: string) => [
  process.execPath,
  '--import',
  'tsx',
  path.join(root, 'tests/helpers/lock-holder.ts'),
  directory,
];

/** Resolves once `child` has printed the line `word`; fails if it exits first. */
function said(child: ChildProcessWithoutNullStreams, word: string) {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.split('\n').includes(word)) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', () => reject(new Error(`exited before saying ${word}: ${output}`)));
  });
}

/** A process's state letter in /proc/<pid>/stat (R, S, Z…). */
const processState = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

async function until(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A contender's `ready`, then its `won` or `lost` (or whatever else it said, to fail with). */
function outcomeOf(child: ChildProcessWithoutNullStreams) {
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
  }
  return {
    ready: said(child, 'ready'),
    result: new Promise<string>((resolve) => {
      child.once('exit', () => resolve(/^(won|lost)$/m.exec(output)?.[1] ?? output));
    }),
  };
}
