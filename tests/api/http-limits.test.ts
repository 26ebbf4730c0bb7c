/**
 * What the real server process does with clients that send too much (SECURITY.md § 2): web form
 * posts are bounded (413 before buffering, memory stays flat).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_FORM_LIMIT_BYTES } from '../../src/contract/web.js';
import {
  killAllServers,
  postgresUrl,
  residentMemory,
  type ServerProcess,
  startServer,
  streamPost,
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
    // Refused from its Content-Length: nothing had to be read.
    expect(declared.sentWhenAnswered).toBeLessThan(32 * MB);
    // Cut off once past the limit (plus what sat in socket buffers), not at 300 MB.
    expect(chunked.sentWhenAnswered).toBeLessThan(32 * MB);
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
