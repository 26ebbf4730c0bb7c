import { type Ref, useId } from 'react';
import { pt } from '../i18n/product';
import { colorLabels } from '../lib/color-name';
import { FieldErrorText } from './field-error-text';

type ColorSwatchesProps = {
  colors: readonly string[];
  /** The chosen colour ('' for none). */
  value: string;
  onChange: (color: string) => void;
  /** Message under the swatches, tied to them for screen readers. */
  error?: string | undefined;
  /** The first swatch, to move focus to when the choice is missing. */
  firstRef?: Ref<HTMLInputElement>;
  name?: string;
};

/**
 * Colour choices as native radio buttons drawn as swatches: they submit with the form before
 * JavaScript loads, and the browser gives them arrow-key navigation in either direction.
 */
export function ColorSwatches({ colors, value, onChange, error, firstRef, name = 'color' }: ColorSwatchesProps) {
  const id = useId();
  const labels = colorLabels(colors);
  const chosen = colors.indexOf(value);
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      aria-required="true"
    >
      <p id={`${id}-legend`} className="mb-2 font-bold">
        {chosen >= 0 ? pt.chosenColor(labels[chosen] ?? '') : pt.color}
      </p>
      <div className="flex flex-wrap gap-3">
        {colors.map((color, index) => (
          <label key={color} title={labels[index]} className="relative cursor-pointer">
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              aria-label={labels[index]}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              style={{ backgroundColor: color }}
              className="block size-9 rounded-full border border-slate-300 shadow-inner ring-offset-2 peer-checked:ring-3 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600"
            />
          </label>
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} message={error} spacing="mt-2" />
    </div>
  );
}
