import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';

/**
 * The production build (built first if stale) on a fresh seeded database in its own data folder,
 * as the page benchmarks measure it. `ready()` waits for /readyz; `stop()` ends it and removes
 * the folder.
 */
export function startProductionShop(port: number, env: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-bench-shop-'));
  buildIfStale();
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    origin,
    async ready() {
      for (let i = 0; i < 240; i++) {
        if (server.exitCode !== null) throw new Error('the server exited during start-up');
        try {
          if ((await fetch(`${origin}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('the server did not become ready');
    },
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
