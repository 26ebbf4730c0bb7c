/**
 * The markets a shop can be set up for (`SHOP_COUNTRY`, docs/decisions/0018-shop-country.md): each
 * sets the defaults of the currency, the VAT rate and the phone rules; its cities are in
 * market-cities.ts. Every default stays overridable (SHOP_CURRENCY, PHONE_COUNTRY, DEFAULT_CITY;
 * the VAT rate in the store settings).
 */

export type Market = {
  /** ISO 4217. */
  currency: string;
  /** IANA time zone of the market's dates (invoices, e-mails, screens, day filters): src/contract/dates.ts. */
  timeZone: string;
  /** Standard VAT rate in basis points (15 % = 1500); 0 where there is no VAT. */
  vatRateBasisPoints: number;
  /** The country's calling code, without '+'. */
  callingCode: string;
  /** A national mobile number, without the calling code or the trunk 0 (what follows `+<code>`). */
  mobile: RegExp;
  /** National form also written with a leading 0 (trunk prefix). */
  trunkZero: boolean;
};

export const MARKETS = {
  SA: {
    timeZone: 'Asia/Riyadh',
    currency: 'SAR',
    vatRateBasisPoints: 1500,
    callingCode: '966',
    mobile: /^5\d{8}$/,
    trunkZero: true,
  },
  EG: {
    timeZone: 'Africa/Cairo',
    currency: 'EGP',
    vatRateBasisPoints: 1400,
    callingCode: '20',
    mobile: /^1[0125]\d{8}$/,
    trunkZero: true,
  },
  AE: {
    timeZone: 'Asia/Dubai',
    currency: 'AED',
    vatRateBasisPoints: 500,
    callingCode: '971',
    mobile: /^5[024568]\d{7}$/,
    trunkZero: true,
  },
  KW: {
    timeZone: 'Asia/Kuwait',
    currency: 'KWD',
    vatRateBasisPoints: 0,
    callingCode: '965',
    mobile: /^[569]\d{7}$/,
    trunkZero: false,
  },
  BH: {
    timeZone: 'Asia/Bahrain',
    currency: 'BHD',
    vatRateBasisPoints: 1000,
    callingCode: '973',
    mobile: /^3\d{7}$/,
    trunkZero: false,
  },
  QA: {
    timeZone: 'Asia/Qatar',
    currency: 'QAR',
    vatRateBasisPoints: 0,
    callingCode: '974',
    mobile: /^[3567]\d{7}$/,
    trunkZero: false,
  },
  OM: {
    timeZone: 'Asia/Muscat',
    currency: 'OMR',
    vatRateBasisPoints: 500,
    callingCode: '968',
    mobile: /^[79]\d{7}$/,
    trunkZero: false,
  },
  JO: {
    timeZone: 'Asia/Amman',
    currency: 'JOD',
    vatRateBasisPoints: 1600,
    callingCode: '962',
    mobile: /^7[789]\d{7}$/,
    trunkZero: true,
  },
} as const satisfies Record<string, Market>;

export type MarketCountry = keyof typeof MARKETS;
export const MARKET_COUNTRIES = Object.keys(MARKETS) as MarketCountry[];
