import { minorPriceFailure, productFieldsSchema, productFieldsWithVariants } from '../../contract/catalog';
import { fieldFailuresOf } from '../../contract/errors';
import { type ApiErrorCode, codeOf } from '../../contract/messages';
import { toMinor } from '../../contract/money';
import { productVariantsInput } from '../../contract/variants';
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
import {
  placeVariantErrors,
  sentRows,
  tooManyCombinations,
  type VariantDraft,
  type VariantErrors,
  type VariantFailure,
  variantsInputOf,
} from './product-variants';

type ProductRuleContext = {
  /** Minor-unit digits of the shop's currency: a price must be at least one of its smallest coins. */
  digits: number;
  imageCount: number;
  /** A new product needs its cover; an edited one keeps its pictures unless new ones are sent. */
  imageRequired: boolean;
  colors: readonly string[];
  subcategories: readonly string[];
  /** A product with options: its variants carry the prices and stock, not the product's fields. */
  withVariants?: boolean;
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
  if (context.withVariants) {
    const { price: _price, quantity: _quantity, priceAfterDiscount: _discount, ...rest } = input;
    Object.assign(errors, schemaErrors(productFieldsWithVariants, rest, productFields, { overrides: productWording }));
    return errors;
  }
  Object.assign(errors, schemaErrors(productFieldsSchema, input, productFields, { overrides: productWording }));

  if (!errors.price) {
    const minor = (text: string) => toMinor(Number(asciiNumber(text)), context.digits);
    const discount = errors.priceAfterDiscount || !('priceAfterDiscount' in input) ? null : minor(priceAfterDiscount);
    const broken = minorPriceFailure(minor(values.price), discount);
    if (broken) errors[broken.field] = productText(codeOf(broken.key));
  }
  return errors;
}

/**
 * The options and the table as the API reads them (`{ options, variants }`), by the contract's
 * schema (productVariantsInput, the one the API runs), then each row's prices in minor units of
 * the shop's currency, as the API checks them after (docs/variants.md).
 */
export function variantFailures(input: unknown, digits: number): VariantFailure[] {
  const parsed = productVariantsInput.safeParse(input);
  if (!parsed.success) {
    return fieldFailuresOf(parsed.error.issues, input, 'body').map(({ param, code }) => ({ param, code }));
  }
  const failures: VariantFailure[] = [];
  parsed.data.variants.forEach((variant, index) => {
    const discount = variant.priceAfterDiscount === undefined ? null : toMinor(variant.priceAfterDiscount, digits);
    const broken = minorPriceFailure(toMinor(variant.price, digits), discount);
    if (broken) failures.push({ param: `variants.${index}.${broken.field}`, code: codeOf(broken.key) });
  });
  return failures;
}

/** The editor's check before sending: its failures placed on its rows (`variants[i]` is the i-th row that is on). */
export function checkVariants(draft: VariantDraft, digits: number): VariantErrors {
  if (tooManyCombinations(draft.options))
    return placeVariantErrors([{ param: 'variants', code: 'VARIANTS_TOO_MANY' }], []);
  return placeVariantErrors(variantFailures(variantsInputOf(draft), digits), sentRows(draft));
}
