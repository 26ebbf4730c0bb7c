import { z } from 'zod';
import type { IMAGE_SIZE_WIDTHS } from './constants.js';

/**
 * A stored picture: its key (what an edit sends back to keep it, docs/architecture.md § Images)
 * and the absolute URL of each size, so no client builds URLs itself.
 */
export const storedImageSchema = z.object({
  key: z.string(),
  small: z.string(),
  medium: z.string(),
  large: z.string(),
});

export type ImageSize = keyof typeof IMAGE_SIZE_WIDTHS;

/** What an upload's header says of it (width and height as shown, after its EXIF orientation). */
export type ImageHeader = { format?: string | undefined; width?: number | undefined; height?: number | undefined };

/** The limits an upload is held to: the server's pixel bound, and a narrowest width where the screens ask one. */
export type ImageLimits = { maxPixels: number; minWidth?: number };

/** Formats accepted from uploads. SVG is refused: it can carry script. */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);

/**
 * The one check of an uploaded picture's format, pixel count and width (docs/architecture.md §
 * Images): the API runs it on every upload (products, categories, brands) before decoding, the
 * product form on each chosen picture with the screen's narrowest width. The first rule broken, or null.
 */
export function imageUploadFailure(
  header: ImageHeader,
  limits: ImageLimits,
): 'imageInvalid' | 'imageTooManyPixels' | 'imageTooNarrow' | null {
  const { format, width, height } = header;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) return 'imageInvalid';
  if (width * height > limits.maxPixels) return 'imageTooManyPixels';
  if (limits.minWidth !== undefined && width < limits.minWidth) return 'imageTooNarrow';
  return null;
}
