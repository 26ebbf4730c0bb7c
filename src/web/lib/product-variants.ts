import { colorName } from '../../contract/colors';
import { isColorOption, MAX_PRODUCT_VARIANTS } from '../../contract/constants';
import type { ApiErrorCode } from '../../contract/messages';
import type { Product } from '../../contract/types';
import { errorText } from './api-errors';
import { asciiNumber, productWording } from './product-form';

/*
 * The product form's options and variant table (docs/variants.md), as plain data: the table's rows
 * follow from the options, a row keeps its id while its combination stays, and the form posts the
 * two as the JSON parts `options` and `variants` the API reads.
 */

/** An option as the editor holds it: a name and its values, as typed. */
export type OptionDraft = { name: string; values: string[] };

/** The cells of a row a person types, as typed (Arabic-Indic digits allowed). */
export const variantCells = ['sku', 'barcode', 'price', 'priceAfterDiscount', 'quantity'] as const;
export type VariantCell = (typeof variantCells)[number];

/** One combination of the table: off rows are not sold (not sent). */
export type VariantRow = Record<VariantCell, string> & {
  /** The saved variant this row changes; absent for a new one. */
  id?: string;
  options: Record<string, string>;
  on: boolean;
};

export type VariantDraft = { options: OptionDraft[]; rows: VariantRow[] };

/** Where a message about the table belongs: a row's cell, its combination, or the whole editor. */
export type VariantErrors = {
  /** By the row's key (`rowKey`), then by cell; `options` is the row's combination. */
  rows: Record<string, Partial<Record<VariantCell | 'options', string>>>;
  /** A message about the options or the table as a whole. */
  general?: string;
};

/** A failure of the options or the table, from the API or the contract's schema: where (`variants.3.price`) and its code. */
export type VariantFailure = { param: string; code: ApiErrorCode };

/** The fields «تطبيق على الكل» sets on every row that is on. */
export type FillAll = Partial<Record<'price' | 'priceAfterDiscount' | 'quantity', string>>;

const emptyCells: Record<VariantCell, string> = {
  sku: '',
  barcode: '',
  price: '',
  priceAfterDiscount: '',
  quantity: '',
};

/** A colour is stored lower case: the same swatch whatever case it was typed in. */
const normalValue = (name: string, value: string) => (isColorOption(name) ? value.trim().toLowerCase() : value.trim());

/** The options that make rows: named, with at least one value (trimmed, repeats dropped). */
export function usableOptions(options: readonly OptionDraft[]): OptionDraft[] {
  return options
    .map((option) => {
      const name = option.name.trim();
      const values = option.values.map((value) => normalValue(name, value)).filter(Boolean);
      return { name, values: [...new Set(values)] };
    })
    .filter((option) => option.name !== '' && option.values.length > 0);
}

/** Every combination of the options' values, the first option varying slowest. */
export function combinations(options: readonly OptionDraft[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => ({ ...row, [option.name]: value }))),
    [{}],
  );
}

/** A combination's key under these option names, whatever order its options were written in. */
const keyOf = (options: Record<string, string>, names: readonly string[]) =>
  JSON.stringify(names.map((name) => normalValue(name, options[name] ?? '')));

/** A row as the table's labels name it: «المقاس 42، أسود» (a colour by its Arabic name alone). */
export const rowLabel = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([name, value]) => (isColorOption(name) ? (colorName(value) ?? value) : `${name} ${value}`))
    .join('، ');

/** A typed list of values: split at Latin or Arabic commas, blanks dropped. */
export const splitValues = (text: string) =>
  text
    .split(/[,،]/)
    .map((value) => value.trim())
    .filter(Boolean);

/** A row's stable key in the table (its combination under the current option names). */
export const rowKey = (row: Pick<VariantRow, 'options'>) => JSON.stringify(Object.values(row.options));

/** How many combinations the options make (counted, not listed: 3 options of 50 values make 125,000). */
export const combinationCount = (options: readonly OptionDraft[]) =>
  usableOptions(options).reduce((count, option) => count * option.values.length, 1);

/** More combinations than a product may sell: the table is not drawn, the editor says so. */
export const tooManyCombinations = (options: readonly OptionDraft[]) =>
  combinationCount(options) > MAX_PRODUCT_VARIANTS;

/**
 * The table for these options: one row per combination, in order. A row whose combination was
 * already in the table keeps its id, cells and on/off; a new combination starts empty and on.
 * None when there are too many combinations to sell.
 */
export function rowsFor(options: readonly OptionDraft[], previous: readonly VariantRow[]): VariantRow[] {
  const usable = usableOptions(options);
  if (usable.length === 0 || tooManyCombinations(usable)) return [];
  const names = usable.map((option) => option.name);
  const kept = new Map<string, VariantRow>();
  for (const row of previous) {
    if (Object.keys(row.options).length !== names.length) continue;
    kept.set(keyOf(row.options, names), row);
  }
  return combinations(usable).map((options) => {
    const old = kept.get(keyOf(options, names));
    return old ? { ...old, options } : { ...emptyCells, options, on: true };
  });
}

/**
 * A saved product's options and table: its variants on, combinations it does not sell off. A
 * product without options has an empty editor (its price and stock are the form's own fields).
 */
export function variantDraftOf(product: Pick<Product, 'options' | 'variants'> | null): VariantDraft {
  if (!product || product.options.length === 0) return { options: [], rows: [] };
  const options = product.options.map((option) => ({ name: option.name, values: [...option.values] }));
  const saved: VariantRow[] = product.variants.map((variant) => ({
    id: variant.id,
    options: variant.options,
    sku: variant.sku,
    barcode: variant.barcode ?? '',
    price: String(variant.price),
    priceAfterDiscount: variant.priceAfterDiscount === undefined ? '' : String(variant.priceAfterDiscount),
    quantity: String(variant.quantity),
    on: true,
  }));
  const names = options.map((option) => option.name);
  const sold = new Set(saved.map((row) => keyOf(row.options, names)));
  const rows = rowsFor(options, saved).map((row) => ({ ...row, on: sold.has(keyOf(row.options, names)) }));
  return { options, rows };
}

/** «تطبيق على الكل»: the filled fields (the others left alone) on every row that is on. */
export function fillAll(rows: readonly VariantRow[], fill: FillAll): VariantRow[] {
  const given = Object.fromEntries(
    Object.entries(fill).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  return rows.map((row) => (row.on ? { ...row, ...given } : row));
}

/** The rows that are sent, in order: the API's `variants[i]` is the i-th of these. */
export const sentRows = (draft: VariantDraft) =>
  usableOptions(draft.options).length === 0 ? [] : draft.rows.filter((row) => row.on);

/** The two JSON parts as the API reads them (docs/variants.md); numbers as typed, Arabic digits made ASCII. */
export function variantsInputOf(draft: VariantDraft) {
  return {
    options: usableOptions(draft.options),
    variants: sentRows(draft).map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      sku: row.sku.trim(),
      barcode: row.barcode.trim(),
      options: row.options,
      price: asciiNumber(row.price),
      ...(row.priceAfterDiscount.trim() === '' ? {} : { priceAfterDiscount: asciiNumber(row.priceAfterDiscount) }),
      quantity: asciiNumber(row.quantity),
    })),
  };
}

/** The hidden inputs' values: `options` and `variants` as JSON. */
export function variantParts(draft: VariantDraft): { options: string; variants: string } {
  const input = variantsInputOf(draft);
  return { options: JSON.stringify(input.options), variants: JSON.stringify(input.variants) };
}

/** `variants.3.price` (the schema's path) or `variants[3].price` (the API's own checks): the row and cell. */
export function variantTarget(param: string): { index: number; cell: VariantCell | 'options' } | null {
  const match = /^variants(?:\.(\d+)|\[(\d+)\])\.?([A-Za-z]+)?/.exec(param);
  if (!match) return null;
  const index = Number(match[1] ?? match[2]);
  const cell = match[3];
  if (cell === 'options' || (variantCells as readonly string[]).includes(cell ?? '')) {
    return { index, cell: cell as VariantCell | 'options' };
  }
  return { index, cell: 'options' };
}

const textOf = (code: unknown) => errorText(code, { phoneCountry: '' }, productWording);

/**
 * Places failures (`{ param, code }`, from the API or from the contract's schema) on the rows that
 * were sent: `variants[i]` is the i-th row that is on. The rest is one message for the editor.
 */
export function placeVariantErrors(failures: readonly VariantFailure[], rows: readonly VariantRow[]): VariantErrors {
  const errors: VariantErrors = { rows: {} };
  for (const failure of failures) {
    const text = textOf(failure.code);
    if (!text) continue;
    const target = variantTarget(failure.param);
    const row = target ? rows[target.index] : undefined;
    if (target && row) {
      const key = rowKey(row);
      errors.rows[key] = { [target.cell]: text, ...errors.rows[key] };
    } else errors.general ??= text;
  }
  return errors;
}

export const hasVariantErrors = (errors: VariantErrors) =>
  Boolean(errors.general) || Object.keys(errors.rows).length > 0;

/** Whether an API failure's field is the options or the table (`options`, `variants[2].sku`). */
export const isVariantParam = (param: string) => /^(options|variants)\b/.test(param);

/**
 * The multipart parts the API reads for the options and the table, from what the form posted: a
 * product whose options were all removed sends its own price, stock, SKU and barcode as its one
 * default variant. Undefined when the form has no table (a product without options, as before).
 */
export function apiVariantParts(
  posted: { options: string; variants: string } | undefined,
  values: { price: string; priceAfterDiscount: string; quantity: string; sku: string; barcode: string },
): { options: string; variants: string } | undefined {
  if (!posted) return undefined;
  if (posted.options.trim() !== '[]') return posted;
  const discount = asciiNumber(values.priceAfterDiscount);
  const only = {
    options: {},
    price: asciiNumber(values.price),
    ...(discount === '' ? {} : { priceAfterDiscount: discount }),
    quantity: asciiNumber(values.quantity),
    sku: values.sku.trim(),
    barcode: values.barcode.trim(),
  };
  return { options: '[]', variants: JSON.stringify([only]) };
}
