import { access, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeWholeFile } from '../storage.js';

/** How every picture file is served: WebP, and never changed under its name (the key is a content hash). */
export const MEDIA_CONTENT_TYPE = 'image/webp';
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Where the pictures' bytes go (docs/deploy.md § Media on object storage): whole objects by name,
 * `<folder>/<hash>-<width>.webp`, the same names on disk and in a bucket so a shop can move.
 */
export type MediaBackend = {
  /** Writes a whole object or none (a reader never sees part of one). */
  put(name: string, body: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** An object already gone is no failure. */
  delete(name: string): Promise<void>;
  /** The folder the shop serves at /media/; none when the objects are served from MEDIA_PUBLIC_URL only. */
  directory: string | undefined;
  close(): Promise<void>;
};

/** DATA_DIR/media: a full disk fails a put with its own error (503 STORAGE_FULL, src/server/storage.ts). */
export function diskBackend(directory: string): MediaBackend {
  const fileOf = (name: string) => path.join(directory, name);
  return {
    directory,
    async put(name, body) {
      await mkdir(path.dirname(fileOf(name)), { recursive: true });
      await writeWholeFile(fileOf(name), body);
    },
    exists: (name) =>
      access(fileOf(name)).then(
        () => true,
        () => false,
      ),
    async delete(name) {
      await unlink(fileOf(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async close() {},
  };
}
