import { type Ref, useId } from 'react';
import { Form } from 'react-router';
import { isColorOption } from '../../contract/constants';
import type { Product } from '../../contract/types';
import { pt } from '../i18n/product';
import { colorLabels } from '../lib/color-name';
import { type Choice, isValueAvailable } from '../lib/variant-choice';
import { FieldErrorText } from './field-error-text';

type VariantPickerProps = {
  product: Pick<Product, 'options' | 'variants'>;
  choice: Choice;
  onChoose: (optionName: string, value: string) => void;
  /** The first option not picked yet: its first open value takes `unchosenRef`, for focus. */
  unchosen?: string | undefined;
  /** Adding to the cart asked for `unchosen` («اختر المقاس»): shown under its group. */
  error?: string | undefined;
  unchosenRef?: Ref<HTMLInputElement>;
  hydrated: boolean;
};

/**
 * One group of radio buttons per option, in the product's order (docs/specification.md,
 * Product page): a colour as swatches named in Arabic, other values as chips. A value no variant in stock
 * has, given the other choices, is disabled and announced unavailable. The groups sit in a GET form
 * to this page, so before JavaScript runs the «تحديث الاختيار» button re-renders the choice on the
 * server; afterwards each pick changes the URL at once and the button is gone.
 */
export function VariantPicker({
  product,
  choice,
  onChoose,
  unchosen,
  error,
  unchosenRef,
  hydrated,
}: VariantPickerProps) {
  return (
    <Form method="get" replace preventScrollReset className="flex flex-col gap-4">
      {product.options.map((option) => (
        <OptionGroup
          key={option.name}
          product={product}
          option={option}
          choice={choice}
          onChoose={onChoose}
          error={unchosen === option.name ? error : undefined}
          firstOpenRef={unchosen === option.name ? unchosenRef : undefined}
        />
      ))}
      {!hydrated && (
        <button
          type="submit"
          className="self-start rounded-lg px-4 py-2 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
        >
          {pt.updateChoice}
        </button>
      )}
    </Form>
  );
}

type OptionGroupProps = {
  product: Pick<Product, 'options' | 'variants'>;
  option: Product['options'][number];
  choice: Choice;
  onChoose: (optionName: string, value: string) => void;
  error: string | undefined;
  firstOpenRef: Ref<HTMLInputElement> | undefined;
};

function OptionGroup({ product, option, choice, onChoose, error, firstOpenRef }: OptionGroupProps) {
  const id = useId();
  const swatches = isColorOption(option.name);
  const labels = swatches ? colorLabels(option.values) : option.values;
  const chosen = choice[option.name];
  const chosenLabel = chosen === undefined ? undefined : labels[option.values.indexOf(chosen)];
  const available = option.values.map((value) => isValueAvailable(product, choice, option.name, value));
  const firstOpen = available.indexOf(true);

  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 font-bold">
        {chosenLabel === undefined ? option.name : pt.chosenOption(option.name, chosenLabel)}
      </legend>
      <div className="flex flex-wrap gap-3">
        {option.values.map((value, index) => {
          const label = labels[index] ?? value;
          const name = available[index] ? label : pt.unavailableValue(label);
          return (
            <label key={value} title={name} className="relative cursor-pointer has-[:disabled]:cursor-not-allowed">
              <input
                ref={index === firstOpen ? firstOpenRef : undefined}
                type="radio"
                name={option.name}
                value={value}
                checked={chosen === value}
                disabled={!available[index]}
                onChange={() => onChoose(option.name, value)}
                aria-label={name}
                className="peer sr-only"
              />
              {swatches ? (
                <span
                  aria-hidden="true"
                  style={{ backgroundColor: value }}
                  className="block size-9 rounded-full border border-slate-300 shadow-inner ring-offset-2 peer-checked:ring-3 peer-checked:ring-brand-600 peer-disabled:opacity-40 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="block min-w-12 rounded-lg border border-slate-300 px-3 py-2 text-center font-bold peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-checked:ring-2 peer-checked:ring-brand-600 peer-disabled:border-dashed peer-disabled:text-slate-400 peer-disabled:line-through peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                >
                  {value}
                </span>
              )}
              {swatches && (
                // A stroke across a swatch no variant in stock has.
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-0 m-auto hidden h-0.5 w-10 -rotate-45 rounded bg-slate-700 peer-disabled:block"
                />
              )}
            </label>
          );
        })}
      </div>
      <FieldErrorText id={`${id}-error`} message={error} spacing="mt-2" />
    </fieldset>
  );
}
