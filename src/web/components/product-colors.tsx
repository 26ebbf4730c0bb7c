import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_PRODUCT_COLORS } from '../../contract/constants';
import { ap } from '../i18n/admin-products';
import { colorLabels } from '../lib/color-name';
import { formatNumber } from '../lib/format';
import { FieldErrorText } from './field-error-text';

type ProductColorsProps = {
  colors: string[];
  onChange: (colors: string[]) => void;
  error: string | undefined;
  hydrated: boolean;
};

/**
 * docs/specification.md (Screens and routes: Staff screens): a colour picker (the browser's own) and an add button; each added colour shows as a
 * swatch, and pressing a swatch removes it. The colours post as repeated `availableColors`.
 */
export function ProductColors({ colors, onChange, error, hydrated }: ProductColorsProps) {
  const id = useId();
  const [picked, setPicked] = useState('#000000');
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const labels = colorLabels(colors);
  const message = problem || error;

  useEffect(() => {
    if (focusIndex === null) return;
    setFocusIndex(null);
    const swatches = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    (swatches?.[Math.min(focusIndex, swatches.length - 1)] ?? addRef.current)?.focus();
  }, [focusIndex]);

  function add() {
    const color = picked.toLowerCase();
    const name = colorLabels([color])[0] ?? color;
    if (colors.includes(color)) {
      setProblem(ap.colorExists(name));
      return;
    }
    if (colors.length >= MAX_PRODUCT_COLORS) {
      setProblem(ap.tooManyColors(formatNumber(MAX_PRODUCT_COLORS)));
      return;
    }
    onChange([...colors, color]);
    setProblem('');
    setStatus(ap.colorAdded(name));
  }

  function remove(index: number) {
    onChange(colors.filter((_, i) => i !== index));
    setProblem('');
    setStatus(ap.colorRemoved(labels[index] ?? ''));
    setFocusIndex(index);
  }

  return (
    <fieldset className="min-w-0" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 font-bold text-slate-800">{ap.colors}</legend>
      <p id={`${id}-hint`} className="mb-3 text-sm text-slate-600">
        {ap.colorsHint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-pick`} className="text-slate-800">
          {ap.pickColor}
        </label>
        <input
          id={`${id}-pick`}
          type="color"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          aria-describedby={message ? `${id}-error` : undefined}
          className="h-11 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <button
          ref={addRef}
          type="button"
          onClick={add}
          disabled={!hydrated}
          className="inline-flex items-center gap-1.5 rounded-lg px-4 py-2.5 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 disabled:opacity-50"
        >
          <Plus aria-hidden="true" className="size-5" />
          {ap.addColor}
        </button>
      </div>
      {colors.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{ap.noColors}</p>
      ) : (
        <ul ref={listRef} className="mt-3 flex flex-wrap gap-2">
          {colors.map((color, index) => (
            <li key={color}>
              <button
                type="button"
                onClick={() => remove(index)}
                disabled={!hydrated}
                aria-label={ap.removeColor(labels[index] ?? color)}
                title={color}
                style={{ backgroundColor: color }}
                className="group relative flex size-11 items-center justify-center rounded-full border border-slate-300 shadow-inner"
              >
                <X
                  aria-hidden="true"
                  className="size-5 rounded-full bg-white/80 text-slate-900 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
                />
              </button>
              <input type="hidden" name="availableColors" value={color} />
            </li>
          ))}
        </ul>
      )}
      <FieldErrorText id={`${id}-error`} message={message} spacing="mt-2" live />
      <p role="status" className="sr-only">
        {status}
      </p>
    </fieldset>
  );
}
