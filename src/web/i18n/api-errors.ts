import {
  COUPON_DISCOUNT_RANGE,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_ZIP_FILES,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_COLORS,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_SUBCATEGORIES,
  MAX_PRODUCT_VARIANTS,
  OPTION_NAME_MAX,
  SKU_MAX,
} from '../../contract/constants';
import type { StockShortDetails } from '../../contract/errors';
import type { ApiErrorCode } from '../../contract/messages';
import { formatNumber } from '../lib/format';
import { plural } from '../lib/plural';
import { abc } from './abandoned-carts';
import { at } from './account';
import { activityText } from './admin-activity';
import { ag } from './admin-groups';
import { ac, ao } from './admin-orders';
import { ap, variantText as vt } from './admin-products';
import { rm } from './admin-reviews';
import { st } from './admin-store';
import { vr } from './admin-vat-report';
import { authText } from './auth';
import { cartText } from './cart';
import { ei } from './e-invoicing';
import { favoritesText } from './favorites';
import { pt } from './product';
import { rt } from './reviews';

/** What a failure's text may depend on: the shop's phone country, the fields beside its code. */
export type ErrorTextContext = { phoneCountry: string; details: Record<string, unknown> };

export type ErrorText = {
  text: string | ((context: ErrorTextContext) => string);
  /** The form field a failure without a `param` (a `{ status, message }` body) belongs to. */
  field?: string;
};

const requestUnreadable = 'تعذّرت قراءة الطلب، أعد تحميل الصفحة ثم حاول مرة أخرى';
const sessionEnded = { text: at.sessionExpired };
const discountRangeText = ({ min, max }: { min: number; max: number }) =>
  ac.discountRange(formatNumber(min), formatNumber(max));

/** The product a STOCK_SHORT names beside its code. */
function shortTitle(details: Record<string, unknown>): string | undefined {
  const { product } = details as Partial<StockShortDetails>;
  return typeof product?.title === 'string' ? product.title : undefined;
}

/**
 * Every code of the API's catalogue (src/contract/messages.ts) as people read it, in Arabic — the
 * one place the web turns API failures into words; a screen may word a few its own way
 * (`ErrorTextOverrides` in src/web/lib/api-errors.ts). tests/unit/api-errors.test.ts keeps it
 * complete.
 */
export const apiErrorTexts: Record<ApiErrorCode, ErrorText> = {
  INVALID_JSON: { text: requestUnreadable },
  REQUEST_INVALID: { text: requestUnreadable },
  BODY_INVALID: { text: requestUnreadable },
  BODY_TOO_LARGE: { text: 'ما أرسلته أكبر مما يقبله المتجر، أرسل أقل ثم حاول مرة أخرى' },
  REQUEST_TIMEOUT: { text: 'انتهت مهلة إرسال الطلب. تحقق من اتصالك ثم أعد المحاولة.' },
  UNSUPPORTED_MEDIA_TYPE: { text: requestUnreadable },
  ROUTE_NOT_FOUND: { text: authText.somethingWentWrong },
  TOO_MANY_REQUESTS: { text: authText.tooManyRequests },
  SERVICE_UNAVAILABLE: { text: 'المتجر غير متاح مؤقتاً، حاول مرة أخرى بعد قليل' },
  STORAGE_FULL: { text: 'تعذّر حفظ التغييرات الآن لامتلاء مساحة التخزين في المتجر، لم يُحفظ شيء، حاول مرة أخرى لاحقاً' },
  STORAGE_UNAVAILABLE: {
    text: 'تعذّر حفظ التغييرات الآن بسبب عطل في التخزين لدى المتجر، لم يُحفظ شيء، حاول مرة أخرى لاحقاً',
  },
  MEDIA_STORE_UNAVAILABLE: {
    text: 'تعذّر حفظ الصور الآن لأن مخزن الصور لا يستجيب، لم يُحفظ شيء، حاول مرة أخرى بعد قليل',
  },
  INTERNAL_ERROR: { text: authText.somethingWentWrong },
  TEXT_HAS_NUL: { text: 'النص يحتوي على محارف غير مسموح بها' },
  INVALID_ID: { text: ap.invalidChoice },
  VALUE_REQUIRED: { text: 'هذا الحقل مطلوب' },
  VALUE_TYPE_INVALID: { text: 'نوع القيمة في هذا الحقل غير صحيح' },
  VALUE_TOO_LONG: { text: 'القيمة أطول من المسموح' },
  VALUES_TOO_MANY: { text: 'اخترت عناصر أكثر من المسموح' },
  VALUE_INVALID: { text: authText.invalidValue },

  NOT_LOGGED_IN: { text: favoritesText.loginFirst },
  TOKEN_INVALID: sessionEnded,
  USER_GONE: sessionEnded,
  PASSWORD_CHANGED: sessionEnded,
  FORBIDDEN: { text: 'ليست لديك صلاحية لهذا الإجراء' },

  NAME_REQUIRED: { text: authText.nameRequired },
  NAME_TOO_LONG: { text: authText.nameTooLong },
  EMAIL_REQUIRED: { text: authText.emailRequired },
  EMAIL_INVALID: { text: authText.emailInvalid },
  EMAIL_IN_USE: { text: authText.emailInUse },
  PHONE_REQUIRED: { text: authText.phoneRequired },
  PHONE_INVALID: { text: ({ phoneCountry }) => authText.phoneInvalid(phoneCountry) },
  PASSWORD_REQUIRED: { text: authText.passwordRequired },
  PASSWORD_TOO_SHORT: { text: authText.passwordTooShort },
  PASSWORD_TOO_LONG: { text: authText.passwordTooLong },
  PASSWORD_TOO_COMMON: { text: authText.passwordTooCommon },
  PASSWORD_CONFIRM_REQUIRED: { text: authText.passwordConfirmRequired },
  PASSWORD_CONFIRM_MISMATCH: { text: authText.passwordMismatch },
  CURRENT_PASSWORD_REQUIRED: { text: at.currentPasswordRequired },
  CURRENT_PASSWORD_INCORRECT: { text: at.currentPasswordIncorrect, field: 'currentPassword' },
  USER_NOT_FOUND: { text: 'لم يعد حسابك موجوداً، سجّل الدخول من جديد' },
  LOGIN_INCORRECT: { text: authText.loginIncorrect },
  LOGIN_LOCKED: { text: authText.loginLocked },

  RESET_EMAIL_UNKNOWN: { text: authText.emailUnknown, field: 'email' },
  RESET_CODE_REQUIRED: { text: authText.codeRequired, field: 'resetCode' },
  RESET_CODE_INVALID: { text: authText.codeIncorrect, field: 'resetCode' },
  RESET_CODE_NOT_VERIFIED: { text: authText.resetCodeIncorrect },
  RESET_CODES_TOO_MANY: { text: authText.resetCodeTooMany, field: 'email' },
  RESET_TRIES_EXHAUSTED: { text: authText.resetTriesExhausted, field: 'resetCode' },
  RESET_CODE_NEEDS_EMAIL: { text: authText.resetCodeNeedsEmail, field: 'resetCode' },

  TITLE_REQUIRED: { text: ap.titleRequired },
  TITLE_TOO_SHORT: { text: ap.titleTooShort },
  TITLE_TOO_LONG: { text: ap.titleTooLong },
  DESCRIPTION_REQUIRED: { text: ap.descriptionRequired },
  DESCRIPTION_TOO_LONG: { text: ap.descriptionTooLong },
  QUANTITY_REQUIRED: { text: ap.quantityRequired },
  QUANTITY_INVALID: { text: ap.quantityInvalid },
  PRICE_REQUIRED: { text: ap.priceRequired },
  PRICE_NOT_NUMBER: { text: ap.priceNotNumber },
  PRICE_INVALID: { text: ap.priceInvalid },
  PRICE_AFTER_DISCOUNT_NOT_NUMBER: { text: ap.priceAfterDiscountNotNumber },
  PRICE_AFTER_DISCOUNT_INVALID: { text: ap.priceAfterDiscountInvalid },
  PRICE_AFTER_DISCOUNT_NOT_LOWER: { text: ap.priceAfterDiscountNotLower },
  IMAGE_COVER_REQUIRED: { text: ap.imageRequired },
  TOO_MANY_IMAGES: { text: plural(MAX_PRODUCT_IMAGES, ap.tooManyImages) },
  IMAGE_NOT_OF_PRODUCT: { text: ap.savedImagesChanged },
  NEW_IMAGES_MISMATCH: { text: ap.newImagesMisplaced },
  CATEGORY_REQUIRED: { text: ap.categoryRequired },
  CATEGORY_NOT_FOUND: { text: ag.categoryGone },
  BRAND_NOT_FOUND: { text: ag.brandGone },
  SUBCATEGORY_NOT_FOUND: { text: ag.subcategoryGone },
  SUBCATEGORY_NOT_IN_CATEGORY: { text: ap.subcategoryNotInCategory },
  SUBCATEGORIES_TOO_MANY: { text: ap.tooManySubcategories(formatNumber(MAX_PRODUCT_SUBCATEGORIES)) },
  COLOR_INVALID: { text: ap.colorInvalid },
  OPTIONS_INVALID: { text: vt.optionsInvalid },
  OPTIONS_TOO_MANY: { text: vt.optionsTooMany(formatNumber(MAX_PRODUCT_OPTIONS)) },
  OPTION_NAME_INVALID: { text: vt.optionNameInvalid(formatNumber(OPTION_NAME_MAX)) },
  OPTION_VALUES_INVALID: { text: vt.optionValuesInvalid(formatNumber(MAX_OPTION_VALUES)) },
  VARIANTS_INVALID: { text: vt.variantsInvalid },
  VARIANTS_REQUIRED: { text: vt.variantsRequired },
  VARIANTS_TOO_MANY: { text: vt.variantsTooMany(formatNumber(MAX_PRODUCT_VARIANTS)) },
  VARIANT_OPTIONS_INVALID: { text: vt.variantOptionsInvalid },
  VARIANT_DUPLICATE: { text: vt.variantDuplicate },
  VARIANT_NOT_OF_PRODUCT: { text: vt.variantNotOfProduct },
  SKU_INVALID: { text: vt.skuInvalid(formatNumber(SKU_MAX)) },
  SKU_TAKEN: { text: vt.skuTaken },
  BARCODE_INVALID: { text: vt.barcodeInvalid },
  VARIANTS_OWN_PRICES: { text: vt.variantsOwnPrices },
  VARIANTS_OWN_SKU: { text: vt.variantsOwnSku },
  COLORS_TOO_MANY: { text: ap.tooManyColors(formatNumber(MAX_PRODUCT_COLORS)) },
  IMAGE_INVALID: { text: ag.imageInvalid, field: 'image' },
  IMAGE_TOO_LARGE: { text: ag.imageTooLarge, field: 'image' },
  IMAGE_TOO_MANY_PIXELS: { text: ag.imageTooManyPixels, field: 'image' },
  CATEGORY_NAME_REQUIRED: { text: ag.category.nameRequired, field: 'name' },
  CATEGORY_NAME_TOO_SHORT: { text: ag.category.nameTooShort, field: 'name' },
  CATEGORY_NAME_TOO_LONG: { text: ag.category.nameTooLong, field: 'name' },
  CATEGORY_NAME_TAKEN: { text: ag.category.nameTaken, field: 'name' },
  BRAND_NAME_REQUIRED: { text: ag.brand.nameRequired, field: 'name' },
  BRAND_NAME_TOO_SHORT: { text: ag.brand.nameTooShort, field: 'name' },
  BRAND_NAME_TOO_LONG: { text: ag.brand.nameTooLong, field: 'name' },
  BRAND_NAME_TAKEN: { text: ag.brand.nameTaken, field: 'name' },
  SUBCATEGORY_NAME_REQUIRED: { text: ag.subcategory.nameRequired, field: 'name' },
  SUBCATEGORY_NAME_TOO_SHORT: { text: ag.subcategory.nameTooShort, field: 'name' },
  SUBCATEGORY_NAME_TOO_LONG: { text: ag.subcategory.nameTooLong, field: 'name' },
  SUBCATEGORY_NAME_TAKEN: { text: ag.subcategory.nameTaken, field: 'name' },
  SUBCATEGORY_CATEGORY_REQUIRED: { text: ag.categoryRequired, field: 'category' },
  STILL_HAS_PRODUCTS: { text: ag.stillHasProducts },
  PRODUCT_NOT_FOUND: { text: rt.productGone },
  SORT_INVALID: { text: 'طريقة الترتيب غير معروفة' },
  PAGE_INVALID: { text: 'رقم الصفحة غير صالح' },
  LIMIT_INVALID: { text: 'عدد النتائج في الصفحة غير صالح' },
  PRICE_FILTER_INVALID: { text: 'أدخل حدود السعر أرقاماً لا تقل عن صفر' },
  KEYWORD_TOO_LONG: { text: 'كلمات البحث طويلة جداً' },
  OPTION_FILTER_INVALID: { text: vt.optionFilterInvalid },
  PRODUCT_STATUS_INVALID: { text: ap.table.statusInvalid, field: 'status' },
  STOCK_FILTER_INVALID: { text: ap.table.stockFilterInvalid, field: 'stock' },
  BULK_IDS_INVALID: { text: ap.bulk.idsInvalid },
  BULK_ACTION_INVALID: { text: ap.bulk.actionInvalid },
  IMPORT_FILE_REQUIRED: { text: 'اختر ملف CSV للاستيراد', field: 'file' },
  IMPORT_FILE_INVALID: {
    field: 'file',
    text: ({ details }) => {
      const missing = Array.isArray(details.missing) ? details.missing.map(String) : [];
      const unknown = Array.isArray(details.unknown) ? details.unknown.map(String) : [];
      if (missing.length > 0) return `ينقص الملف هذه الأعمدة: ${missing.join('، ')}`;
      if (unknown.length > 0) return `في الملف أعمدة لا يعرفها المتجر: ${unknown.join('، ')}`;
      return 'يجب أن يكون الملف CSV بترميز UTF-8 وبعناوين أعمدة ملف التصدير';
    },
  },
  IMPORT_CSV_MALFORMED: {
    field: 'file',
    text: ({ details }) =>
      typeof details.row === 'number'
        ? `تعذّرت قراءة الملف: خلية بين علامتي تنصيص لم تُغلق (الصف ${formatNumber(details.row)})`
        : 'تعذّرت قراءة الملف: خلية بين علامتي تنصيص لم تُغلق',
  },
  IMPORT_TOO_MANY_ROWS: {
    text: `يقبل الاستيراد ${formatNumber(MAX_IMPORT_ROWS)} صف على الأكثر، قسّم الملف`,
    field: 'file',
  },
  IMPORT_ZIP_INVALID: {
    field: 'images',
    text: `يجب أن تكون الصور ملفاً مضغوطاً (ZIP) فيه ${formatNumber(MAX_IMPORT_ZIP_FILES)} صورة على الأكثر، لا تتجاوز كل منها حجم الرفع المسموح`,
  },
  IMPORT_ROWS_INVALID: { text: 'في بعض الصفوف أخطاء، فلم يُستورد شيء. صحّحها ثم أعد المحاولة' },
  IMPORT_CELL_WITHOUT_HEADING: { text: 'في هذا الصف خانة في عمود بلا عنوان، ربما فاصلة خارج علامتي التنصيص' },
  IMPORT_SKU_REPEATED: { text: 'رمز SKU هذا مكرر في صف آخر من الملف' },
  IMPORT_PRODUCT_NOT_FOUND: { text: 'لا يوجد منتج بهذا المعرف' },
  IMPORT_SKU_OF_OTHER_PRODUCT: { text: 'رمز SKU هذا لمنتج غير الذي يذكره الصف' },
  IMPORT_STATUS_INVALID: { text: 'الحالة يجب أن تكون «منشور» أو «مسودة»' },
  IMPORT_ROW_DISAGREES: { text: 'تختلف هذه الخانة عن أول صف للمنتج نفسه' },
  IMPORT_OPTIONS_DIFFER: { text: 'أسماء الخيارات تختلف عن خيارات المنتج' },
  IMPORT_IMAGE_UNKNOWN: { text: 'الصورة يجب أن تكون رابطاً من وسائط المتجر أو اسم ملف في الملف المضغوط' },
  IMPORT_IMAGE_INVALID: { text: 'هذه الصورة في الملف المضغوط ليست صورة يقبلها المتجر أو أكبر من المسموح' },

  PRODUCT_ID_REQUIRED: { text: 'لم يُحدَّد المنتج، أعد تحميل الصفحة ثم حاول مرة أخرى' },
  COLOR_REQUIRED: { text: pt.cartErrors.chooseColor },
  COLOR_NOT_AVAILABLE: { text: 'هذا اللون غير متوفر لهذا المنتج، اختر لوناً آخر' },
  VARIANT_REQUIRED: { text: vt.variantRequired },
  VARIANT_NOT_FOUND: { text: vt.variantNotFound },
  NOT_ENOUGH_STOCK: { text: cartText.errors.notEnoughStock },
  OUT_OF_STOCK: { text: pt.cartErrors.outOfStock },
  PRODUCT_UNAVAILABLE: { text: cartText.errors.productUnavailable },
  CART_ITEM_NOT_FOUND: { text: cartText.errors.itemGone },
  CART_NOT_FOUND: { text: cartText.empty },
  BASKET_KEY_INVALID: { text: cartText.errors.itemGone },
  COUNT_INVALID: { text: cartText.errors.countInvalid },
  ORDER_TOTAL_TOO_LARGE: { text: cartText.orderTooLarge },
  COUPON_INVALID: { text: cartText.errors.couponInvalid },
  COUPON_NAME_REQUIRED: { text: ac.nameRequired },
  COUPON_NAME_TOO_LONG: { text: ac.nameTooLong },
  COUPON_NAME_TAKEN: { text: ac.nameTaken },
  COUPON_EXPIRE_REQUIRED: { text: ac.expireRequired },
  COUPON_EXPIRE_INVALID: { text: ac.expireInvalid },
  COUPON_DISCOUNT_REQUIRED: { text: ac.discountRequired },
  COUPON_DISCOUNT_RANGE: { text: discountRangeText(COUPON_DISCOUNT_RANGE.add) },
  COUPON_DISCOUNT_EDIT_RANGE: { text: discountRangeText(COUPON_DISCOUNT_RANGE.edit) },
  COUPON_NOT_FOUND: { text: ac.couponGone },

  ADDRESS_NOT_FOUND: { text: at.addressGone },
  ADDRESS_LIMIT: { text: at.tooManyAddresses },
  ALIAS_REQUIRED: { text: at.aliasRequired },
  ALIAS_TOO_LONG: { text: at.aliasTooLong },
  DETAILS_REQUIRED: { text: at.detailsRequired },
  DETAILS_TOO_LONG: { text: at.detailsTooLong },
  CITY_REQUIRED: { text: at.cityRequired },
  CITY_TOO_LONG: { text: at.cityTooLong },
  POSTAL_CODE_TOO_LONG: { text: at.postalCodeTooLong },

  REVIEW_REQUIRED: { text: rt.reviewRequired, field: 'review' },
  REVIEW_TOO_LONG: { text: rt.reviewTooLong, field: 'review' },
  RATING_REQUIRED: { text: rt.ratingRequired, field: 'rating' },
  RATING_INVALID: { text: rt.ratingInvalid, field: 'rating' },
  REVIEW_DUPLICATE: { text: rt.duplicate },
  REVIEW_NOT_FOUND: { text: rt.reviewGone },
  REVIEW_NOT_YOURS: { text: rt.notYours },
  REVIEW_HIDDEN: { text: rt.hiddenNoDelete },
  MODERATION_REASON_REQUIRED: { text: rm.reasonRequired, field: 'reason' },
  MODERATION_REASON_TOO_LONG: { text: rm.reasonTooLong, field: 'reason' },
  REVIEW_STATUS_INVALID: { text: rm.statusInvalid, field: 'status' },
  RATING_FILTER_INVALID: { text: rm.ratingFilterInvalid, field: 'rating' },
  HIDDEN_INVALID: { text: rm.hiddenInvalid, field: 'hidden' },
  STAFF_ACTION_KIND_INVALID: { text: activityText.actionInvalid, field: 'action' },

  CART_EMPTY: { text: cartText.empty },
  STOCK_SHORT: {
    text: ({ details }) => {
      const title = shortTitle(details);
      return title ? cartText.stockShort(title) : cartText.errors.notEnoughStock;
    },
  },
  SHIPPING_ADDRESS_REQUIRED: { text: cartText.addressRequired },
  ADDRESS_REQUIRED: { text: cartText.noAddresses },
  ORDER_NOT_FOUND: { text: ao.orderGone },
  CUSTOMER_NOT_FOUND: { text: 'لم نجد هذا العميل: ربما حُذف حسابه أو الرابط غير صحيح' },
  ORDER_STATUS_INVALID: { text: 'اختر حالة صحيحة للطلب', field: 'status' },
  ORDER_NOTE_TOO_LONG: { text: 'الملاحظة أو السبب أطول من 500 حرف' },
  TRACKING_INVALID: { text: ao.trackingTextInvalid },
  TRACKING_URL_INVALID: { text: ao.trackingUrlInvalid, field: 'trackingUrl' },
  REFUND_AMOUNT_INVALID: { text: 'أدخل مبلغاً أكبر من صفر بعدد المنازل العشرية للعملة', field: 'amount' },
  REFUND_REASON_REQUIRED: { text: 'اكتب سبب الاسترداد', field: 'reason' },
  RESTOCK_INVALID: { text: 'اختر المنتجات المعادة إلى المخزون وكمياتها بأعداد صحيحة', field: 'restock' },
  IDEMPOTENCY_KEY_INVALID: { text: requestUnreadable },
  REFUND_NOT_ALLOWED: { text: 'لا يمكن الاسترداد إلا من طلب مدفوع' },
  REFUND_TOO_LARGE: { text: 'المبلغ أكبر مما دُفع ولم يُسترد بعد', field: 'amount' },
  RESTOCK_TOO_LARGE: { text: 'الكمية المعادة إلى المخزون أكبر مما بيع من هذا المنتج ولم يُعَد بعد', field: 'restock' },
  IDEMPOTENCY_KEY_REUSED: { text: 'أُرسل هذا الطلب من قبل ببيانات مختلفة، حدّث الصفحة ثم حاول مرة أخرى' },
  ORDER_TRANSITION_INVALID: { text: 'لا يمكن نقل الطلب إلى هذه الحالة من حالته الحالية، حدّث الصفحة لترى حالته الآن' },
  ORDER_NOT_CANCELLABLE: { text: 'لم يعد إلغاء هذا الطلب ممكناً، حدّث الصفحة لترى حالته الآن' },
  INVOICE_NOT_ISSUED: { text: 'لم تُصدر فاتورة ضريبية لهذا الطلب، فالمتجر غير مسجّل في ضريبة القيمة المضافة' },
  CREDIT_NOTE_NOT_FOUND: { text: 'لا يوجد إشعار دائن بهذا الرقم لهذا الطلب' },
  CREDIT_NOTE_NUMBER_INVALID: { text: 'رقم الإشعار الدائن غير صحيح' },
  CHECKOUT_NOT_FOUND: { text: 'جلسة الدفع هذه غير موجودة، ارجع إلى السلة وابدأ الدفع من جديد' },
  CHECKOUT_STATUS_INVALID: { text: 'اختر حالة صحيحة لجلسة الدفع' },
  CARD_PAYMENTS_UNAVAILABLE: { text: cartText.cardUnavailable, field: 'paymentMethod' },
  SHIPPING_UNAVAILABLE: { text: cartText.shippingUnavailable, field: 'addressId' },
  COD_NOT_ALLOWED: { text: cartText.cashNotAllowed, field: 'paymentMethod' },
  PAYMENT_METHOD_INVALID: { text: cartText.methodRequired, field: 'paymentMethod' },
  DATE_FILTER_INVALID: { text: ao.filters.dateInvalid },
  DATE_RANGE_INVALID: { text: ao.filters.rangeInvalid, field: 'to' },
  REPORT_RANGE_TOO_LONG: { text: vr.rangeTooLong, field: 'to' },
  FLAG_FILTER_INVALID: { text: ao.filters.flagInvalid },
  PAYMENT_STATUS_INVALID: { text: ao.filters.paymentStatusInvalid, field: 'paymentStatus' },
  SHOP_NAME_REQUIRED: { text: st.shopNameRequired },
  VAT_NUMBER_INVALID: { text: st.vatNumberInvalid },
  VAT_RATE_INVALID: { text: st.vatRateInvalid },
  LOW_STOCK_THRESHOLD_INVALID: { text: st.lowStockThresholdInvalid },
  SELLER_ID_SCHEME_INVALID: { text: st.sellerIdSchemeInvalid },
  SELLER_ID_INVALID: { text: st.sellerIdInvalid },
  BUILDING_NUMBER_INVALID: { text: st.buildingNumberInvalid },
  POSTAL_CODE_INVALID: { text: st.postalCodeInvalid },
  ADDITIONAL_NUMBER_INVALID: { text: st.additionalNumberInvalid },
  ZONE_NAME_REQUIRED: { text: st.zoneNameRequired },
  ZONE_NAME_TOO_LONG: { text: st.zoneNameTooLong },
  ZONE_CITIES_INVALID: { text: st.zoneCitiesInvalid },
  ZONE_AMOUNT_INVALID: { text: st.zoneAmountInvalid },
  ZONE_DEFAULT_HAS_NO_CITIES: { text: st.zoneDefaultHasNoCities, field: 'cities' },
  ZONE_CITY_TAKEN: {
    text: ({ details }) =>
      typeof details.city === 'string' && typeof details.zone === 'string'
        ? st.zoneCityTaken(details.city, details.zone)
        : st.zoneCityTakenPlain,
    field: 'cities',
  },
  ZONE_DEFAULT_UNDELETABLE: { text: st.zoneDefaultUndeletable },
  ZONE_NOT_FOUND: { text: st.zoneGone },
  ZONE_LIMIT: { text: st.zoneLimit },
  CARD_AMOUNT_TOO_SMALL: { text: cartText.cardAmountTooSmall, field: 'paymentMethod' },
  PAYMENT_PROVIDER_UNAVAILABLE: { text: cartText.paymentUnavailable },
  PAYMENT_MISMATCH: { text: 'المبلغ المدفوع لا يطابق مبلغ الطلب، لم يُنشأ طلب' },
  WEBHOOK_SIGNATURE_INVALID: { text: 'توقيع إشعار الدفع غير صالح' },
  OTP_INVALID: { text: ei.otpInvalid, field: 'otp' },
  REPORTING_FILTER_INVALID: { text: ei.filterInvalid, field: 'status' },
  DOCUMENT_NUMBER_INVALID: { text: ei.documentNumberInvalid },
  DOCUMENT_NOT_FOUND: { text: ei.documentNotFound },
  DOCUMENT_NOT_REFUSED: { text: ei.documentNotRefused },
  E_INVOICING_ENVIRONMENT_INVALID: { text: ei.environmentInvalid, field: 'environment' },
  E_INVOICING_SAUDI_ONLY: { text: ei.saudiOnly },
  // Names what is missing as the settings page does (its `missing` beside the code).
  E_INVOICING_SELLER_INCOMPLETE: {
    text: ({ details }) => {
      const missing = Array.isArray(details.missing) ? details.missing : [];
      const named = missing.flatMap((item) =>
        item in st.missing ? [st.missing[item as keyof typeof st.missing]] : [],
      );
      return named.length > 0 ? `${ei.sellerMissing} ${named.join('، ')}` : ei.sellerIncomplete;
    },
  },
  E_INVOICING_STEP_UNAVAILABLE: { text: ei.stepUnavailable },
  E_INVOICING_KEY_SECRET_MISSING: { text: ei.keySecretMissing },
  // ZATCA's own messages (`zatcaMessages`) are shown beside it by the screen, in their English.
  ZATCA_REFUSED: { text: ei.zatcaRefused },
  ZATCA_UNAVAILABLE: { text: ei.zatcaUnavailable },
  BASKET_REMINDER_DELAY_INVALID: { text: abc.delayHoursInvalid, field: 'basketReminderDelayHours' },
  UNSUBSCRIBE_TOKEN_INVALID: { text: abc.tokenInvalid, field: 'token' },
  PAGE_NOT_FOUND: { text: 'لا توجد صفحة بهذا الاسم' },
  PAGE_TITLE_REQUIRED: { text: 'اكتب عنوان الصفحة' },
  PAGE_BODY_REQUIRED: { text: 'اكتب نص الصفحة' },
  SOCIAL_LINK_INVALID: {
    text: 'اكتب رابط صفحة المتجر على هذه الشبكة كاملاً كما تنسخه من المتصفح، برابط آمن من موقع الشبكة نفسها',
  },
  WHATSAPP_INVALID: { text: 'اكتب رقم جوال صحيحاً عليه واتساب' },
  // The home page (docs/home-page.md).
  SLIDE_NOT_FOUND: { text: 'لم نجد هذه الشريحة، ربما حُذفت' },
  SLIDES_TOO_MANY: { text: 'بلغت الصفحة الرئيسية أقصى عدد من الشرائح، احذف شريحة قبل إضافة أخرى' },
  SLIDE_IMAGE_REQUIRED: { text: 'اختر صورة للشريحة', field: 'image' },
  SLIDE_ALT_REQUIRED: { text: 'اكتب وصفاً قصيراً للصورة لمن لا يراها', field: 'alt' },
  SLIDE_TITLE_REQUIRED: { text: 'اكتب عنوان الشريحة', field: 'title' },
  SLIDE_LINK_INVALID: {
    text: 'اكتب رابطاً داخل المتجر يبدأ بـ / أو عنواناً كاملاً آمناً لموقع آخر',
    field: 'link',
  },
  SLIDE_DATE_INVALID: { text: 'اكتب تاريخاً ووقتاً صحيحين أو اترك الحقل فارغاً' },
  SLIDE_WINDOW_INVALID: { text: 'يجب أن يكون موعد انتهاء العرض بعد موعد بدايته', field: 'activeUntil' },
  SLIDE_ACTIVE_INVALID: { text: 'اختر إن كانت الشريحة ظاهرة أم مخفية', field: 'active' },
  SLIDE_ORDER_INVALID: { text: 'تغيّرت الشرائح في أثناء الترتيب، حدّث الصفحة وأعد المحاولة' },
  FEATURED_CATEGORY_NOT_FOUND: { text: 'أحد الأقسام المختارة لم يعد موجوداً', field: 'categoryIds' },
  FEATURED_PRODUCT_NOT_FOUND: { text: 'أحد المنتجات المختارة لم يعد موجوداً', field: 'productIds' },
  // Staff (docs/staff.md)
  ACCOUNT_DISABLED: { text: 'أوقف المتجر هذا الحساب، تواصل مع صاحب المتجر' },
  STAFF_REFUND_LIMIT: { text: 'هذا الاسترداد أكبر من الحد المسموح للموظفين، اطلب من المدير إجراءه' },
  STAFF_REFUND_LIMIT_INVALID: {
    text: 'اكتب حد الاسترداد للموظفين مبلغاً صحيحاً من صفر فأكثر',
    field: 'staffRefundLimit',
  },
  STAFF_ROLE_INVALID: { text: 'اختر الدور: مدير أو موظف', field: 'role' },
  STAFF_EMAIL_TAKEN: { text: 'لهذا البريد حساب في المتجر؛ الدعوة لحسابات جديدة فقط', field: 'email' },
  STAFF_INVITE_NOT_FOUND: { text: 'هذه الدعوة غير موجودة أو أُلغيت أو استُخدمت من قبل' },
  STAFF_INVITE_EXPIRED: { text: 'انتهت صلاحية هذه الدعوة، اطلب من صاحب المتجر دعوة جديدة' },
  STAFF_MEMBER_NOT_FOUND: { text: 'لا يوجد عضو في فريق العمل بهذا المعرّف' },
  STAFF_SELF_CHANGE: { text: 'لا يمكنك إيقاف حسابك أو تغيير دورك بنفسك' },
  STAFF_LAST_ADMIN: { text: 'يجب أن يبقى للمتجر مدير واحد نشط على الأقل' },
};
