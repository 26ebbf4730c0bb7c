/**
 * A process that holds a folder's lock (tests/api/data-dir-lock.test.ts): takes it, says `locked`,
 * and keeps it until it reads `release` on stdin (then lets go and exits) or is killed.
 */
import { createInterface } from 'node:readline';
import { lockDirectory } from '../../src/db/data-dir-lock.js';

const lock = await lockDirectory(process.argv[2] as string);
console.log('locked');
// Alive whatever stdin does (a background job's stdin is /dev/null).
const alive = setInterval(() => undefined, 60_000);
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'release') continue;
  lock.release();
  clearInterval(alive);
  process.exit(0);
}
