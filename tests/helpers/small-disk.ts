import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type SmallDisk = {
  /** The mounted file system's root. */
  dir: string;
  /** Writes a filler file until the file system is full (ENOSPC). */
  fill(): void;
  /** Removes the filler: the space is back. */
  free(): void;
  unmount(): void;
};

/**
 * A fresh tmpfs of `size` (e.g. '256m'), to fill up. Needs root (CI runs as root); when mounting
 * is not allowed the test fails with this explanation rather than skipping.
 */
export function mountSmallDisk(size: string): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'matjar-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
    throw new Error(
      `This test fills a small file system and needs to mount one (as root): mount -t tmpfs -o size=${size} tmpfs ${dir} failed: ${detail}`,
    );
  }
  return {
    dir,
    fill: () => fillDisk(dir),
    free: () => freeDisk(dir),
    unmount() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        // Something still holds a file open there: detach it now, the kernel frees it when closed.
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes `<dir>/filler` until the file system holding it is full (ENOSPC). */
export function fillDisk(dir: string) {
  const fd = openSync(path.join(dir, 'filler'), 'a');
  try {
    for (const size of [1024 * 1024, 4096]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Removes what fillDisk wrote: the space is back. */
export function freeDisk(dir: string) {
  rmSync(path.join(dir, 'filler'), { force: true });
}
