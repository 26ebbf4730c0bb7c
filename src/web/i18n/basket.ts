import type { PluralForms } from '../lib/plural';

/*
 * The basket's words that pages beyond the cart say (the product page's stock notes), apart from
 * the cart's other words (i18n/cart.ts), which only the cart and payment pages load.
 */

/** The units of a product still in stock, when fewer than asked for or few (docs/specification.md (Validation rules: Cart)). */
export const unitsLeft: PluralForms = {
  zero: 'لم يتبقَّ شيء منه',
  one: 'متبقٍ قطعة واحدة فقط',
  two: 'متبقٍ قطعتان فقط',
  few: 'متبقٍ {n} فقط',
  many: 'متبقٍ {n} فقط',
  other: 'متبقٍ {n} فقط',
};

/** NOT_ENOUGH_STOCK: fewer units left than asked for. */
export const notEnoughStock = 'الكمية المطلوبة غير متوفرة في المخزون';
