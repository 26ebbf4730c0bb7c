import { z } from 'zod';
import { productSchema } from './catalog.js';
import { foldCityName } from './cities.js';
import {
  changedEnvelope,
  dataEnvelope,
  idSchema,
  isoDateTime,
  listEnvelope,
  nonNegativeInt,
  numericInput,
  positiveInt,
  requiredString,
  resourceIds,
  statusDataEnvelope,
  statusListEnvelope,
  timestamps,
} from './common.js';
import { COUPON_DISCOUNT_RANGE, COUPON_NAME_MAX } from './constants.js';
import { endOfShopDay } from './dates.js';
import { toAsciiDigits } from './digits.js';
import { storedImageSchema } from './images.js';
import { apiMessages as m } from './messages.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-statuses.js';
import type { PhoneCountry } from './phone.js';
import { phoneSchema } from './phone-schema.js';

export const addToCartSchema = z.object({
  productId: z.string({ error: m.productIdRequired }).pipe(idSchema),
  /** Which variant (docs/variants.md); without it, the colour or the product's only variant decides. */
  variantId: idSchema.optional(),
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

/**
 * A coupon's expiry as the API reads it: an instant, or a day (`2026-12-31`) that lasts to its end
 * in the shop's zone — the server turns it into that instant (`couponExpiry`, docs/dates.md).
 */
export type CouponExpiry = Date | { lastDay: string };

/** The instant a coupon expires: a day's last millisecond in the shop's zone (docs/dates.md). */
export const couponExpiry = (expiry: CouponExpiry, timeZone: string): Date =>
  expiry instanceof Date ? expiry : new Date(endOfShopDay(expiry.lastDay, timeZone).getTime() - 1);

const expireDate = z
  .string({ error: m.couponExpireRequired })
  .trim()
  .min(1, { error: m.couponExpireRequired })
  .transform(toAsciiDigits)
  .transform((value, ctx) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
    // Date-only values must name a real day: '2026-02-30' is refused, not rolled into March.
    const rolled = dateOnly && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) !== value;
    const year = date.getUTCFullYear();
    if (!ISO_DATE.test(value) || Number.isNaN(date.getTime()) || rolled || year < 1 || year > 9999) {
      ctx.addIssue({ code: 'custom', message: m.couponExpireInvalid, input: value });
      return z.NEVER;
    }
    const expiry: CouponExpiry = dateOnly ? { lastDay: value } : date;
    return expiry;
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

/** The edit screen allows 0 % (docs/specification.md (Validation rules: Coupons)): a coupon switched off without deleting it. It sends every field. */
export const editCouponSchema = createCouponSchema.extend({
  discount: discount(COUPON_DISCOUNT_RANGE.edit, m.couponDiscountEditRange),
});

/** The API takes any of the edit screen's fields. */
export const updateCouponSchema = editCouponSchema.partial();

export function addressSchemas(country: PhoneCountry) {
  const create = z.object({
    alias: requiredString(m.aliasRequired).pipe(z.string().max(50, { error: m.aliasTooLong })),
    details: requiredString(m.detailsRequired).pipe(z.string().max(500, { error: m.detailsTooLong })),
    phone: phoneSchema(country),
    city: requiredString(m.cityRequired)
      // Only invisible characters or punctuation are no city (src/contract/cities.ts).
      .refine((v) => foldCityName(v) !== '', { error: m.cityRequired })
      .pipe(z.string().max(80, { error: m.cityTooLong })),
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

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: m.orderStatusInvalid });
const ORDER_NOTE_MAX = 500;
const TRACKING_MAX = 100;
const orderNote = z.string({ error: m.orderNoteTooLong }).trim().max(ORDER_NOTE_MAX, { error: m.orderNoteTooLong });
const trackingText = z.string({ error: m.trackingInvalid }).trim().max(TRACKING_MAX, { error: m.trackingInvalid });

/** Staff move an order along its life (docs/orders.md § Statuses), with the parcel's tracking when shipped. */
export const orderStatusChangeSchema = z.object({
  status: orderStatusSchema,
  note: orderNote.optional(),
  carrier: trackingText.optional(),
  // Couriers' sites take ASCII digits: a number typed in Arabic-Indic digits is stored in those.
  trackingNumber: trackingText.transform(toAsciiDigits).optional(),
  trackingUrl: z
    .url({ protocol: /^https?$/, error: m.trackingUrlInvalid })
    .max(2000, { error: m.trackingUrlInvalid })
    .optional(),
});

/** A cancel: the customer's or staff's reason, shown in the order's history. */
export const orderCancelSchema = z.object({ reason: orderNote.optional() }).nullish();

/**
 * Staff give money back (docs/orders.md § Refunds): `amount` in major units, and units put back in
 * stock per order line. The currency's digits are checked by the server (it knows the currency).
 */
export const refundRequestSchema = z.object({
  amount: numericInput(m.refundAmountInvalid).pipe(
    z.number().gt(0, { error: m.refundAmountInvalid }).max(1e11, { error: m.refundAmountInvalid }),
  ),
  reason: requiredString(m.refundReasonRequired).pipe(z.string().max(ORDER_NOTE_MAX, { error: m.orderNoteTooLong })),
  restock: z
    .array(
      z.object({
        lineId: z.string({ error: m.restockInvalid }).pipe(idSchema),
        count: z
          .int({ error: m.restockInvalid })
          .min(1, { error: m.restockInvalid })
          .max(1_000_000, { error: m.restockInvalid }),
      }),
      { error: m.restockInvalid },
    )
    .max(100, { error: m.restockInvalid })
    .optional(),
});

/** An `Idempotency-Key`: 1 to 200 visible ASCII characters (docs/orders.md § Refunds). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * A refund's headers, for the API reference: the key's rule (IDEMPOTENCY_KEY_PATTERN) is checked by
 * the route, which answers a bad key as `400 IDEMPOTENCY_KEY_INVALID` in the failure shape (a
 * header is no form field).
 */
// Loose: Fastify replaces the request's headers with what the schema parses; the others must stay.
export const refundHeadersSchema = z.looseObject({ 'idempotency-key': z.string().optional() });

/** The key of a guest basket, as the basket's random opaque value (43 base64url characters). */
export const BASKET_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The basket routes' header; a malformed key is `400 BASKET_KEY_INVALID` (checked by the route). */
export const basketHeadersSchema = z.looseObject({ 'x-basket-key': z.string().optional() });

/* Responses */

/** A named group (category, brand) as a cart line shows it. */
const groupRef = z.object({ ...resourceIds, name: z.string() });

export const cartLineSchema = z.object({
  ...resourceIds,
  product: z.object({
    ...resourceIds,
    title: z.string(),
    imageCover: z.string().nullable(),
    imageCoverSizes: storedImageSchema.nullable(),
    category: groupRef,
    brand: groupRef.nullable(),
    ratingsAverage: z.number(),
    ratingsQuantity: nonNegativeInt,
    /** Units in stock, so screens can cap the quantity input. */
    quantity: nonNegativeInt,
    availableColors: z.array(z.string()),
  }),
  /** What the line holds; `options` is `{}` for a product without options. */
  variant: z.object({
    ...resourceIds,
    sku: z.string(),
    options: z.record(z.string(), z.string()),
    /** Units of this variant in stock, so screens can cap the quantity input. */
    quantity: nonNegativeInt,
  }),
  count: positiveInt,
  /** '' when the product has no colour choice. */
  color: z.string(),
  /** The variant's current effective price, major units. */
  price: z.number(),
});

/** Totals in major units; `coupon` (its name), `discount` and `totalAfterDiscount` while a live coupon applies. */
export const cartSchema = z.object({
  ...resourceIds,
  cartOwner: z.string(),
  products: z.array(cartLineSchema),
  totalCartPrice: z.number(),
  coupon: z.string().optional(),
  discount: z.number().optional(),
  totalAfterDiscount: z.number().optional(),
  ...timestamps,
});

/** Every cart answer; `numOfCartItems` counts lines, `message` says what an addition did. */
export const cartEnvelope = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  numOfCartItems: nonNegativeInt,
  data: cartSchema,
});

/**
 * A guest's basket (docs/decisions/0021-guest-basket.md): the cart's shape without an owner or a
 * coupon (coupons are for customers).
 */
export const basketSchema = cartSchema.omit({ coupon: true, discount: true, totalAfterDiscount: true }).extend({
  cartOwner: z.null(),
});

/**
 * Every basket answer: `data` is null while the key names no live basket. `basketKey` comes once,
 * on the addition that made the basket: the only time the shop knows it (it keeps its hash).
 */
export const basketEnvelope = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  numOfCartItems: nonNegativeInt,
  data: basketSchema.nullable(),
  basketKey: z.string().optional(),
});

/** A basket line the merge could not bring over, whole (`dropped`) or in part (`capped`). */
const mergedLineNote = z.object({ productId: z.string(), title: z.string() });

/** The customer's cart after a guest basket went into it, and what did not fit. */
export const basketMergeEnvelope = cartEnvelope.extend({
  dropped: z.array(mergedLineNote),
  capped: z.array(mergedLineNote),
});

/** `discount` is a percentage, `expire` the instant it stops applying. */
export const couponSchema = z.object({
  ...resourceIds,
  name: z.string(),
  expire: isoDateTime,
  discount: z.int().min(0).max(100),
  ...timestamps,
});
export const couponEnvelope = dataEnvelope(couponSchema);
export const couponList = listEnvelope(couponSchema);

export const addressSchema = z.object({
  ...resourceIds,
  alias: z.string(),
  details: z.string(),
  phone: z.string(),
  city: z.string(),
  postalCode: z.string(),
});
export const addressList = statusListEnvelope(addressSchema);
export const addressEnvelope = statusDataEnvelope(addressSchema);
export const addressesChanged = changedEnvelope(addressSchema);

/** The favourite products themselves; a change answers with their ids. */
export const wishlistEnvelope = statusListEnvelope(productSchema);
export const wishlistChanged = changedEnvelope(z.string());

/** An order line keeps the product's title and picture of the day it was ordered. */
export const orderItemSchema = z.object({
  ...resourceIds,
  product: z.object({
    /** Null once the product has been deleted. */
    _id: z.string().nullable(),
    id: z.string().nullable(),
    title: z.string(),
    imageCover: z.string().nullable(),
    imageCoverSizes: storedImageSchema.nullable(),
    ratingsAverage: z.number(),
    ratingsQuantity: nonNegativeInt,
  }),
  /** The variant as it was ordered: its SKU and option values (`{}` without options). */
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  count: positiveInt,
  color: z.string(),
  price: z.number(),
});

/** One change in an order's life (docs/orders.md § History). */
export const orderEventSchema = z.object({
  at: isoDateTime,
  /** Who made it: the customer, staff, or the shop itself (a payment confirmed, a refund settled). */
  by: z.enum(['customer', 'admin', 'system']),
  /** The staff member who made it, by name: in staff's reading only (a customer sees roles). */
  byName: z.string().optional(),
  kind: z.enum(['created', 'status', 'payment', 'refund']),
  from: z.enum(ORDER_STATUSES).optional(),
  to: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  note: z.string().optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
  /** A refund's amount, major units. */
  amount: z.number().optional(),
  /** A refund's credit note, when the order has a tax invoice (docs/invoices.md § Credit notes). */
  creditNoteNumber: positiveInt.optional(),
});

export const orderSchema = z.object({
  ...resourceIds,
  /** Short human order number. */
  number: positiveInt,
  user: z.object({ ...resourceIds, name: z.string(), email: z.string(), phone: z.string() }),
  cartItems: z.array(orderItemSchema),
  shippingAddress: z.object({
    details: z.string(),
    phone: z.string(),
    city: z.string(),
    postalCode: z.string(),
    /**
     * False when no shipping zone listed the city and the market's city table did not know it: the
     * default zone («باقي المدن») priced it, and staff should check the address (docs/pricing.md).
     */
    cityRecognised: z.boolean(),
  }),
  /** The lines' sum (docs/pricing.md). */
  subtotal: z.number(),
  /** The coupon's part of the subtotal. */
  discount: z.number(),
  /** The VAT the total includes (or adds, for a shop whose prices are without VAT). */
  taxPrice: z.number(),
  shippingPrice: z.number(),
  /** The cash-on-delivery fee. */
  codFee: z.number(),
  totalOrderPrice: z.number(),
  /** The VAT rule of the order's day: the rate in percent, and whether prices included it. */
  vatRate: z.number(),
  pricesIncludeVat: z.boolean(),
  /** The coupon's name, when one applied. */
  coupon: z.string().optional(),
  paymentMethodType: z.enum(['cash', 'card']),
  isPaid: z.boolean(),
  paidAt: isoDateTime.optional(),
  /** Paid through the test provider: no money moved. */
  isTest: z.boolean(),
  isDelivered: z.boolean(),
  deliveredAt: isoDateTime.optional(),
  /** The number of the order's tax invoice, when one was issued (docs/invoices.md). */
  invoiceNumber: positiveInt.optional(),
  /** Where the order is in its life (docs/orders.md); `isDelivered` follows it. */
  status: z.enum(ORDER_STATUSES),
  /** What became of its money; `isPaid` is true from `paid` on. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Given back so far, major units. */
  refundedAmount: z.number(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
  cancelledAt: isoDateTime.optional(),
  /** Every change, oldest first: the timeline. */
  history: z.array(orderEventSchema),
  ...timestamps,
});
export const orderEnvelope = dataEnvelope(orderSchema);
export const orderList = listEnvelope(orderSchema);
/** A cash order just made. */
export const orderCreatedEnvelope = z.object({ status: z.literal('success'), data: orderSchema });
/** Staff set an order's flag: a capital S, as the original clients compare it. */
export const orderFlagEnvelope = z.object({ status: z.literal('Success'), data: orderSchema });

/** A refund as recorded: `due` until the payment provider confirms it, then `done`. */
export const refundSchema = z.object({
  ...resourceIds,
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['due', 'done']),
  restock: z.array(z.object({ lineId: z.string(), count: positiveInt })),
  /** The number of the credit note issued for it, when the order has a tax invoice (docs/invoices.md). */
  creditNoteNumber: positiveInt.optional(),
  createdAt: isoDateTime,
  doneAt: isoDateTime.optional(),
});
/** A refund and the order after it. */
export const refundEnvelope = z.object({ data: refundSchema, order: orderSchema });

/** A card payment page at the provider; the order is made when the provider confirms payment. */
export const checkoutSessionEnvelope = z.object({
  status: z.literal('success'),
  session: z.object({
    /** The provider's page to send the customer to (absolute). */
    url: z.string(),
    /** The provider's id of the session. */
    id: z.string(),
    amount: z.number(),
    /** Our id of the checkout (`GET /payments/checkouts/:id`). */
    checkoutId: z.string(),
    expiresAt: isoDateTime,
  }),
});

/** A card checkout as its customer and staff see it (the thank-you page, payments to look at). */
export const checkoutStatusSchema = z.object({
  ...resourceIds,
  /** open: waiting for the payment, its units held; completed: became `order`; refunded / refund_due: paid, but no order could be made. */
  status: z.enum(['open', 'completed', 'cancelled', 'failed', 'expired', 'refunded', 'refund_due']),
  amount: z.number(),
  currency: z.string(),
  expiresAt: isoDateTime,
  isTest: z.boolean(),
  order: z.object({ ...resourceIds, number: positiveInt.nullable() }).optional(),
  failureReason: z.string().optional(),
  refundedAt: isoDateTime.optional(),
  /** Staff's list only: who paid. */
  user: z.object({ ...resourceIds, name: z.string(), email: z.string() }).optional(),
  createdAt: isoDateTime,
});
export const checkoutStatusEnvelope = dataEnvelope(checkoutStatusSchema);
export const checkoutStatusList = listEnvelope(checkoutStatusSchema);

/** The payment provider's webhook, once its event is handled. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
