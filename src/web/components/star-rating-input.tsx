import { Star } from 'lucide-react';
import { useId } from 'react';
import { RATING_STEPS, ratingLabel, starHalfOf } from '../lib/review-form';
import { FieldErrorText } from './field-error-text';

type StarRatingInputProps = {
  name: string;
  /** The chosen rating; 0 while none is chosen. */
  value: number;
  onChange: (rating: number) => void;
  label: string;
  /** Message under the stars, tied to them for screen readers. */
  error?: string | undefined;
};

/**
 * Stars to choose a rating in half steps: ten native radio buttons, one per half star, each named
 * in Arabic ('نجمتان ونصف'). The browser gives them arrow keys that follow the right-to-left
 * direction, and they post with the form before JavaScript loads. Which halves are lit is pure CSS
 * (`.star-input` in app.css), so the stars follow the choice and the pointer even then.
 */
export function StarRatingInput({ name, value, onChange, label, error }: StarRatingInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div>
      <p id={labelId} className="mb-1.5 font-bold text-slate-800">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        aria-required="true"
        className="star-input flex w-fit"
      >
        {RATING_STEPS.map((step) => {
          const text = ratingLabel(step);
          // Each half shows its side of one whole star; the label cuts off the other side.
          const side = starHalfOf(step).half === 'start' ? 'start-0' : 'end-0';
          return (
            <label key={step} title={text} className="relative block h-11 w-5.5 cursor-pointer overflow-hidden">
              <input
                type="radio"
                name={name}
                value={step}
                checked={value === step}
                onChange={() => onChange(step)}
                aria-label={text}
                className="sr-only"
              />
              <Star aria-hidden="true" strokeWidth={1.5} className={`absolute top-0 size-11 max-w-none ${side}`} />
            </label>
          );
        })}
      </div>
      <FieldErrorText id={errorId} message={error} />
    </div>
  );
}
