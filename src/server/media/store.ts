import { createHash } from 'node:crypto';
import { access, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_SIZE_WIDTHS, IMAGE_URL_WIDTH, IMAGE_WIDTHS } from '../../contract/constants.js';
import { imageUploadFailure } from '../../contract/images.js';
import type { StoredImage } from '../../contract/types.js';
import { failure } from '../errors.js';
import { writeWholeFile } from '../storage.js';

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
  /** Whether the files of a stored key are there. */
  has(key: string): Promise<boolean>;
  /** Absolute URL of a stored key's largest width. */
  url(key: string | null, origin: string): string | null;
  /** The key with the absolute URL of each of its sizes. */
  sizes(key: string | null, origin: string): StoredImage | null;
  /** Deletes every width of a stored key (a file already gone is no failure). */
  remove(key: string): Promise<void>;
  directory: string;
};

/** A key written before media was stored here (a full URL elsewhere): never a file of ours. */
export const isExternalKey = (key: string) => /^https?:\/\//.test(key);

export function createMediaStore(options: { directory: string; maxPixels: number }): MediaStore {
  const fileOf = (key: string, width: number) => path.join(options.directory, `${key}-${width}.webp`);
  const urlOf = (key: string, origin: string, width: number) =>
    isExternalKey(key) ? key : `${origin}/media/${key}-${width}.webp`;
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
    const stored = await Promise.all(
      IMAGE_WIDTHS.map((width) =>
        access(fileOf(key, width)).then(
          () => true,
          () => false,
        ),
      ),
    );
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
    // Whole files or none (a reader, or a second save of the same file, never sees half of one); a
    // full disk fails the save with its own error (503 STORAGE_FULL), not as a bad image.
    await mkdir(path.dirname(fileOf(key, IMAGE_URL_WIDTH)), { recursive: true });
    await Promise.all(IMAGE_WIDTHS.map((width, i) => writeWholeFile(fileOf(key, width), encoded[i] as Buffer)));
    return key;
  }

  return {
    directory: options.directory,
    check,
    async has(key) {
      if (isExternalKey(key)) return false;
      return access(fileOf(key, IMAGE_URL_WIDTH)).then(
        () => true,
        () => false,
      );
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
      await Promise.all(
        IMAGE_WIDTHS.map((width) =>
          unlink(fileOf(key, width)).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          }),
        ),
      );
    },
  };
}
