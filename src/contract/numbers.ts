import { SHOP_LOCALE } from './digits.js';
import { numberFormat } from './intl-formats.js';

/** A count or a quantity, read the way an Arabic reader expects, in the shop's digits. */
export const formatNumber = (value: number, maximumFractionDigits = 0) =>
  numberFormat(SHOP_LOCALE, { maximumFractionDigits }).format(value);

/**
 * A fraction as a percent (0.15 → «15%»): the shop's one percent style, its digits and its sign
 * (`%` with the direction marks Intl puts around it, never a hand-written «٪»).
 */
export const formatPercent = (fraction: number, maximumFractionDigits = 0) =>
  numberFormat(SHOP_LOCALE, { style: 'percent', maximumFractionDigits }).format(fraction);

/**
 * The sign `formatPercent` writes, for a label that names the unit of a field («نسبة الخصم (%)»).
 * A function, not a constant: this module is in every page's first files, and the first Intl
 * formatter a page makes costs its browser ICU's start (15–25 ms on the project's machine), which
 * a constant would spend while the page's modules are evaluated (docs/architecture.md, "In short
 * tasks").
 */
export const percentSign = () =>
  numberFormat(SHOP_LOCALE, { style: 'percent' })
    .formatToParts(0)
    .find((part) => part.type === 'percentSign')?.value ?? '%';
