import { minorPriceFailure, productFieldsSchema } from '../../contract/catalog';
import { type ApiErrorCode, codeOf } from '../../contract/messages';
import { toMinor } from '../../contract/money';
import { errorText, schemaErrors } from './api-errors';
import type { FieldErrors } from './form';
import {
  asciiNumber,
  IMAGE_RULES,
  type ProductField,
  type ProductValues,
  productFields,
  productWording,
} from './product-form';

type ProductRuleContext = {
  /** Minor-unit digits of the shop's currency: a price must be at least one of its smallest coins. */
  digits: number;
  imageCount: number;
  /** A new product needs its cover; an edited one keeps its pictures unless new ones are sent. */
  imageRequired: boolean;
  colors: readonly string[];
  subcategories: readonly string[];
};

const productText = (code: ApiErrorCode) => errorText(code, { phoneCountry: '' }, productWording);

/**
 * The API's rules, checked before sending (an invalid form is not sent): its schema of the fields
 * (src/contract/catalog.ts: title, description, price, quantity and category required; a
 * discount below the price; a whole quantity of 0 or more; colours and sub-categories), its
 * rules on prices in minor units and on the pictures (1 to 4; the cover required when adding).
 * The browser loads this module (and zod with it) when the form is first used (useFormErrors).
 */
export function validateProduct(values: ProductValues, context: ProductRuleContext): FieldErrors<ProductField> {
  const errors: FieldErrors<ProductField> = {};
  if (context.imageCount > IMAGE_RULES.max) errors.images = productText('TOO_MANY_IMAGES');
  else if (context.imageRequired && context.imageCount === 0) errors.images = productText('IMAGE_COVER_REQUIRED');

  // As the API reads the multipart form: lists repeated, an empty discount meaning none.
  const { priceAfterDiscount, ...fields } = values;
  const input = {
    ...fields,
    ...(priceAfterDiscount.trim() === '' ? {} : { priceAfterDiscount }),
    availableColors: [...context.colors],
    subcategory: [...context.subcategories],
  };
  Object.assign(errors, schemaErrors(productFieldsSchema, input, productFields, { overrides: productWording }));

  if (!errors.price) {
    const minor = (text: string) => toMinor(Number(asciiNumber(text)), context.digits);
    const discount = errors.priceAfterDiscount || !('priceAfterDiscount' in input) ? null : minor(priceAfterDiscount);
    const broken = minorPriceFailure(minor(values.price), discount);
    if (broken) errors[broken.field] = productText(codeOf(broken.key));
  }
  return errors;
}
