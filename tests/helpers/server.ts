import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The PostgreSQL server named by DATABASE_URL, when the tests run against one. */
export const postgresUrl = (): string | undefined => {
  const url = process.env.DATABASE_URL;
  return url && !url.startsWith('memory://') ? url : undefined;
};

/** A new, empty database on the PostgreSQL server at `serverUrl`; `drop()` removes it. */
export async function throwawayDatabase(serverUrl: string) {
  const name = `matjar_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const TEST_JWT_SECRET = 'server-test-secret-that-is-long-enough-for-hs256';
export const TEST_ADMIN = { email: 'admin@matjar.test', password: 'Admin-Password-2026' };

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const running = new Set<ServerProcess>();

/** A port nobody listens on right now (the kernel's choice), so parallel test files never collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Kills every server this file started (afterAll, even when a test failed half-way). */
export async function killAllServers() {
  await Promise.all([...running].map((server) => server.kill('SIGKILL')));
}
process.on('exit', () => {
  for (const server of running) server.child.kill('SIGKILL');
});

export type ServerOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  timeoutMs?: number;
  port?: number;
};

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, no build needed) on a free port,
 * API only (SERVE_WEB=false), and waits until /readyz answers 200.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = await spawnServer(options);
  if (await untilReady(server, options.timeoutMs)) return server;
  await server.kill();
  throw new Error(`server did not become ready:\n${server.output()}`);
}

/** Spawns the real server without waiting for it: see startServer and untilReady. */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    SEED_ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000',
    PAYMENT_PROVIDER: 'test',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    // Keep the start and the end: enough to explain a failure without growing without bound.
    log = log.length > 200_000 ? `${log.slice(0, 20_000)}\n…\n${log.slice(-100_000)}${text}` : log + text;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = {
    child,
    origin,
    output: () => log,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const result = await exited;
      running.delete(server);
      return result;
    },
  };
  running.add(server);
  exited.then(() => running.delete(server));
  return server;
}

/** Waits until the server's /readyz answers 200 (true), or it exited or the time ran out (false). */
export async function untilReady(server: ServerProcess, timeoutMs = 45_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const { child } = server;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(`${server.origin}/readyz`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** JSON over HTTP to a spawned server. */
export async function call(
  origin: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the API answered.
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}${url.startsWith('/') ? url : `/api/v1/${url}`}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

/** Resident memory of a process, in bytes (VmRSS of /proc/<pid>/status). */
export function residentMemory(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

export type Streamed = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** Bytes of the body written when the answer came. */
  sentWhenAnswered: number;
  /** The highest value `sample` returned while the request ran, less its first. */
  peak: number;
};

/**
 * POSTs `head`, then `size` bytes (one 64 kB block over and over, so the client allocates
 * nothing), then `tail`, over a real connection; stops sending as soon as the answer arrives.
 * Without a Content-Length among `headers` the body goes chunked. `sample` (the memory of whatever
 * is measured) is read every 25 ms while it runs.
 */
export function streamPost(
  origin: string,
  url: string,
  headers: Record<string, string>,
  body: { head: Buffer; size: number; tail: Buffer },
  sample: () => number = () => 0,
): Promise<Streamed> {
  return new Promise<Streamed>((resolve, reject) => {
    const baseline = sample();
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, sample() - baseline);
    }, 25);
    const started = Date.now();
    let sent = 0;
    let answered = false;
    // Keep-alive, as browsers send: a client that asks the server to close after its answer may
    // lose that answer to the reset its next write meets.
    const options = { method: 'POST', headers: { connection: 'keep-alive', ...headers }, agent: false };
    const request = http.request(`${origin}${url}`, options, (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, sample() - baseline);
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: Date.now() - started,
          sentWhenAnswered,
          peak,
        });
      });
    });
    // Writing after the answer ends the connection; that is the point.
    request.on('error', (error) => {
      if (!answered) {
        clearInterval(sampler);
        reject(error);
      }
    });
    const block = Buffer.alloc(64 * 1024, 0x5a);
    request.write(body.head);
    const pump = () => {
      while (!answered && sent < body.size) {
        sent += block.length;
        if (!request.write(block)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered) request.end(body.tail);
    };
    pump();
  });
}
