import { describe, expect, it } from 'vitest';
import { imageUploadFailure } from '../../src/contract/images.js';

describe('the one check of an uploaded picture', () => {
  const limits = { maxPixels: 1_000_000 };

  it('accepts the formats the shop re-encodes, and nothing else', () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']) {
      expect(imageUploadFailure({ format, width: 400, height: 300 }, limits)).toBeNull();
    }
    for (const format of ['svg', 'tiff', 'pdf', undefined]) {
      expect(imageUploadFailure({ format, width: 400, height: 300 }, limits)).toBe('imageInvalid');
    }
    expect(imageUploadFailure({ format: 'png', width: 0, height: 300 }, limits)).toBe('imageInvalid');
    expect(imageUploadFailure({ format: 'png' }, limits)).toBe('imageInvalid');
  });

  it('refuses more pixels than the limit, counted from the header', () => {
    expect(imageUploadFailure({ format: 'png', width: 1000, height: 1000 }, limits)).toBeNull();
    expect(imageUploadFailure({ format: 'png', width: 1000, height: 1001 }, limits)).toBe('imageTooManyPixels');
  });

  it('refuses a picture narrower than a minimum only where one is asked', () => {
    const product = { ...limits, minWidth: 300 };
    expect(imageUploadFailure({ format: 'png', width: 300, height: 50 }, product)).toBeNull();
    expect(imageUploadFailure({ format: 'png', width: 299, height: 900 }, product)).toBe('imageTooNarrow');
    expect(imageUploadFailure({ format: 'png', width: 40, height: 40 }, limits)).toBeNull();
    // The pixel limit is broken first: a huge narrow picture is too big, not too narrow.
    expect(imageUploadFailure({ format: 'png', width: 100, height: 20_000 }, product)).toBe('imageTooManyPixels');
  });
});
