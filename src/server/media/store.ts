import { createHash } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_URL_WIDTH, IMAGE_WIDTHS } from '../../contract/constants.js';
import { failure, HttpError } from '../errors.js';
import { writeWholeFile } from '../storage.js';

/** Formats we accept from uploads. SVG is refused: it can carry script. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);

export type MediaFolder = 'products' | 'categories' | 'brands';

export type MediaStore = {
  /**
   * Validates, re-encodes to square WebP in every width and returns the stored key. The key is
   * the upload's content hash, so the same file sent twice (a product's cover, which is also the
   * first of its images) is one picture with one URL.
   */
  save(folder: MediaFolder, input: Buffer): Promise<string>;
  /** Absolute URL of a stored key's largest width. */
  url(key: string | null, origin: string): string | null;
  directory: string;
};

export function createMediaStore(options: { directory: string; maxPixels: number }): MediaStore {
  return {
    directory: options.directory,
    async save(folder, input) {
      let image: ReturnType<typeof sharp>;
      try {
        image = sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error', animated: false });
        const meta = await image.metadata();
        if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw failure('imageInvalid');
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const tooBig = error instanceof Error && /pixel limit/i.test(error.message);
        throw failure(tooBig ? 'imageTooManyPixels' : 'imageInvalid');
      }
      const key = `${folder}/${createHash('sha256').update(input).digest('hex').slice(0, 32)}`;
      const fileOf = (width: number) => path.join(options.directory, `${key}-${width}.webp`);
      const stored = await Promise.all(
        IMAGE_WIDTHS.map((width) =>
          access(fileOf(width)).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (stored.every(Boolean)) return key;
      let encoded: Buffer[];
      try {
        encoded = await Promise.all(
          IMAGE_WIDTHS.map((width) =>
            image
              .clone()
              .rotate()
              .resize({ width, height: width, fit: 'contain', background: '#ffffff', withoutEnlargement: false })
              .flatten({ background: '#ffffff' })
              .webp({ quality: 80 })
              .toBuffer(),
          ),
        );
      } catch {
        throw failure('imageInvalid');
      }
      // Whole files or none (a reader, or a second save of the same file, never sees half of one); a
      // full disk fails the save with its own error (503 STORAGE_FULL), not as a bad image.
      await mkdir(path.join(options.directory, folder), { recursive: true });
      await Promise.all(IMAGE_WIDTHS.map((width, i) => writeWholeFile(fileOf(width), encoded[i] as Buffer)));
      return key;
    },
    url(key, origin) {
      if (!key) return null;
      if (/^https?:\/\//.test(key)) return key;
      return `${origin}/media/${key}-${IMAGE_URL_WIDTH}.webp`;
    },
  };
}
