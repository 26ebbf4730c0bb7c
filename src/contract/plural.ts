import { formatNumber } from './numbers.js';

/** The six Arabic plural forms of CLDR; `{n}` in a form is replaced by the formatted count. */
export type PluralForms = Record<Intl.LDMLPluralRule, string>;

/** Made on first use, not on import: see `percentSign` in numbers.ts. */
let rules: Intl.PluralRules | undefined;

/**
 * `plural(3, { few: '{n} نتائج', … })` → '3 نتائج': every count the shop writes, on screens and in
 * what the server writes for people (docs/architecture.md), never a fixed plural noun.
 */
export function plural(count: number, forms: PluralForms): string {
  rules ??= new Intl.PluralRules('ar');
  return forms[rules.select(count)].replace('{n}', formatNumber(count));
}

/** How many products (lines) a basket or an order holds: «منتج واحد», «منتجان», «3 منتجات». */
export const PRODUCT_COUNT: PluralForms = {
  zero: '{n} منتج',
  one: 'منتج واحد',
  two: 'منتجان',
  few: '{n} منتجات',
  many: '{n} منتجاً',
  other: '{n} منتج',
};
