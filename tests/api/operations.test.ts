/**
 * Guarantee 9 (operations): health probes, graceful shutdown of the real server process (a request
 * accepted before SIGTERM still completes, then the process exits 0), and a lost database
 * connection answering 503 (not 500) and recovering by itself (PostgreSQL, through a TCP proxy the
 * test cuts and restores, and with the server's sessions terminated by PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  call,
  freePort,
  killAllServers,
  postgresUrl,
  startServer,
  TEST_ADMIN,
  throwawayDatabase,
} from '../helpers/server.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'matjar-ops-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await killAllServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/healthz answers 200 without touching the database; /readyz checks the database', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
  });
});

describe('graceful shutdown', () => {
  it('a request accepted before SIGTERM completes with 200, then the process exits 0', {
    timeout: 60_000,
  }, async () => {
    const server = await startServer({ dataDir: tempDir() });
    const body = JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const { port } = new URL(server.origin);
    // `Expect: 100-continue`: the server answers "100 Continue" once it has taken the request in;
    // only then is SIGTERM sent, and only after that is the body written.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/auth/login',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.on('continue', () => {
        server.child.kill('SIGTERM');
        // Give the signal time to land before the body arrives.
        setTimeout(() => request.end(body), 200);
      });
      request.flushHeaders();
    });
    const { status, text } = await answer;
    expect(status, text).toBe(200);
    expect(JSON.parse(text).token).toEqual(expect.any(String));
    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    // And it no longer takes connections.
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();
  });
});

/** A TCP proxy in front of PostgreSQL that can be cut (connections dropped, port closed) and restored. */
async function tcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let listener: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      listener = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve());
    });
  await open();
  return {
    port,
    restore: open,
    async cut() {
      const closed = new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async close() {
      await this.cut();
    },
  };
}

const pgUrl = postgresUrl();
describe.skipIf(!pgUrl)('database connection loss (PostgreSQL)', () => {
  it('answers 503 in the error shape while the database is unreachable, and recovers by itself', {
    timeout: 60_000,
  }, async () => {
    if (!pgUrl) return;
    const database = await throwawayDatabase(pgUrl);
    const target = new URL(database.url);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    try {
      const viaProxy = new URL(database.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const server = await startServer({ dataDir: tempDir(), databaseUrl: viaProxy.toString() });
      const login = await call(server.origin, 'POST', '/api/v1/auth/login', { body: TEST_ADMIN });
      expect(login.status).toBe(200);
      const token = login.body.token as string;
      expect((await call(server.origin, 'GET', '/api/v1/categories')).status).toBe(200);

      await proxy.cut();
      // A guest's answer kept at the catalogue's version may still be served while the version
      // read stays trusted (a second by default, docs/caching.md); after that, every read asks.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      for (const [url, auth] of [
        ['/api/v1/categories', undefined],
        ['/api/v1/products?keyword=هاتف', undefined],
        ['/api/v1/users/getMe', token],
      ] as const) {
        const res = await call(server.origin, 'GET', url, auth ? { token: auth } : {});
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(503);
        expect(res.body).toEqual({ status: 'error', message: m.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      }
      const ready = await call(server.origin, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'error', message: m.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      // Liveness does not depend on the database: the process itself is fine.
      expect((await call(server.origin, 'GET', '/healthz')).status).toBe(200);

      await proxy.restore();
      const recovered = await until(
        async () => (await call(server.origin, 'GET', '/api/v1/categories')).status === 200,
      );
      expect(recovered).toBe(true);
      expect((await call(server.origin, 'GET', '/readyz')).status).toBe(200);
      expect((await call(server.origin, 'GET', '/api/v1/users/getMe', { token })).status).toBe(200);

      // PostgreSQL itself ending the server's sessions (restart, failover, an admin): never a 500.
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database.name]);
      await admin.end();
      const statuses: number[] = [];
      const back = await until(async () => {
        const status = (await call(server.origin, 'GET', '/api/v1/categories')).status;
        statuses.push(status);
        return status === 200;
      });
      expect(back).toBe(true);
      for (const status of statuses) expect([200, 503]).toContain(status);
      expect((await server.kill('SIGTERM')).code).toBe(0);
    } finally {
      await killAllServers();
      await proxy.close();
      await database.drop();
    }
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
