import { isColorOption } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import type { Product, Variant } from '../../contract/types';

/*
 * The product page's choice of a variant (docs/specification.md (Product page)): which value of each
 * option the shopper picked, kept in the page's URL as one search parameter per option
 * (`?المقاس=42&اللون=%23000000`), so a shared link, a reload and a form sent without JavaScript
 * all open the same choice.
 */

/** Option name → the value picked; an option not picked yet is absent. */
export type Choice = Record<string, string>;

type Options = Product['options'];
type WithVariants = Pick<Product, 'options' | 'variants'>;

/** The value of `option` that `raw` names: as written, a colour in any case, digits in any script. */
function optionValueFrom(option: Options[number], raw: string): string | undefined {
  const written = raw.trim();
  const candidates = [written, toAsciiDigits(written), isColorOption(option.name) ? written.toLowerCase() : written];
  return candidates.find((candidate) => option.values.includes(candidate));
}

/** The choice a URL's search parameters carry; unknown options and values are left out. */
export function choiceFromSearch(options: Options, search: URLSearchParams): Choice {
  const choice: Choice = {};
  for (const option of options) {
    const raw = search.get(option.name);
    const value = raw === null ? undefined : optionValueFrom(option, raw);
    if (value !== undefined) choice[option.name] = value;
  }
  return choice;
}

/** `search` with the options' parameters set to `choice` (the others, such as a reviews page, kept). */
export function searchWithChoice(options: Options, choice: Choice, search = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const option of options) {
    const value = choice[option.name];
    if (value === undefined) next.delete(option.name);
    else next.set(option.name, value);
  }
  return next;
}

/** Whether a variant has every value `choice` picked. */
const fits = (variant: Variant, choice: Choice) =>
  Object.entries(choice).every(([name, value]) => variant.options[name] === value);

/** The variants the choice so far leaves open (all of them before any choice). */
export const variantsFitting = (product: WithVariants, choice: Choice) =>
  product.variants.filter((variant) => fits(variant, choice));

/**
 * Whether picking `value` for `optionName`, with the other options as chosen, leaves a variant in
 * stock: a value no such variant has is shown disabled.
 */
export function isValueAvailable(product: WithVariants, choice: Choice, optionName: string, value: string): boolean {
  return variantsFitting(product, { ...choice, [optionName]: value }).some((variant) => variant.quantity > 0);
}

/** The first option (in the product's order) not picked yet: what adding to the cart asks for. */
export const firstUnchosenOption = (options: Options, choice: Choice) =>
  options.find((option) => choice[option.name] === undefined);

/**
 * The variant every option's value names, once each option is picked; undefined before, and for a
 * product without options (nothing to pick: the API adds its default variant).
 */
export function chosenVariant(product: WithVariants, choice: Choice): Variant | undefined {
  if (product.options.length === 0 || firstUnchosenOption(product.options, choice)) return undefined;
  return product.variants.find((variant) => fits(variant, choice));
}

const payable = (variant: Variant) => variant.priceAfterDiscount ?? variant.price;

/**
 * The price the page shows for a choice: the chosen variant's, or, while options are still open,
 * the cheapest of the variants left (by what a customer pays), `from` when they differ; a product
 * without options, its default variant's.
 */
export function priceForChoice(
  product: WithVariants & Pick<Product, 'price' | 'priceAfterDiscount'>,
  choice: Choice,
): { price: number; priceAfterDiscount?: number | undefined; from: boolean } {
  const open = variantsFitting(product, choice);
  const cheapest = open.reduce<Variant | undefined>(
    (best, variant) => (best === undefined || payable(variant) < payable(best) ? variant : best),
    undefined,
  );
  if (!cheapest) return { price: product.price, priceAfterDiscount: product.priceAfterDiscount, from: false };
  const from = open.some((variant) => payable(variant) !== payable(cheapest));
  return { price: cheapest.price, priceAfterDiscount: cheapest.priceAfterDiscount, from };
}

/** At most this many units left, the page says how many («متبقٍ 3 فقط»). */
export const FEW_LEFT = 5;

/** What the page says about a variant's stock. */
export function stockNote(
  quantity: number,
): { kind: 'soldOut' } | { kind: 'fewLeft'; left: number } | { kind: 'inStock' } {
  if (quantity <= 0) return { kind: 'soldOut' };
  if (quantity <= FEW_LEFT) return { kind: 'fewLeft', left: quantity };
  return { kind: 'inStock' };
}
