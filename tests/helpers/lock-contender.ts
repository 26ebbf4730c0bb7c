/**
 * One process racing for a folder's lock (tests/api/data-dir-lock.test.ts): loads, says `ready`,
 * waits for `go` on stdin so every contender tries at the same instant, then says `won` (and holds
 * the lock a moment, alive, while the others look at it) or `lost`.
 */
import { createInterface } from 'node:readline';
import { DataDirectoryInUseError, lockDirectory } from '../../src/db/data-dir-lock.js';

const directory = process.argv[2] as string;
const lines = createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) {
  if (line !== 'go') continue;
  try {
    const lock = await lockDirectory(directory);
    console.log('won');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    lock.release();
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    console.log('lost');
  }
  break;
}
lines.close();
