import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, selectRows, type Tx } from '../../db/client.js';
import { brands, categories, checkoutSessions, homeSlides, orderItems, products } from '../../db/schema.js';
import { isExternalKey, type MediaFolder, type MediaStore } from './store.js';

/**
 * Media nothing refers to is deleted (docs/architecture.md § Images). Keys are content hashes, so
 * one file may be shared by several rows: a file goes only once no committed row names its key.
 * Two things race: a write that names a key (its file saved before its transaction) and a release
 * that deletes it. Both lock the key in the database, the write shared until it commits, the
 * release exclusively while it looks and deletes: the release then sees the write's row, or the
 * write finds the file gone and saves it again.
 */

/** First half of the advisory lock of a media key; the second is the key's hash. */
const MEDIA_LOCK_CLASS = 7305728;

async function lockKeys(tx: Tx, keys: readonly string[], mode: 'shared' | 'exclusive') {
  // One order everywhere: two transactions locking the same keys cannot deadlock.
  for (const key of [...keys].sort()) {
    await tx.execute(
      mode === 'shared'
        ? sql`SELECT pg_advisory_xact_lock_shared(${MEDIA_LOCK_CLASS}, hashtext(${key}))`
        : sql`SELECT pg_advisory_xact_lock(${MEDIA_LOCK_CLASS}, hashtext(${key}))`,
    );
  }
}

const textArray = (values: readonly string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The keys some row still names. Every column that holds a media key is here: a table that gains
 * one must be added, or its pictures may be deleted under it.
 */
async function referencedKeys(tx: Tx, keys: readonly string[]): Promise<Set<string>> {
  const rows = await selectRows<{ key: string }>(
    tx,
    sql`SELECT k AS key FROM unnest(${textArray(keys)}) AS k
      WHERE EXISTS (SELECT 1 FROM ${products} WHERE ${products.imageCover} = k OR k = ANY(${products.images}))
        OR EXISTS (SELECT 1 FROM ${categories} WHERE ${categories.image} = k)
        OR EXISTS (SELECT 1 FROM ${brands} WHERE ${brands.image} = k)
        OR EXISTS (SELECT 1 FROM ${homeSlides} WHERE ${homeSlides.image} = k)
        OR EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.imageCover} = k)
        OR EXISTS (
          SELECT 1 FROM ${checkoutSessions}
          WHERE ${checkoutSessions.lines} @> jsonb_build_array(jsonb_build_object('imageCover', k))
        )`,
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * A file a write names: saved for this request, with its bytes (or how to read them again) to
 * save it again if a release took it meanwhile; or one already stored (the write checks it is
 * still there once it is held).
 */
export type SavedUpload =
  | { folder: MediaFolder; key: string; input: Buffer | (() => Promise<Buffer>) }
  | { key: string };

/**
 * Inside the transaction that writes the uploads' keys: holds them against a release until it
 * commits (all in one call, in one order, so a release cannot deadlock with it), and saves again
 * any upload a release deleted since it was saved (rare: then it is decoded again).
 */
export async function claimUploads(tx: Tx, media: MediaStore, uploads: readonly SavedUpload[]) {
  if (uploads.length === 0) return;
  await lockKeys(tx, [...new Set(uploads.map((upload) => upload.key))], 'shared');
  for (const upload of uploads) {
    if (!('input' in upload) || (await media.has(upload.key))) continue;
    await media.save(upload.folder, typeof upload.input === 'function' ? await upload.input() : upload.input);
  }
}

/**
 * Runs a write that names the uploads in one transaction (claimUploads first), then deletes what
 * nothing refers to any more: the keys the write dropped once it committed, the uploads if it failed.
 */
export async function writeNamingMedia<T>(
  db: Database,
  media: MediaStore,
  log: FastifyBaseLogger,
  uploads: readonly SavedUpload[],
  write: (tx: Tx) => Promise<{ result: T; dropped: readonly (string | null)[] }>,
): Promise<T> {
  let done: { result: T; dropped: readonly (string | null)[] };
  try {
    done = await db.transaction(async (tx) => {
      await claimUploads(tx, media, uploads);
      return write(tx);
    });
  } catch (error) {
    await releaseMedia(
      db,
      media,
      uploads.map((upload) => upload.key),
      log,
    );
    throw error;
  }
  await releaseMedia(db, media, done.dropped, log);
  return done.result;
}

/**
 * After a write has committed (or failed): deletes the files of those keys that no row names any
 * more. Called with the keys a write dropped, or the new keys of a write that failed. A failure is
 * logged and never fails the request: a file left behind costs disk space, not a picture.
 */
export async function releaseMedia(
  db: Database,
  media: MediaStore,
  keys: Iterable<string | null | undefined>,
  log: FastifyBaseLogger,
) {
  const candidates = [
    ...new Set([...keys].filter((key): key is string => Boolean(key) && !isExternalKey(key as string))),
  ];
  if (candidates.length === 0) return;
  try {
    await db.transaction(async (tx) => {
      await lockKeys(tx, candidates, 'exclusive');
      const used = await referencedKeys(tx, candidates);
      await Promise.all(candidates.filter((key) => !used.has(key)).map((key) => media.remove(key)));
    });
  } catch (error) {
    log.warn({ err: error, keys: candidates }, 'unused media not deleted');
  }
}
