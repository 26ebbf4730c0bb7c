import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_SIZE_WIDTHS, IMAGE_URL_WIDTH, IMAGE_WIDTHS } from '../../contract/constants.js';
import { imageUploadFailure } from '../../contract/images.js';
import type { StoredImage } from '../../contract/types.js';
import type { Config } from '../config.js';
import { failure } from '../errors.js';
import { diskBackend, type MediaBackend } from './backend.js';
import { s3Backend } from './s3-backend.js';

export type MediaFolder = 'products' | 'categories' | 'brands' | 'slides';

export type MediaStore = {
  /**
   * Checks (imageUploadFailure), re-encodes to square WebP in every width and returns the stored
   * key. The key is the upload's content hash, so the same file sent twice (a product's cover,
   * which is also the first of its images) is one picture with one URL, decoded once.
   */
  save(folder: MediaFolder, input: Buffer): Promise<string>;
  /** Refuses what `save` would refuse as a picture (415, 413), without saving it. */
  check(input: Buffer): Promise<void>;
  /** Whether the files of a stored key are there (its largest width). */
  has(key: string): Promise<boolean>;
  /** Absolute URL of a stored key's largest width: under MEDIA_PUBLIC_URL, or the shop's `origin`/media. */
  url(key: string | null, origin: string): string | null;
  /** The key with the absolute URL of each of its sizes. */
  sizes(key: string | null, origin: string): StoredImage | null;
  /** Deletes every width of a stored key (a file already gone is no failure). */
  remove(key: string): Promise<void>;
  /** The folder app.ts serves at /media/, or none (MEDIA_STORE=s3: the URLs lead to MEDIA_PUBLIC_URL). */
  directory: string | undefined;
  /** Lets go of the backend's connections. */
  close(): Promise<void>;
};

/** A key written before media was stored here (a full URL elsewhere): never a file of ours. */
export const isExternalKey = (key: string) => /^https?:\/\//.test(key);

/**
 * The pictures' work — checks, WebP widths, content-hash keys, one decode for the same file sent
 * twice at once — over a backend that only keeps bytes (src/server/media/backend.ts).
 */
export function createMediaStore(options: {
  backend: MediaBackend;
  maxPixels: number;
  /** MEDIA_PUBLIC_URL: the base of every URL; without it the shop's own /media/ at the request's origin. */
  publicUrl?: string | undefined;
}): MediaStore {
  const { backend } = options;
  const nameOf = (key: string, width: number) => `${key}-${width}.webp`;
  const urlOf = (key: string, origin: string, width: number) =>
    isExternalKey(key) ? key : `${options.publicUrl ?? `${origin}/media`}/${nameOf(key, width)}`;
  /** Saves under way by key: the same file sent twice at once is decoded and written once. */
  const saving = new Map<string, Promise<string>>();

  /** Reads only the header: a bad or huge picture is refused before anything is decoded. */
  async function check(input: Buffer): Promise<void> {
    let header: Metadata;
    try {
      // Unbounded here: reading the header decodes nothing, and the bound is imageUploadFailure's.
      header = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
    } catch {
      throw failure('imageInvalid');
    }
    const problem = imageUploadFailure(
      { format: header.format, ...(header.autoOrient ?? header) },
      { maxPixels: options.maxPixels },
    );
    if (problem === 'imageInvalid' || problem === 'imageTooManyPixels') throw failure(problem);
  }

  async function encode(key: string, input: Buffer): Promise<string> {
    await check(input);
    const stored = await Promise.all(IMAGE_WIDTHS.map((width) => backend.exists(nameOf(key, width))));
    if (stored.every(Boolean)) return key;
    let encoded: Buffer[];
    try {
      // Decoded once, into the largest square; the smaller widths are cut from those pixels.
      const largest = await sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: IMAGE_URL_WIDTH, height: IMAGE_URL_WIDTH, fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = largest.info;
      encoded = await Promise.all(
        IMAGE_WIDTHS.map((size) =>
          sharp(largest.data, { raw: { width, height, channels } })
            .resize({ width: size, height: size })
            .webp({ quality: 80 })
            .toBuffer(),
        ),
      );
    } catch {
      throw failure('imageInvalid');
    }
    // Whole objects or none (a reader, or a second save of the same file, never sees half of one); a
    // full disk or a bucket that does not answer fails the save with its own 503, not as a bad image.
    await Promise.all(IMAGE_WIDTHS.map((width, i) => backend.put(nameOf(key, width), encoded[i] as Buffer)));
    return key;
  }

  return {
    directory: backend.directory,
    close: () => backend.close(),
    check,
    async has(key) {
      return !isExternalKey(key) && backend.exists(nameOf(key, IMAGE_URL_WIDTH));
    },
    save(folder, input) {
      const key = `${folder}/${createHash('sha256').update(input).digest('hex').slice(0, 32)}`;
      const running = saving.get(key);
      if (running) return running;
      const job = encode(key, input).finally(() => saving.delete(key));
      saving.set(key, job);
      return job;
    },
    url(key, origin) {
      return key ? urlOf(key, origin, IMAGE_URL_WIDTH) : null;
    },
    sizes(key, origin) {
      if (!key) return null;
      return {
        key,
        small: urlOf(key, origin, IMAGE_SIZE_WIDTHS.small),
        medium: urlOf(key, origin, IMAGE_SIZE_WIDTHS.medium),
        large: urlOf(key, origin, IMAGE_SIZE_WIDTHS.large),
      };
    },
    async remove(key) {
      if (isExternalKey(key)) return;
      await Promise.all(IMAGE_WIDTHS.map((width) => backend.delete(nameOf(key, width))));
    },
  };
}

/**
 * The shop's media store as configured (MEDIA_STORE, docs/deploy.md § Media on object storage):
 * DATA_DIR/media or the S3 bucket. Its owner closes it.
 */
export function mediaStoreOf(
  config: Pick<Config, 'dataDir' | 'media' | 'maxImagePixels'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): MediaStore {
  const { media } = config;
  return createMediaStore({
    backend: media.store === 's3' ? s3Backend(media.s3, log) : diskBackend(path.join(config.dataDir, 'media')),
    maxPixels: config.maxImagePixels,
    publicUrl: media.publicUrl,
  });
}
