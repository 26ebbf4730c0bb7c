import { z } from 'zod';
import { idSchema, numericInput, requiredString } from './common.js';
import { COUPON_DISCOUNT_RANGE, COUPON_NAME_MAX } from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiMessages as m } from './messages.js';
import { isValidPhone, normalizePhone, type PhoneCountry } from './phone.js';

export const addToCartSchema = z.object({
  productId: z.string({ error: m.productIdRequired }).pipe(idSchema),
  color: z.string().trim().toLowerCase().max(20, { error: m.colorNotAvailable }).optional(),
});

export const updateCartItemSchema = z.object({
  count: numericInput(m.countInvalid).pipe(
    z
      .number()
      .int({ error: m.countInvalid })
      .min(1, { error: m.countInvalid })
      .max(1_000_000, { error: m.countInvalid }),
  ),
});

export const applyCouponSchema = z.object({
  couponName: requiredString(m.couponNameRequired).pipe(
    z.string().max(COUPON_NAME_MAX, { error: m.couponNameTooLong }),
  ),
});

export const wishlistSchema = z.object({
  productId: z.string({ error: m.productIdRequired }).pipe(idSchema),
});

/**
 * ISO 8601: a day, or a day and time with an optional zone. `new Date()` alone would also take
 * "' OR '1'='1" or 'x 1 2 3' (V8 reads dates out of most strings with a number in them).
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A date-only expiry ('2026-12-31') lasts to the end of that day (UTC). */
const expireDate = z
  .string({ error: m.couponExpireRequired })
  .trim()
  .min(1, { error: m.couponExpireRequired })
  .transform(toAsciiDigits)
  .transform((value, ctx) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = new Date(dateOnly ? `${value}T23:59:59.999Z` : value);
    // Date-only values must name a real day: '2026-02-30' is refused, not rolled into March.
    const rolled = dateOnly && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) !== value;
    const year = date.getUTCFullYear();
    if (!ISO_DATE.test(value) || Number.isNaN(date.getTime()) || rolled || year < 1 || year > 9999) {
      ctx.addIssue({ code: 'custom', message: m.couponExpireInvalid, input: value });
      return z.NEVER;
    }
    return date;
  });

const couponName = requiredString(m.couponNameRequired)
  .pipe(z.string().max(COUPON_NAME_MAX, { error: m.couponNameTooLong }))
  .transform((v) => v.toUpperCase());

const discount = ({ min, max }: { min: number; max: number }, message: string) =>
  numericInput(m.couponDiscountRequired, message).pipe(
    z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

export const createCouponSchema = z.object({
  name: couponName,
  expire: expireDate,
  discount: discount(COUPON_DISCOUNT_RANGE.add, m.couponDiscountRange),
});

/** The edit screen allows 0 % (spec §5): a coupon switched off without deleting it. It sends every field. */
export const editCouponSchema = createCouponSchema.extend({
  discount: discount(COUPON_DISCOUNT_RANGE.edit, m.couponDiscountEditRange),
});

/** The API takes any of the edit screen's fields. */
export const updateCouponSchema = editCouponSchema.partial();

export function addressSchemas(country: PhoneCountry) {
  const phone = z
    .string({ error: m.phoneRequired })
    .trim()
    .min(1, { error: m.phoneRequired })
    .refine((v) => isValidPhone(v, country), { error: m.phoneInvalid })
    .transform(normalizePhone);
  const create = z.object({
    alias: requiredString(m.aliasRequired).pipe(z.string().max(50, { error: m.aliasTooLong })),
    details: requiredString(m.detailsRequired).pipe(z.string().max(500, { error: m.detailsTooLong })),
    phone,
    city: requiredString(m.cityRequired).pipe(z.string().max(80, { error: m.cityTooLong })),
    postalCode: z
      .string()
      .trim()
      .transform(toAsciiDigits)
      .pipe(z.string().max(20, { error: m.postalCodeTooLong }))
      .optional(),
  });
  return { create, update: create.partial() };
}

/** Shipping address of an order (cash) or a card checkout. */
export function shippingAddressSchema(country: PhoneCountry) {
  return addressSchemas(country).create.omit({ alias: true });
}

export function cashOrderSchema(country: PhoneCountry) {
  return z.object({ shippingAddress: shippingAddressSchema(country) }, { error: m.shippingAddressRequired });
}

/** Card checkout takes the address in the query: a saved address id, or the address fields. */
export const checkoutQuerySchema = z.object({
  addressId: idSchema.optional(),
  details: z.string().optional(),
  phone: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
});

/** Admin pay/deliver: no body sets the flag (the original API); `{ isPaid: false }` clears it. */
export const orderFlagSchema = z
  .object({ isPaid: z.boolean().optional(), isDelivered: z.boolean().optional() })
  .nullish();
