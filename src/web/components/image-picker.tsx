import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { StoredImage } from '../../contract/types';
import { ag } from '../i18n/admin-groups';
import { imageSrcSet } from '../lib/format';
import { useHydrated } from '../lib/use-hydrated';
import { FieldFrame, type FieldProps, fieldIds } from './form-field';

type ImagePickerProps = FieldProps & {
  /** The saved image (when editing), shown until another one is chosen. */
  current?: StoredImage | null | undefined;
};

/** What the API accepts (src/server/media/store.ts); SVG is refused there. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

const buttonClass =
  'inline-flex cursor-pointer items-center rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700';

/**
 * One image file with a round preview: the saved image, or a placeholder avatar until a file is
 * chosen. A file input does the choosing; once React runs it hides behind an Arabic button and
 * the chosen file's name (the browser's own button speaks the browser's language), and clicking
 * the avatar opens the picker too. Its name stays the field's label either way.
 */
export function ImagePicker({ current = null, ...field }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<{ url: string; name: string } | null>(null);
  const { controlId, labelId, describedBy } = fieldIds(field);

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  // Resetting the form (a second after saving) empties the input; the preview follows it.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => setChosen(null);
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setChosen(file ? { url: URL.createObjectURL(file), name: file.name } : null);
  }

  const shown = chosen?.url ?? current?.large;
  return (
    <FieldFrame field={field} className={undefined}>
      <div className="flex flex-wrap items-center gap-4">
        {/* Only an image inside: it adds nothing to the input's name. */}
        <label htmlFor={controlId} className="shrink-0 cursor-pointer rounded-full">
          {shown ? (
            <img
              src={shown}
              srcSet={chosen ? undefined : imageSrcSet(current)}
              sizes="112px"
              width={112}
              height={112}
              alt=""
              className="size-28 rounded-full bg-white object-contain ring-1 ring-slate-200"
            />
          ) : (
            <span className="flex size-28 items-center justify-center rounded-full border-2 border-dashed border-slate-300 bg-slate-50 text-slate-400">
              <ImagePlus aria-hidden="true" className="size-10" />
            </span>
          )}
        </label>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
          <input
            ref={input}
            id={controlId}
            name={field.name}
            type="file"
            accept={ACCEPT}
            onChange={onChange}
            aria-labelledby={labelId}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={describedBy}
            className={hydrated ? 'peer sr-only' : 'max-w-full text-sm'}
          />
          {hydrated && (
            <>
              <label htmlFor={controlId} className={buttonClass}>
                {shown ? ag.changeImage : ag.chooseImage}
              </label>
              <p className="max-w-full text-sm break-all text-slate-600">
                {chosen ? <bdi>{chosen.name}</bdi> : current ? ag.currentImage : ag.noImageYet}
              </p>
            </>
          )}
        </div>
      </div>
    </FieldFrame>
  );
}
