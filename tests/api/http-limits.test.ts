/**
 * What the real server process does with clients that send too much or too slowly (SECURITY.md
 * § 2 and § 9): web form posts are bounded (413 before buffering, memory stays flat), a request
 * body or headers that stop arriving time out, idle connections are closed, and a slow but real
 * upload still goes through.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_FORM_LIMIT_BYTES } from '../../src/contract/web.js';
import { multipart, noisyPng } from '../helpers/multipart.js';
import {
  call,
  killAllServers,
  postgresUrl,
  residentMemory,
  type ServerProcess,
  startServer,
  streamPost,
  TEST_ADMIN,
  throwawayDatabase,
} from '../helpers/server.js';

const MB = 1024 * 1024;
const dirs: string[] = [];
const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  await killAllServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

/** A real server on a fresh data folder, and on a throwaway database when DATABASE_URL names a server. */
async function freshServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-limits-'));
  dirs.push(dataDir);
  const serverUrl = postgresUrl();
  const database = serverUrl ? await throwawayDatabase(serverUrl) : undefined;
  if (database) databases.push(database);
  return startServer({ dataDir, databaseUrl: database?.url, env });
}

describe('web form bodies on the real server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
      stdio: 'inherit',
    });
    server = await freshServer({ SERVE_WEB: 'true' });
  }, 300_000);

  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const rss = () => residentMemory(server.child.pid ?? 0);

  it('a 300 MB url-encoded post to /login gets 413 before it is read, with or without Content-Length; memory stays flat', {
    timeout: 120_000,
  }, async () => {
    // The sign-in page and its action have run once, so what follows measures only the bodies.
    expect((await fetch(`${server.origin}/login`)).status).toBe(200);
    const small = await fetch(`${server.origin}/login`, {
      method: 'POST',
      headers: form,
      body: 'email=nobody%40example.com&password=wrong-password',
    });
    expect(small.status).toBe(400);
    const before = rss();
    const body = { head: Buffer.from('email='), size: 300 * MB, tail: Buffer.from('&password=x') };
    const declared = await streamPost(
      server.origin,
      '/login',
      { ...form, 'content-length': String(body.head.length + body.size + body.tail.length) },
      body,
      rss,
    );
    const chunked = await streamPost(server.origin, '/login', form, body, rss);
    const after = rss();
    console.log(
      `RSS before ${(before / MB).toFixed(1)} MB, after ${(after / MB).toFixed(1)} MB; peak growth ` +
        `${(declared.peak / MB).toFixed(1)} MB (Content-Length), ${(chunked.peak / MB).toFixed(1)} MB (chunked); ` +
        `chunked answered after ${(chunked.sentWhenAnswered / MB).toFixed(1)} MB sent`,
    );
    for (const res of [declared, chunked]) {
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('الطلب كبير جداً');
      expect(res.peak).toBeLessThan(64 * MB);
    }
    // Answered long before the body was all sent: refused from its Content-Length, or cut off once
    // past the limit. How much the client wrote meanwhile (socket buffers, the few seconds' drain
    // that lets it read the answer) depends on how busy the machine is; memory above is the bound.
    expect(declared.sentWhenAnswered).toBeLessThan(150 * MB);
    expect(chunked.sentWhenAnswered).toBeLessThan(150 * MB);
    expect(after - before).toBeLessThan(64 * MB);
    // The shop goes on: an ordinary form post still reaches its action.
    const again = await fetch(`${server.origin}/login`, {
      method: 'POST',
      headers: form,
      body: `email=${'a'.repeat(TEXT_FORM_LIMIT_BYTES / 2)}&password=x`,
    });
    expect(again.status).toBe(400);
  });
});

describe('slow and idle clients (CLIENT_TIMEOUT_SECONDS=2)', () => {
  const LIMIT_MS = 2000;
  /** Long enough for the limit, Node's 1 s check and a loaded machine; far below "forever". */
  const WAIT_MS = LIMIT_MS + 6000;
  let server: ServerProcess;
  let port: number;
  beforeAll(async () => {
    server = await freshServer({ CLIENT_TIMEOUT_SECONDS: String(LIMIT_MS / 1000) });
    port = Number(new URL(server.origin).port);
  });

  type Ending = { closed: boolean; afterMs: number; answer: string };

  /**
   * Opens a connection, writes `head` (and `burst` 200 ms later, once the server has read the
   * headers), then `drip` once a second; reports whether the server closed the connection within
   * WAIT_MS, when (from the end of `head`), and what it answered.
   */
  async function drip(head: string, drip: string | null, burst?: string): Promise<Ending> {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    // Writing into a connection the server has closed fails; the close is what is measured.
    socket.on('error', () => {});
    const closing = new Promise<true>((resolve) => socket.once('close', () => resolve(true)));
    if (head) socket.write(head);
    const started = Date.now();
    if (burst) setTimeout(() => socket.write(burst), 200);
    const dripping = setInterval(() => {
      if (drip !== null && socket.writable) socket.write(drip);
    }, 1000);
    const closed = await Promise.race([closing, sleep(WAIT_MS).then(() => false)]);
    clearInterval(dripping);
    socket.destroy();
    return { closed, afterMs: Date.now() - started, answer };
  }

  const expectClosedAtTheLimit = (ending: Ending) => {
    expect(ending.closed, `still open after ${WAIT_MS} ms`).toBe(true);
    // Not before the limit: the client had its time.
    expect(ending.afterMs).toBeGreaterThanOrEqual(LIMIT_MS - 200);
  };

  it('a body trickling a byte a second is answered 408 and closed at the limit', { timeout: 20_000 }, async () => {
    const ending = await drip(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      ' ',
    );
    expectClosedAtTheLimit(ending);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(ending.answer.split('\r\n\r\n')[1] ?? '')).toMatchObject({
      status: 'fail',
      code: 'REQUEST_TIMEOUT',
    });
  });

  it('a chunked body that stalls is closed too', { timeout: 20_000 }, async () => {
    const ending = await drip(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n',
      null,
    );
    expectClosedAtTheLimit(ending);
  });

  it('a body that arrives fast and then stalls is closed a stretch later (nothing banked)', {
    timeout: 20_000,
  }, async () => {
    const ending = await drip(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n',
      null,
      `{"email":"${'a'.repeat(50_000)}`,
    );
    // 50 KB in the first stretch keeps it going; the next stretch brings nothing.
    expect(ending.closed, `still open after ${WAIT_MS} ms`).toBe(true);
    expect(ending.afterMs).toBeGreaterThanOrEqual(2 * LIMIT_MS - 200);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('headers trickling a byte a second are cut off (Node’s headersTimeout)', { timeout: 20_000 }, async () => {
    expectClosedAtTheLimit(await drip('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'a'));
  });

  it('a connection that sends nothing, and a keep-alive connection left idle, are closed', {
    timeout: 30_000,
  }, async () => {
    expectClosedAtTheLimit(await drip('', null));

    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const [first] = (await once(socket, 'data')) as [Buffer];
    expect(first.toString()).toMatch(/^HTTP\/1\.1 200 /);
    const answered = Date.now();
    const closed = await Promise.race([once(socket, 'close').then(() => true), sleep(WAIT_MS).then(() => false)]);
    expect(closed, `keep-alive connection still open after ${WAIT_MS} ms`).toBe(true);
    expect(Date.now() - answered).toBeGreaterThanOrEqual(LIMIT_MS - 200);
  });

  it('an upload sent at a healthy rate that takes longer than the limit still succeeds', {
    timeout: 30_000,
  }, async () => {
    const admin = await call(server.origin, 'POST', 'auth/login', { body: TEST_ADMIN });
    expect(admin.status).toBe(200);
    const image = await noisyPng(200, 200);
    const { payload, headers } = multipart({ name: `ماركة بطيئة ${Date.now()}` }, { image });
    // About 120 KB in 4 KB pieces every 100 ms (40 KB/s, a slow phone): some 3 s, past the 2 s limit.
    expect(payload.length).toBeGreaterThan(100_000);
    const started = Date.now();
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${server.origin}/api/v1/brands`,
        {
          method: 'POST',
          agent: false,
          headers: {
            ...headers,
            'content-length': String(payload.length),
            authorization: `Bearer ${admin.body.token}`,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      let sent = 0;
      const pace = setInterval(() => {
        const piece = payload.subarray(sent, sent + 4096);
        sent += piece.length;
        if (sent >= payload.length) {
          clearInterval(pace);
          request.end(piece);
        } else request.write(piece);
      }, 100);
    });
    expect(Date.now() - started).toBeGreaterThan(LIMIT_MS);
    expect(res.status, res.body).toBe(201);
  });
});
