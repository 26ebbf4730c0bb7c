import type { PluralForms } from '../lib/plural';

/** «٣ منتجات»: a basket's lines (the top bar, the cart), a listing's results, a customer's favourites. */
export const productsCount: PluralForms = {
  zero: 'لا توجد منتجات',
  one: 'منتج واحد',
  two: 'منتجان',
  few: '{n} منتجات',
  many: '{n} منتجاً',
  other: '{n} منتج',
};
