import { z } from 'zod';
import { foldCityName } from './cities.js';
import {
  dataEnvelope,
  idSchema,
  numericInput,
  requiredString,
  resourceIds,
  statusListEnvelope,
  timestamps,
} from './common.js';
import {
  LEGAL_NAME_MAX,
  MAX_BASKET_REMINDER_DELAY_HOURS,
  MAX_LOW_STOCK_THRESHOLD,
  MIN_BASKET_REMINDER_DELAY_HOURS,
  SELLER_ID_SCHEMES,
  SHOP_NAME_MAX,
  STORE_ADDRESS_MAX,
  STORE_PHONE_MAX,
  ZONE_CITIES_MAX,
  ZONE_CITY_MAX,
  ZONE_NAME_MAX,
} from './constants.js';
import { toAsciiDigits } from './digits.js';
import type { MarketCountry } from './markets.js';
import { apiMessages as m } from './messages.js';
import { toE164 } from './phone.js';
import { isNetworkLink, SOCIAL_LINK_MAX, type SocialNetwork } from './shop-pages.js';
import { staffRefundLimitSchema } from './staff.js';

/*
 * The store's settings, its shipping zones and an order's quote (docs/pricing.md). Amounts are
 * major units, like every price of the API; the VAT rate is a percentage (15 = 15 %), kept in
 * basis points.
 */

/** The most a zone amount may be in major units before the order limit is checked in minor units. */
const ZONE_AMOUNT_MAX = 100_000_000_000;

/**
 * A VAT registration number as the market writes it: Saudi Arabia's is 15 digits, the first and
 * last a 3 (ZATCA); elsewhere 9 to 15 digits (Egypt's tax registration number has 9, the Gulf's
 * TRNs 15). Arabic-Indic digits are read as digits; spaces and dashes people type are dropped.
 */
export const vatNumberPattern = (country: MarketCountry) => (country === 'SA' ? /^3\d{13}3$/ : /^\d{9,15}$/);

/** A VAT number as stored: ASCII digits only. */
export const normalizeVatNumber = (value: string) => toAsciiDigits(value).replace(/[\s-]/g, '');

/** The most characters of a national address part (street, district, city): ZATCA's field limit. */
export const ADDRESS_PART_MAX = 127;

/** Digits as typed (Arabic-Indic accepted, spaces dropped), then exactly the pattern or empty. */
const digitsField = (pattern: RegExp, error: (typeof m)[keyof typeof m]) =>
  z
    .string({ error })
    .max(32, { error })
    .transform((v) => toAsciiDigits(v).replace(/\s/g, ''))
    .refine((v) => v === '' || pattern.test(v), { error });

/**
 * What a Saudi shop still lacks to issue tax invoices (docs/invoices.md § When there is none): the
 * settings fields (or `currency`, when the shop does not sell in SAR; `vatRate`, when it is 0 %),
 * in the form's order. Elsewhere only the VAT number is needed. Empty: it issues them.
 */
export const TAX_INVOICE_REQUIREMENTS = [
  'legalName',
  'vatNumber',
  'sellerId',
  'buildingNumber',
  'street',
  'district',
  'city',
  'postalCode',
  'currency',
  'vatRate',
] as const;
export type TaxInvoiceRequirement = (typeof TAX_INVOICE_REQUIREMENTS)[number];

/**
 * A Saudi national address as the settings and the invoices' frozen seller answer it (docs/invoices.md
 * § The seller); `additionalNumber` is optional ('' when none).
 */
export const nationalAddressView = z.object({
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  city: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
});

/** A percentage (0–100, at most 2 decimals) → basis points. */
const vatRate = numericInput(m.vatRateInvalid).pipe(
  z
    .number()
    .min(0, { error: m.vatRateInvalid })
    .max(100, { error: m.vatRateInvalid })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { error: m.vatRateInvalid })
    .transform((v) => Math.round(v * 100)),
);

const optionalText = (max: number) => z.string().trim().max(max, { error: m.valueTooLong });

/** A link to the shop's page on a social network: https, on that network's site; '' clears it (docs/store-pages.md). */
const socialLink = (network: SocialNetwork) =>
  z
    .string({ error: m.socialLinkInvalid })
    .trim()
    .max(SOCIAL_LINK_MAX, { error: m.socialLinkInvalid })
    .refine((v) => v === '' || isNetworkLink(network, v), { error: m.socialLinkInvalid });

/** A WhatsApp number, in any form the shop takes a mobile in (src/contract/phone.ts), stored E.164; '' clears it. */
const whatsappNumber = (country: MarketCountry) =>
  z
    .string({ error: m.whatsappInvalid })
    .max(32, { error: m.whatsappInvalid })
    .transform((v, context) => {
      if (v.trim() === '') return '';
      const e164 = toE164(v, country);
      if (e164 === undefined) context.addIssue({ code: 'custom', message: m.whatsappInvalid });
      return e164 ?? '';
    });

/** `PUT /settings`: any of the fields; an empty `vatNumber` (or null) clears it. */
export function storeSettingsUpdateSchema(country: MarketCountry) {
  const pattern = vatNumberPattern(country);
  return z
    .object({
      shopName: requiredString(m.shopNameRequired).pipe(z.string().max(SHOP_NAME_MAX, { error: m.valueTooLong })),
      legalName: optionalText(LEGAL_NAME_MAX),
      vatNumber: z
        .string({ error: m.vatNumberInvalid })
        .max(64, { error: m.vatNumberInvalid })
        .transform(normalizeVatNumber)
        .refine((v) => v === '' || pattern.test(v), { error: m.vatNumberInvalid })
        .transform((v) => (v === '' ? null : v))
        .nullable(),
      address: optionalText(STORE_ADDRESS_MAX),
      sellerIdScheme: z.enum(SELLER_ID_SCHEMES, { error: m.sellerIdSchemeInvalid }),
      sellerId: z
        .string({ error: m.sellerIdInvalid })
        .max(64, { error: m.sellerIdInvalid })
        .transform((v) => toAsciiDigits(v).replace(/[\s-]/g, ''))
        .refine((v) => /^[A-Za-z0-9]{0,50}$/.test(v), { error: m.sellerIdInvalid }),
      buildingNumber: digitsField(/^\d{4}$/, m.buildingNumberInvalid),
      street: optionalText(ADDRESS_PART_MAX),
      district: optionalText(ADDRESS_PART_MAX),
      city: optionalText(ADDRESS_PART_MAX),
      postalCode: digitsField(/^\d{5}$/, m.postalCodeInvalid),
      additionalNumber: digitsField(/^\d{4}$/, m.additionalNumberInvalid),
      email: z.union(
        [
          z.literal(''),
          z
            .string()
            .trim()
            .toLowerCase()
            .pipe(z.email({ error: m.emailInvalid })),
        ],
        {
          error: m.emailInvalid,
        },
      ),
      phone: optionalText(STORE_PHONE_MAX).transform(toAsciiDigits),
      whatsapp: whatsappNumber(country),
      instagramUrl: socialLink('instagram'),
      xUrl: socialLink('x'),
      tiktokUrl: socialLink('tiktok'),
      snapchatUrl: socialLink('snapchat'),
      facebookUrl: socialLink('facebook'),
      vatRate,
      pricesIncludeVat: z.boolean({ error: m.valueTypeInvalid }),
      lowStockThreshold: numericInput(m.lowStockThresholdInvalid).pipe(
        z
          .number()
          .int({ error: m.lowStockThresholdInvalid })
          .min(0, { error: m.lowStockThresholdInvalid })
          .max(MAX_LOW_STOCK_THRESHOLD, { error: m.lowStockThresholdInvalid }),
      ),
      basketRemindersEnabled: z.boolean({ error: m.valueTypeInvalid }),
      basketReminderDelayHours: numericInput(m.basketReminderDelayInvalid).pipe(
        z
          .number()
          .int({ error: m.basketReminderDelayInvalid })
          .min(MIN_BASKET_REMINDER_DELAY_HOURS, { error: m.basketReminderDelayInvalid })
          .max(MAX_BASKET_REMINDER_DELAY_HOURS, { error: m.basketReminderDelayInvalid }),
      ),
      staffRefundLimit: staffRefundLimitSchema,
    })
    .partial();
}

/**
 * The settings as anyone may read them (`GET /settings`): they print on every invoice and in the
 * footer. What only the owner needs is in storeSettingsSchema.
 */
export const publicStoreSettingsSchema = z.object({
  shopName: z.string(),
  legalName: z.string(),
  /** Null: none yet, so the shop issues no tax invoices. */
  vatNumber: z.string().nullable(),
  address: z.string(),
  /** ZATCA's seller identification (BT-29): scheme and value ('' when none). */
  sellerIdScheme: z.enum(SELLER_ID_SCHEMES),
  sellerId: z.string(),
  ...nationalAddressView.shape,
  email: z.string(),
  phone: z.string(),
  /** The footer's links (docs/store-pages.md): a WhatsApp number in E.164, the shop's pages on the networks; '' when none. */
  whatsapp: z.string(),
  instagramUrl: z.string(),
  xUrl: z.string(),
  tiktokUrl: z.string(),
  snapchatUrl: z.string(),
  facebookUrl: z.string(),
  /** Percent (15 = 15 %). */
  vatRate: z.number(),
  /** Prices are shown and charged with VAT (B2C); false: VAT is added to the total. */
  pricesIncludeVat: z.boolean(),
  /** ISO 4217, from the configuration (SHOP_CURRENCY / SHOP_COUNTRY). */
  currency: z.string(),
  /** The market (SHOP_COUNTRY), which decides the VAT number's form. */
  country: z.string(),
  /** Whether the shop issues tax invoices: when nothing is missing. */
  issuesTaxInvoices: z.boolean(),
  updatedAt: z.iso.datetime(),
});
/**
 * The settings as staff read them (`GET /admin/settings`) and as `PUT /settings` answers: the
 * public ones and the owner's own (docs/pricing.md).
 */
export const storeSettingsSchema = publicStoreSettingsSchema.extend({
  /** The admin products list flags products with this many units or fewer (docs/catalogue.md § Low stock). */
  lowStockThreshold: z.int().nonnegative(),
  /** Whether abandoned baskets get a reminder e-mail, one per state of the basket (docs/abandoned-baskets.md). */
  basketRemindersEnabled: z.boolean(),
  /** Hours a customer's basket stays untouched before it counts as abandoned. */
  basketReminderDelayHours: z.int().min(MIN_BASKET_REMINDER_DELAY_HOURS).max(MAX_BASKET_REMINDER_DELAY_HOURS),
  /** What the shop still lacks to issue tax invoices, in the form's order (docs/invoices.md § When there is none). */
  missingForTaxInvoices: z.array(z.enum(TAX_INVOICE_REQUIREMENTS)),
  /** The largest refund one member of staff may make (major units; 0: none; docs/staff.md). */
  staffRefundLimit: z.number().nonnegative(),
});
export const publicStoreSettingsEnvelope = dataEnvelope(publicStoreSettingsSchema);
export const storeSettingsEnvelope = dataEnvelope(storeSettingsSchema);

/* Shipping zones */

const amount = numericInput(m.zoneAmountInvalid).pipe(
  z.number().min(0, { error: m.zoneAmountInvalid }).max(ZONE_AMOUNT_MAX, { error: m.zoneAmountInvalid }),
);

/** A city name: one that is only invisible characters, punctuation or an article names no city. */
const city = z
  .string({ error: m.zoneCitiesInvalid })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .max(ZONE_CITY_MAX, { error: m.zoneCitiesInvalid })
      .refine((v) => foldCityName(v) !== '', { error: m.zoneCitiesInvalid }),
  );

const zoneFields = {
  name: requiredString(m.zoneNameRequired).pipe(z.string().max(ZONE_NAME_MAX, { error: m.zoneNameTooLong })),
  cities: z.array(city, { error: m.zoneCitiesInvalid }).max(ZONE_CITIES_MAX, { error: m.zoneCitiesInvalid }),
  price: amount,
  /** Free shipping from this discounted subtotal; null: never free. */
  freeAbove: amount.nullable(),
  codAllowed: z.boolean({ error: m.valueTypeInvalid }),
  codFee: amount,
  enabled: z.boolean({ error: m.valueTypeInvalid }),
};

/** `POST /shipping-zones`: a name; the rest defaults to free shipping, cash allowed, enabled. */
export const createShippingZoneSchema = z.object({
  name: zoneFields.name,
  cities: zoneFields.cities.default([]),
  price: zoneFields.price.default(0),
  freeAbove: zoneFields.freeAbove.default(null),
  codAllowed: zoneFields.codAllowed.default(true),
  codFee: zoneFields.codFee.default(0),
  enabled: zoneFields.enabled.default(true),
});

/** `PUT /shipping-zones/:id`: any of the fields. */
export const updateShippingZoneSchema = z.object(zoneFields).partial();

export const shippingZoneSchema = z.object({
  ...resourceIds,
  name: z.string(),
  cities: z.array(z.string()),
  price: z.number(),
  freeAbove: z.number().nullable(),
  codAllowed: z.boolean(),
  codFee: z.number(),
  /** The "everywhere else" zone: takes the cities no other zone lists; cannot be deleted. */
  isDefault: z.boolean(),
  enabled: z.boolean(),
  ...timestamps,
});
export const shippingZoneEnvelope = dataEnvelope(shippingZoneSchema);
export const shippingZoneList = statusListEnvelope(shippingZoneSchema);

/* The quote */

export const quoteQuerySchema = z.object({
  cartId: idSchema,
  addressId: idSchema,
  method: z.enum(['cash', 'card'], { error: m.paymentMethodInvalid }),
});

/** What an order of the cart to that address, paid that way, would cost (docs/pricing.md). */
export const quoteSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shippingPrice: z.number(),
  codFee: z.number(),
  /** The VAT the total includes (or, for prices without VAT, adds). */
  taxPrice: z.number(),
  total: z.number(),
  currency: z.string(),
  /** Percent (15 = 15 %). */
  vatRate: z.number(),
  pricesIncludeVat: z.boolean(),
});
export const quoteEnvelope = dataEnvelope(quoteSchema);
