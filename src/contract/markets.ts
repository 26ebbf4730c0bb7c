/**
 * The markets a shop can be set up for (`SHOP_COUNTRY`, docs/decisions/0018-shop-country.md): each
 * sets the defaults of the currency, the VAT rate, the phone rules, the default city and the city
 * list offered in address forms. Every default stays overridable (SHOP_CURRENCY, PHONE_COUNTRY,
 * DEFAULT_CITY; the VAT rate in the store settings).
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
  /** The city a new address starts with, and the cities the address form offers (Arabic). */
  defaultCity: string;
  cities: readonly string[];
};

export const MARKETS = {
  SA: {
    timeZone: 'Asia/Riyadh',
    currency: 'SAR',
    vatRateBasisPoints: 1500,
    callingCode: '966',
    mobile: /^5\d{8}$/,
    trunkZero: true,
    defaultCity: 'الرياض',
    cities: [
      'الرياض',
      'جدة',
      'مكة المكرمة',
      'المدينة المنورة',
      'الدمام',
      'الخبر',
      'الظهران',
      'الأحساء',
      'القطيف',
      'الجبيل',
      'الطائف',
      'تبوك',
      'بريدة',
      'عنيزة',
      'حائل',
      'أبها',
      'خميس مشيط',
      'جازان',
      'نجران',
      'الباحة',
      'ينبع',
      'عرعر',
      'سكاكا',
    ],
  },
  EG: {
    timeZone: 'Africa/Cairo',
    currency: 'EGP',
    vatRateBasisPoints: 1400,
    callingCode: '20',
    mobile: /^1[0125]\d{8}$/,
    trunkZero: true,
    defaultCity: 'القاهرة',
    cities: [
      'القاهرة',
      'الجيزة',
      'الإسكندرية',
      'القليوبية',
      'الشرقية',
      'الدقهلية',
      'الغربية',
      'المنوفية',
      'البحيرة',
      'كفر الشيخ',
      'دمياط',
      'بورسعيد',
      'الإسماعيلية',
      'السويس',
      'الفيوم',
      'بني سويف',
      'المنيا',
      'أسيوط',
      'سوهاج',
      'قنا',
      'الأقصر',
      'أسوان',
      'البحر الأحمر',
      'مطروح',
      'شمال سيناء',
      'جنوب سيناء',
      'الوادي الجديد',
    ],
  },
  AE: {
    timeZone: 'Asia/Dubai',
    currency: 'AED',
    vatRateBasisPoints: 500,
    callingCode: '971',
    mobile: /^5[024568]\d{7}$/,
    trunkZero: true,
    defaultCity: 'دبي',
    cities: ['دبي', 'أبوظبي', 'الشارقة', 'عجمان', 'العين', 'رأس الخيمة', 'الفجيرة', 'أم القيوين'],
  },
  KW: {
    timeZone: 'Asia/Kuwait',
    currency: 'KWD',
    vatRateBasisPoints: 0,
    callingCode: '965',
    mobile: /^[569]\d{7}$/,
    trunkZero: false,
    defaultCity: 'مدينة الكويت',
    cities: ['مدينة الكويت', 'حولي', 'الفروانية', 'الأحمدي', 'الجهراء', 'مبارك الكبير'],
  },
  BH: {
    timeZone: 'Asia/Bahrain',
    currency: 'BHD',
    vatRateBasisPoints: 1000,
    callingCode: '973',
    mobile: /^3\d{7}$/,
    trunkZero: false,
    defaultCity: 'المنامة',
    cities: ['المنامة', 'المحرق', 'الرفاع', 'مدينة عيسى', 'مدينة حمد', 'سترة'],
  },
  QA: {
    timeZone: 'Asia/Qatar',
    currency: 'QAR',
    vatRateBasisPoints: 0,
    callingCode: '974',
    mobile: /^[3567]\d{7}$/,
    trunkZero: false,
    defaultCity: 'الدوحة',
    cities: ['الدوحة', 'الريان', 'الوكرة', 'الخور', 'أم صلال', 'الشمال'],
  },
  OM: {
    timeZone: 'Asia/Muscat',
    currency: 'OMR',
    vatRateBasisPoints: 500,
    callingCode: '968',
    mobile: /^[79]\d{7}$/,
    trunkZero: false,
    defaultCity: 'مسقط',
    cities: ['مسقط', 'صلالة', 'صحار', 'نزوى', 'صور', 'البريمي', 'عبري'],
  },
  JO: {
    timeZone: 'Asia/Amman',
    currency: 'JOD',
    vatRateBasisPoints: 1600,
    callingCode: '962',
    mobile: /^7[789]\d{7}$/,
    trunkZero: true,
    defaultCity: 'عمّان',
    cities: ['عمّان', 'إربد', 'الزرقاء', 'العقبة', 'السلط', 'مادبا', 'الكرك', 'جرش'],
  },
} as const satisfies Record<string, Market>;

export type MarketCountry = keyof typeof MARKETS;
export const MARKET_COUNTRIES = Object.keys(MARKETS) as MarketCountry[];
