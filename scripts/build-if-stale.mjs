// Builds (web bundle + compiled server) when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'build', '.stamp');
const inputs = [
  'src',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** When the last build finished (0 for none), or null when the sources are newer. */
function builtAt() {
  const built = existsSync(stamp) && existsSync(path.join(root, 'dist/server/main.js')) ? statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
  return sources <= built ? built : null;
}

// Test files running in parallel may all find the build stale: one builds, the others wait for it.
const lock = path.join(root, '.build-lock');
const LOCK_STALE_MS = 10 * 60 * 1000;
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function buildIfStale() {
  if (builtAt() !== null) return;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process builds; a lock left by a builder that died is taken over.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true });
      sleep(500);
    }
  }
  try {
    // The build may have been made while this process waited.
    if (builtAt() !== null) return;
    console.log(existsSync(stamp) ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
    // `npm run build` writes the stamp when it succeeds.
    // A production build whoever asks: under vitest NODE_ENV is `test`, which Vite would keep,
    // shipping React's development build (a third larger and slower).
    execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
