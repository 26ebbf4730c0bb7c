import { ChevronLeft, ChevronRight, Crop, ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ap } from '../i18n/admin-products';
import { formatNumber } from '../lib/format';
import { IMAGE_RULES } from '../lib/product-form';
import type { ProductImages } from '../lib/use-product-images';
import { FieldErrorText } from './field-error-text';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

type Action = 'earlier' | 'later' | 'crop' | 'remove';

type ProductImagePickerProps = {
  images: ProductImages;
  /** The form's message for the pictures (required, too many…), shown unless the widget has its own. */
  error: string | undefined;
  hydrated: boolean;
  onCrop: (index: number) => void;
};

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The product's pictures: previews in order (the first is the cover), each with buttons to move
 * it earlier or later, crop it or remove it, and a file input to add more. Before JavaScript
 * loads, the file input simply posts the chosen files, the first one being the cover.
 */
export function ProductImagePicker({ images, error, hydrated, onCrop }: ProductImagePickerProps) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // After a move or a removal React re-renders the list; focus then goes where the person expects.
  const [focusNext, setFocusNext] = useState<{ key: string; action: Action } | 'input' | null>(null);
  const message = images.problem || error;
  const total = images.items.length;

  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    if (focusNext === 'input') {
      inputRef.current?.focus();
      return;
    }
    const buttonOf = (action: Action) =>
      listRef.current?.querySelector<HTMLButtonElement>(
        `[data-image="${CSS.escape(focusNext.key)}"][data-action="${action}"]:not(:disabled)`,
      );
    // Moved to an end, its button for that direction is disabled: the other direction then.
    const fallback = focusNext.action === 'earlier' ? 'later' : 'earlier';
    (buttonOf(focusNext.action) ?? buttonOf(fallback))?.focus();
  }, [focusNext]);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    // The form sends the pictures it holds, not the input's: clear it so choosing the same file again works.
    input.value = '';
    await images.add(files);
  }

  function move(index: number, step: -1 | 1, action: Action) {
    const image = images.items[index];
    if (!image) return;
    images.move(index, step);
    setFocusNext({ key: image.key, action });
  }

  function remove(index: number) {
    const neighbour = images.items[index + 1] ?? images.items[index - 1];
    images.remove(index);
    setFocusNext(neighbour ? { key: neighbour.key, action: 'remove' } : 'input');
  }

  const describedBy = [message ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 font-bold text-slate-800">{ap.images}</legend>
      <p id={`${id}-hint`} className="mb-3 text-sm text-slate-600">
        {ap.imagesHint(formatNumber(IMAGE_RULES.max), formatNumber(IMAGE_RULES.minWidth))}
        {!hydrated && total > 0 && ` ${ap.imagesReplacedWithoutJs}`}
      </p>

      {total === 0 ? (
        <p className="mb-3 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-slate-600">
          {ap.noImages}
        </p>
      ) : (
        <ol ref={listRef} className="mb-3 grid gap-3 sm:grid-cols-2">
          {images.items.map((image, index) => {
            const position = formatNumber(index + 1);
            const common = { 'data-image': image.key, disabled: !hydrated };
            return (
              <li key={image.key} className="flex items-center gap-3 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200">
                <div className="relative shrink-0">
                  <img
                    src={image.src}
                    alt={ap.imageAlt(position, formatNumber(total))}
                    width={80}
                    height={80}
                    className="size-20 rounded-lg bg-white object-contain ring-1 ring-slate-200"
                  />
                  {index === 0 && (
                    <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-brand-700 text-center text-xs font-bold text-white">
                      {ap.cover}
                    </span>
                  )}
                </div>
                <div className="flex min-w-0 flex-col gap-2">
                  {image.cropped && <span className="text-xs font-bold text-emerald-700">{ap.cropped}</span>}
                  <div className="flex flex-wrap gap-1.5">
                    <button
                      type="button"
                      {...common}
                      data-action="earlier"
                      disabled={!hydrated || index === 0}
                      onClick={() => move(index, -1, 'earlier')}
                      aria-label={ap.moveEarlier(position)}
                      title={ap.moveEarlier(position)}
                      className={iconButton}
                    >
                      <ChevronRight aria-hidden="true" className="size-5 ltr:-scale-x-100" />
                    </button>
                    <button
                      type="button"
                      {...common}
                      data-action="later"
                      disabled={!hydrated || index === total - 1}
                      onClick={() => move(index, 1, 'later')}
                      aria-label={ap.moveLater(position)}
                      title={ap.moveLater(position)}
                      className={iconButton}
                    >
                      <ChevronLeft aria-hidden="true" className="size-5 ltr:-scale-x-100" />
                    </button>
                    <button
                      type="button"
                      {...common}
                      data-action="crop"
                      onClick={() => onCrop(index)}
                      aria-label={ap.crop(position)}
                      title={ap.crop(position)}
                      className={iconButton}
                    >
                      <Crop aria-hidden="true" className="size-5" />
                    </button>
                    <button
                      type="button"
                      {...common}
                      data-action="remove"
                      onClick={() => remove(index)}
                      aria-label={ap.removeImage(position)}
                      title={ap.removeImage(position)}
                      className={`${iconButton} text-red-700`}
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        name="images"
        accept={ACCEPT}
        multiple
        onChange={onFiles}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        className="peer sr-only"
      />
      <label
        htmlFor={`${id}-input`}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg px-4 py-2.5 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        {ap.chooseImages}
      </label>
      {/* Live, so a refused choice is heard: after the file chooser closes, focus is back on the input. */}
      <FieldErrorText id={`${id}-error`} message={message} spacing="mt-2" live />
      <p role="status" className="sr-only">
        {images.status}
      </p>
    </fieldset>
  );
}
