import { z } from 'zod';
import { idSchema, nonNegativeInt, numericInput, resourceIds } from './common.js';
import {
  isColorOption,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  SKU_MAX,
} from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiMessages as m } from './messages.js';

/*
 * A product's options and variants (docs/variants.md): up to three options such as «المقاس» and
 * «اللون», each with its values, and one variant per combination on sale, with its own SKU, price
 * and stock. A product without options is sold as one default variant (`options: {}`).
 */

/** A colour as `availableColors` takes it: a hex code or a CSS word, stored lower case. */
export const COLOR_VALUE = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})$/;

/** Letters, digits and . - _ / (no spaces): what barcode labels and spreadsheets keep intact. */
const SKU = /^[\p{L}\p{N}][\p{L}\p{N}._\-/]*$/u;

/** GS1's check digit: weights 3 and 1 from the right, the last digit makes the sum a multiple of 10. */
export function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * A variant's stock at most: a product's stock is the sum of at most MAX_PRODUCT_VARIANTS of them,
 * which must stay within PostgreSQL's integer (2,147,483,647).
 */
export const MAX_VARIANT_QUANTITY = 10_000_000;

const optionValue = z.string().trim().min(1).max(OPTION_VALUE_MAX);

export const productOptionInput = z
  .object({
    name: z
      .string({ error: m.optionNameInvalid })
      .trim()
      .min(1, { error: m.optionNameInvalid })
      .max(OPTION_NAME_MAX, { error: m.optionNameInvalid }),
    values: z
      .array(optionValue, { error: m.optionValuesInvalid })
      .min(1, { error: m.optionValuesInvalid })
      .max(MAX_OPTION_VALUES, { error: m.optionValuesInvalid }),
  })
  .transform((option, ctx) => {
    // A colour option's values are swatches (lower case), like `availableColors`.
    const values = isColorOption(option.name) ? option.values.map((v) => v.toLowerCase()) : option.values;
    if (isColorOption(option.name) && values.some((value) => !COLOR_VALUE.test(value))) {
      ctx.addIssue({ code: 'custom', message: m.colorInvalid, path: ['values'] });
    }
    if (new Set(values).size !== values.length) {
      ctx.addIssue({ code: 'custom', message: m.optionValuesInvalid, path: ['values'] });
    }
    return { name: option.name, values };
  });

export const productOptionsInput = z
  .array(productOptionInput, { error: m.optionsInvalid })
  .max(MAX_PRODUCT_OPTIONS, { error: m.optionsTooMany })
  .superRefine((options, ctx) => {
    const names = options.map((option) => option.name.toLowerCase());
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: m.optionNameInvalid });
  });

const priceInput = numericInput(m.priceRequired, m.priceNotNumber).pipe(
  z.number().positive({ error: m.priceInvalid }).max(100_000_000, { error: m.priceInvalid }),
);

/** A variant's SKU as typed; empty: the shop makes one (`MJ-` and sixteen hex digits). */
export const skuInput = z
  .string({ error: m.skuInvalid })
  .trim()
  .max(SKU_MAX, { error: m.skuInvalid })
  .refine((sku) => sku === '' || SKU.test(sku), { error: m.skuInvalid });

/** A variant's barcode as typed (Arabic-Indic digits read as ASCII); empty: none. */
export const barcodeInput = z
  .string({ error: m.barcodeInvalid })
  .trim()
  .transform((code) => toAsciiDigits(code))
  .refine((code) => code === '' || isGtin(code), { error: m.barcodeInvalid });

/** One row of the variant table as a client sends it; prices in major units. */
export const variantInput = z.object({
  /** An existing variant to change; absent for a new one. */
  id: idSchema.optional(),
  sku: skuInput.optional(),
  barcode: barcodeInput.nullish(),
  options: z.record(z.string(), z.string().trim(), { error: m.variantOptionsInvalid }).default({}),
  price: priceInput,
  priceAfterDiscount: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      numericInput(m.priceAfterDiscountInvalid, m.priceAfterDiscountNotNumber)
        .pipe(
          z
            .number()
            .min(0, { error: m.priceAfterDiscountInvalid })
            .max(100_000_000, { error: m.priceAfterDiscountInvalid }),
        )
        .optional(),
    )
    .optional(),
  quantity: numericInput(m.quantityRequired, m.quantityInvalid).pipe(
    z
      .number()
      .int({ error: m.quantityInvalid })
      .min(0, { error: m.quantityInvalid })
      .max(MAX_VARIANT_QUANTITY, { error: m.quantityInvalid }),
  ),
});
export type VariantInput = z.output<typeof variantInput>;

/** The key of a variant's combination, whatever the order its options were written in. */
export const combinationKey = (options: Record<string, string>, names: readonly string[]) =>
  JSON.stringify(names.map((name) => options[name] ?? ''));

/**
 * Options and variants together, as the product form sends them: every variant takes exactly one
 * listed value of each option, no two variants the same combination, each discount under its price.
 */
export const productVariantsInput = z
  .object({
    options: productOptionsInput,
    variants: z
      .array(variantInput, { error: m.variantsInvalid })
      .max(MAX_PRODUCT_VARIANTS, { error: m.variantsTooMany }),
  })
  .superRefine(({ options, variants }, ctx) => {
    // Even without options a product sells one variant: an empty list would leave nothing to sell.
    if (variants.length === 0) {
      ctx.addIssue({ code: 'custom', message: m.variantsRequired, path: ['variants'] });
    }
    if (options.length === 0 && variants.length > 1) {
      ctx.addIssue({ code: 'custom', message: m.variantsRequired, path: ['options'] });
    }
    const names = options.map((option) => option.name);
    const seen = new Set<string>();
    const skus = new Set<string>();
    variants.forEach((variant, index) => {
      const keys = Object.keys(variant.options);
      const normalised = Object.fromEntries(
        Object.entries(variant.options).map(([name, value]) => [
          name,
          isColorOption(name) ? value.toLowerCase() : value,
        ]),
      );
      const fits =
        keys.length === names.length &&
        options.every((option) => {
          const value = normalised[option.name];
          return value !== undefined && option.values.includes(value);
        });
      if (!fits)
        ctx.addIssue({ code: 'custom', message: m.variantOptionsInvalid, path: ['variants', index, 'options'] });
      const key = combinationKey(normalised, names);
      if (fits && seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: m.variantDuplicate, path: ['variants', index, 'options'] });
      }
      seen.add(key);
      const sku = variant.sku?.toLowerCase();
      if (sku) {
        if (skus.has(sku)) ctx.addIssue({ code: 'custom', message: m.skuTaken, path: ['variants', index, 'sku'] });
        skus.add(sku);
      }
      if (variant.priceAfterDiscount !== undefined && variant.priceAfterDiscount >= variant.price) {
        ctx.addIssue({
          code: 'custom',
          message: m.priceAfterDiscountNotLower,
          path: ['variants', index, 'priceAfterDiscount'],
        });
      }
    });
  })
  .transform(({ options, variants }) => ({
    options,
    // Colour values are stored lower case, as the option lists them.
    variants: variants.map((variant) => ({
      ...variant,
      options: Object.fromEntries(
        options.map((option) => {
          const value = variant.options[option.name] ?? '';
          return [option.name, isColorOption(option.name) ? value.toLowerCase() : value];
        }),
      ),
    })),
  }));
export type ProductVariantsInput = z.output<typeof productVariantsInput>;

/** A multipart text part holding JSON: parsed, or the field's own error. */
export const jsonPart = (message: string) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
  }, z.unknown());

/* Responses */

export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });

/** A variant as the API shows it; prices in major units. */
export const variantSchema = z.object({
  ...resourceIds,
  sku: z.string(),
  barcode: z.string().nullable(),
  /** Option name → value; `{}` for a product without options. */
  options: z.record(z.string(), z.string()),
  price: z.number(),
  /** Absent when there is no discount. */
  priceAfterDiscount: z.number().optional(),
  quantity: nonNegativeInt,
});
