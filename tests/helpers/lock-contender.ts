/**
 * One process racing for a folder's lock (tests/api/data-dir-lock.test.ts): loads, says `ready`,
 * waits for `go` on stdin so every contender tries at the same instant, then says `won` (and holds
 * the lock, alive, for longer than the others wait for a live holder) or `lost`.
 */
import { createInterface } from 'node:readline';
import { DataDirectoryInUseError, LIVE_HOLDER_WAIT_MS, lockDirectory } from '../../src/db/data-dir-lock.js';

const directory = process.argv[2] as string;
const lines = createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) {
  if (line !== 'go') continue;
  try {
    const lock = await lockDirectory(directory);
    console.log('won');
    await new Promise((resolve) => setTimeout(resolve, LIVE_HOLDER_WAIT_MS + 3000));
    lock.release();
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    console.log('lost');
  }
  break;
}
lines.close();
