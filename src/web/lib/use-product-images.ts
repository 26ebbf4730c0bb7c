import { useEffect, useRef, useState } from 'react';
import { NEW_IMAGE_SLOT } from '../../contract/constants';
import type { StoredImage } from '../../contract/types';
import { ap } from '../i18n/admin-products';
import { plural } from './plural';
import { IMAGE_RULES, imageTooNarrowText, isWideEnough, tooManyImagesText } from './product-form';

/** One picture of the form: a saved one (its stored key) or a chosen or cropped file (an object URL). */
export type ProductImage = {
  key: string;
  src: string;
  /** The saved picture's key, which an edit sends to keep it; null for a file to upload. */
  stored: string | null;
  file: File | null;
  cropped: boolean;
};

/** What an edit sends of its pictures: `keepImages` in order (a slot for each new file) and the new files. */
export type PicturesToSend = { keep: string[]; files: File[] };

/** The picture's natural size, once the browser has decoded it; null when it is not an image. */
async function naturalSize(src: string): Promise<{ width: number; height: number } | null> {
  const image = new Image();
  image.src = src;
  try {
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    return null;
  }
}

/**
 * The product form's pictures (docs/specification.md (Screens and routes: Staff screens; Validation rules: Product form)): up to 4, the first being the cover; each can move
 * earlier or later, be cropped or be removed. `problem` is the widget's refusal ('You cannot
 * upload more than 4 images', 'Image width cannot be less than 300px'), `status` what a screen
 * reader is told after a change.
 */
export function useProductImages(saved: readonly StoredImage[]) {
  const [items, setItems] = useState<ProductImage[]>(() =>
    saved.map((image) => ({ key: image.key, src: image.large, stored: image.key, file: null, cropped: false })),
  );
  const [changed, setChanged] = useState(false);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');

  // Object URLs live as long as the form: freed when a picture goes and when the form does.
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
  const objectUrl = (file: File) => {
    const url = URL.createObjectURL(file);
    objectUrls.current.add(url);
    return url;
  };
  const release = (image: ProductImage | undefined) => {
    if (!image?.file) return;
    URL.revokeObjectURL(image.src);
    objectUrls.current.delete(image.src);
  };

  const update = (next: ProductImage[], say: string) => {
    setItems(next);
    setChanged(true);
    setProblem('');
    setStatus(say);
  };

  /** Adds chosen files after the ones there; refuses them all past the limit, narrow ones each. */
  async function add(files: readonly File[]) {
    if (files.length === 0) return;
    if (items.length + files.length > IMAGE_RULES.max) {
      setProblem(tooManyImagesText());
      setStatus('');
      return;
    }
    const accepted: ProductImage[] = [];
    let refusal = '';
    for (const file of files) {
      const src = objectUrl(file);
      const size = await naturalSize(src);
      const image = { key: src, src, stored: null, file, cropped: false };
      if (size && isWideEnough(size.width)) {
        accepted.push(image);
        continue;
      }
      release(image);
      refusal ||= size ? imageTooNarrowText() : ap.imageUnreadable;
    }
    if (accepted.length > 0) {
      // Decoding took a moment: add to the pictures as they are now.
      setItems((current) => [...current, ...accepted].slice(0, IMAGE_RULES.max));
      setChanged(true);
      setStatus(plural(accepted.length, ap.imagesAdded));
    }
    setProblem(refusal);
  }

  /** Moves a picture one place earlier (-1) or later (+1); moved to the front it becomes the cover. */
  function move(index: number, step: -1 | 1) {
    const target = index + step;
    const image = items[index];
    if (!image || target < 0 || target >= items.length) return;
    const next = items.filter((_, i) => i !== index);
    next.splice(target, 0, image);
    update(next, ap.moved(String(target + 1)));
  }

  function remove(index: number) {
    release(items[index]);
    update(
      items.filter((_, i) => i !== index),
      ap.imageRemoved,
    );
  }

  /** Puts a cropped file in the place of the picture it was cut from. */
  function replace(index: number, file: File) {
    const old = items[index];
    if (!old) return;
    release(old);
    const src = objectUrl(file);
    update(
      // Same key: the picture keeps its place (and its crop button the focus the dialog gives back).
      items.map((image, i) => (i === index ? { ...image, src, stored: null, file, cropped: true } : image)),
      ap.croppedDone(String(index + 1)),
    );
  }

  /**
   * The pictures to send once any changed: saved ones by key, only new or cropped ones as files
   * (docs/architecture.md § Images); null (the product keeps its own) while none changed.
   */
  const picturesToSend = (): PicturesToSend | null =>
    changed
      ? {
          keep: items.map((image) => image.stored ?? NEW_IMAGE_SLOT),
          files: items.flatMap((image) => (image.stored === null && image.file ? [image.file] : [])),
        }
      : null;

  return { items, changed, problem, status, add, move, remove, replace, picturesToSend, setProblem };
}

export type ProductImages = ReturnType<typeof useProductImages>;
