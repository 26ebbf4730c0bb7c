// Builds (web bundle + compiled server) when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

export function buildIfStale() {
  const built = existsSync(stamp) && existsSync(path.join(root, 'dist/server/main.js')) ? statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
  if (sources <= built) return;
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  // `npm run build` writes the stamp when it succeeds.
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
