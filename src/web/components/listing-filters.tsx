import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, type RefObject, useCallback, useEffect, useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { SORT_OPTIONS } from '../../contract/constants';
import type { NamedItem } from '../../contract/types';
import { c } from '../i18n/catalog';
import { formatNumber } from '../lib/format';
import type { Listing, PriceIssue } from '../lib/listing.server';
import { FieldErrorText } from './field-error-text';

/*
 * The listing's GET form: sort, categories, brands and price bounds. It works as a plain form
 * (the apply button) before JavaScript runs; afterwards every change refreshes the results on
 * its own, 500 ms after the last change (1000 ms for the price fields, docs/specification.md (States and transitions)). It has no page
 * field, so a change starts again at page 1.
 */

export const FILTER_FORM_ID = 'listing-filters';
const REFRESH_MS = 500;
const PRICE_REFRESH_MS = 1000;
const PRICE_FIELDS = ['priceFrom', 'priceTo'];

/** The form's values without the empty ones: `?category=…`, not `?keyword=&priceFrom=&…`. */
function filledValues(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  return params;
}

type ListingForm = {
  formRef: RefObject<HTMLFormElement | null>;
  /** For the form and for the sort select, which sits outside it (joined by its `form` attribute). */
  onChange: (event: { target: EventTarget }) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** Debounced refresh of the listing form, and its fields kept in step with the URL. */
export function useListingForm(listing: Listing): ListingForm {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const send = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const form = formRef.current;
    if (form) submit(filledValues(form), { method: 'get', action: '/products', preventScrollReset: true });
  }, [submit]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // The fields are uncontrolled (they keep what is typed); when the URL changes some other way
  // (back button, 'clear', a new search) they take its values, unless a change is still waiting.
  useEffect(() => {
    const form = formRef.current;
    if (!form || timer.current !== undefined) return;
    const typed: Record<string, string> = { priceFrom: listing.priceFrom, priceTo: listing.priceTo };
    const checked: Record<string, string[]> = { category: listing.categories, brand: listing.brands };
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLSelectElement && element.name === 'sort') element.value = listing.sort;
      if (!(element instanceof HTMLInputElement)) continue;
      const values = checked[element.name];
      if (element.type === 'checkbox' && values) element.checked = values.includes(element.value);
      const text = typed[element.name];
      if (text !== undefined && element !== document.activeElement) element.value = text;
    }
  }, [listing]);

  const onChange: ListingForm['onChange'] = (event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(send, PRICE_FIELDS.includes(field.name) ? PRICE_REFRESH_MS : REFRESH_MS);
  };
  const onSubmit: ListingForm['onSubmit'] = (event) => {
    event.preventDefault();
    send();
  };
  return { formRef, onChange, onSubmit };
}

export function SortSelect({ listing, form }: { listing: Listing; form: ListingForm }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="listing-sort" className="text-sm font-bold text-slate-700">
        {c.sortLabel}
      </label>
      <select
        id="listing-sort"
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={listing.sort}
        onChange={form.onChange}
        className="rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-8 text-sm"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {/* Without JavaScript a sort change needs a button; with it the change applies itself. */}
      <noscript>
        <button
          type="submit"
          form={FILTER_FORM_ID}
          className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-bold text-white hover:bg-brand-700"
        >
          {c.apply}
        </button>
      </noscript>
    </div>
  );
}

const priceMessages: Record<'priceFrom' | 'priceTo', Record<PriceIssue, string>> = {
  priceFrom: { notNumber: c.priceNotNumber, notPositive: c.priceFromNotPositive, notAboveMin: '' },
  priceTo: { notNumber: c.priceNotNumber, notPositive: c.priceToNotPositive, notAboveMin: c.priceToNotAboveMin },
};

function PriceField({
  name,
  label,
  value,
  issue,
}: {
  name: 'priceFrom' | 'priceTo';
  label: string;
  value: string;
  issue?: PriceIssue;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`listing-${name}`} className="text-sm">
        {label}
      </label>
      <input
        id={`listing-${name}`}
        name={name}
        type="text"
        inputMode="decimal"
        // Digits and a minus sign read left to right even in an Arabic form.
        dir="ltr"
        autoComplete="off"
        maxLength={32}
        defaultValue={value}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? errorId : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-end ${issue ? 'border-red-600' : 'border-slate-300'}`}
      />
      <FieldErrorText id={errorId} message={issue && priceMessages[name][issue]} spacing="" />
    </div>
  );
}

function Checklist({
  legend,
  name,
  items,
  selected,
}: {
  legend: string;
  name: string;
  items: NamedChoice[];
  selected: string[];
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-bold">{legend}</legend>
      <ul className="flex max-h-60 flex-col gap-1.5 overflow-y-auto p-1">
        {items.map((item) => (
          <li key={item.id}>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={item.id}
                defaultChecked={selected.includes(item.id)}
                className="size-4 accent-brand-600"
              />
              {item.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** What the filters show of a category or brand: its id and name, not its pictures. */
export type NamedChoice = Pick<NamedItem, 'id' | 'name'>;

/**
 * The categories or brands as the listing's filters take them: each picture's four URLs left out,
 * a third of the listing's data (docs/benchmarks.md § Guests holding a basket).
 */
export const namedChoices = (items: readonly NamedItem[]): NamedChoice[] => items.map(({ id, name }) => ({ id, name }));

type FilterPanelProps = {
  listing: Listing;
  categories: NamedChoice[];
  brands: NamedChoice[];
  form: ListingForm;
};

/** Tailwind's md breakpoint, where the panel becomes a side column. */
const WIDE = '(min-width: 48rem)';

/**
 * The filter side panel. On a phone it is a disclosure (a native <details>, so it opens without
 * JavaScript too); from the md breakpoint it is open and its summary hidden. CSS shows the content
 * on wide screens from the first paint; once JavaScript runs the element is really opened, so
 * assistive technology sees it open as well.
 */
export function FilterPanel({ listing, categories, brands, form }: FilterPanelProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const openWhenWide = () => {
      if (wide.matches && detailsRef.current) detailsRef.current.open = true;
    };
    openWhenWide();
    wide.addEventListener('change', openWhenWide);
    return () => wide.removeEventListener('change', openWhenWide);
  }, []);
  const active =
    listing.categories.length +
    listing.brands.length +
    (listing.minPrice === undefined ? 0 : 1) +
    (listing.maxPrice === undefined ? 0 : 1);
  const clearParams = new URLSearchParams();
  if (listing.keyword) clearParams.set('keyword', listing.keyword);
  if (listing.sort) clearParams.set('sort', listing.sort);
  const clearHref = `/products${clearParams.size > 0 ? `?${clearParams}` : ''}`;
  return (
    <Form
      id={FILTER_FORM_ID}
      ref={form.formRef}
      method="get"
      action="/products"
      onChange={form.onChange}
      onSubmit={form.onSubmit}
      aria-label={c.filters}
      className="self-start"
    >
      {listing.keyword && <input type="hidden" name="keyword" value={listing.keyword} />}
      {/* Browsers without ::details-content keep the summary on wide screens as the way to open it. */}
      <details
        ref={detailsRef}
        className={
          'group rounded-xl border border-slate-200 bg-white md:supports-[selector(::details-content)]:details-content:[content-visibility:visible]'
        }
      >
        <summary
          className={
            'flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-bold md:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden'
          }
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
          {c.filters}
          {active > 0 && (
            <span className="rounded-full bg-brand-600 px-2 text-xs leading-5 text-white">
              {c.activeFilters(formatNumber(active))}
            </span>
          )}
          <ChevronDown aria-hidden="true" className="ms-auto size-5 transition-transform group-open:rotate-180" />
        </summary>
        <div className="flex flex-col gap-4 px-4 pt-1 pb-4 md:pt-4 [&>fieldset]:border-t [&>fieldset]:border-slate-200 [&>fieldset]:pt-3">
          <h2 className={'hidden text-lg font-bold md:supports-[selector(::details-content)]:block'}>{c.filters}</h2>
          <Checklist legend={c.filterCategory} name="category" items={categories} selected={listing.categories} />
          <Checklist legend={c.filterBrand} name="brand" items={brands} selected={listing.brands} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-bold">{c.filterPrice}</legend>
            <PriceField name="priceFrom" label={c.priceFrom} value={listing.priceFrom} issue={listing.priceFromIssue} />
            <PriceField name="priceTo" label={c.priceTo} value={listing.priceTo} issue={listing.priceToIssue} />
          </fieldset>
          <div className="flex items-center gap-3">
            <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
              {c.apply}
            </button>
            {active > 0 && (
              <Link to={clearHref} className="text-sm font-bold text-brand-700 hover:underline">
                {c.clearFilters}
              </Link>
            )}
          </div>
        </div>
      </details>
    </Form>
  );
}
