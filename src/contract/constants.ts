/** Page sizes and limits of docs/specification.md (Limits and page sizes), shared by API and screens. */
export const pageSizes = {
  products: 8,
  productsByCategoryOrBrand: 8,
  /** docs/decisions/0019-admin-orders-page-size.md: 20, not the specification's 2. */
  adminOrders: 20,
  /** The admin customers list (docs/customers.md): as dense as the orders table. */
  adminCustomers: 20,
  /** A customer's own orders (/user/allOrders). */
  userOrders: 5,
  brands: 6,
  categories: 6,
  reviews: 3,
  relatedProducts: 4,
  homeCategories: 5,
  homeBrands: 6,
  homeBlock: 4,
} as const;

export const DEFAULT_LIST_LIMIT = 50;
/** The order list's longest `keyword` (src/contract/order-query.ts), like the product search's. */
export const ORDER_KEYWORD_MAX = 200;
/** The customer list's longest `keyword` (src/contract/customers.ts), like the order list's. */
export const CUSTOMER_KEYWORD_MAX = 200;
/** The orders a customer's page lists, newest first (docs/customers.md). */
export const CUSTOMER_ORDERS_SHOWN = 100;
/** The product list's and the suggestions' longest `keyword` (src/contract/catalog.ts). */
export const PRODUCT_KEYWORD_MAX = 200;
/** The most ids a product list's `category[in]` or `brand[in]` filter takes. */
export const PRODUCT_FILTER_IDS_MAX = 50;
export const MAX_LIST_LIMIT = 100;
/**
 * The most any cart, checkout or order may add up to, in minor units (10¹³: 100 billion riyals).
 * Well inside JavaScript's exact integers and the bigint money columns (SECURITY.md, section 6).
 */
export const MAX_ORDER_TOTAL_MINOR = 10 ** 13;
/** How long a card checkout holds its stock while the customer pays (like Stripe's sessions). */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;
/** A guest basket left untouched this long is ignored, then swept (docs/decisions/0021-guest-basket.md). */
export const BASKET_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MAX_PRODUCT_IMAGES = 4;
/** Colours and sub-categories one product may list. */
export const MAX_PRODUCT_COLORS = 20;
export const MAX_PRODUCT_SUBCATEGORIES = 20;
/** Saved addresses per customer. */
export const MAX_ADDRESSES = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_LENGTH = 6;
/** Reset codes one account may be sent within RESET_CODE_WINDOW_MS. */
export const RESET_CODES_PER_WINDOW = 3;
export const RESET_CODE_WINDOW_MS = 15 * 60 * 1000;
/** Wrong codes tried against one account (with its e-mail) per RESET_GUESS_WINDOW_MS, across its codes. */
export const RESET_ACCOUNT_FAILURES_PER_WINDOW = 10;
/** Default shop-wide budget of wrong codes sent without an e-mail per RESET_GUESS_WINDOW_MS. */
export const RESET_CODE_ONLY_GUESSES_PER_WINDOW = 20;
export const RESET_GUESS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A verified code's single-use proof (`resetToken`) and the e-mail-only reset last this long. */
export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;
/** The cookie that carries the proof to `PUT /auth/resetPassword` for clients that keep no state. */
export const RESET_TOKEN_COOKIE = 'matjar_reset_token';
/** Failed sign-ins in a row (within LOGIN_FAILURE_WINDOW_MS) before an e-mail is locked out. */
export const LOGIN_FAILURES_BEFORE_LOCK = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first lockout lasts this long, each further failure doubles it, up to LOGIN_LOCK_MAX_MS. */
export const LOGIN_LOCK_BASE_MS = 60 * 1000;
export const LOGIN_LOCK_MAX_MS = 15 * 60 * 1000;
/** A review's text, in characters; its stars go from half a star to 5 in half steps (docs/specification.md (Limits and page sizes)). */
export const REVIEW_MAX_LENGTH = 2000;
export const RATING_MAX = 5;
/** Why staff hid or deleted a review (docs/reviews.md § Moderation). */
export const MODERATION_REASON_MAX = 500;
export const COUPON_NAME_MAX = 50;
/** A coupon's discount in whole percent: from 1 when added, from 0 when edited (docs/specification.md (Validation rules), switched off). */
export const COUPON_DISCOUNT_RANGE = { add: { min: 1, max: 100 }, edit: { min: 0, max: 100 } } as const;
/** Length of a category's, brand's or sub-category's name, in characters. */
export const GROUP_NAME_MIN = 2;
export const GROUP_NAME_MAX = 64;

/** Width (px) of each size every uploaded image is re-encoded to (docs/architecture.md § Images). */
export const IMAGE_SIZE_WIDTHS = { small: 240, medium: 480, large: 960 } as const;
export const IMAGE_WIDTHS = Object.values(IMAGE_SIZE_WIDTHS);
/** The width the plain URL fields (`imageCover`, `images`, `image`) point at: the largest. */
export const IMAGE_URL_WIDTH = IMAGE_SIZE_WIDTHS.large;

/** Sortable product fields: API name → meaning. `-` prefix = descending. */
export const PRODUCT_SORT_FIELDS = [
  'sold',
  'quantity',
  'price',
  'ratingsAverage',
  'ratingsQuantity',
  'createdAt',
  'title',
] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

/** A product is for sale (active) or seen by staff only (draft); docs/catalogue.md § Drafts. */
export const PRODUCT_STATUSES = ['active', 'draft'] as const;
/** A product's status as the CSV and screens name it (docs/catalogue.md § Drafts). */
export const PRODUCT_STATUS_NAMES: Record<(typeof PRODUCT_STATUSES)[number], string> = {
  active: 'منشور',
  draft: 'مسودة',
};
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** The listing's `status` filter: `draft` and `all` are for staff only. */
export const PRODUCT_STATUS_FILTERS = [...PRODUCT_STATUSES, 'all'] as const;
/** The listing's `stock` filter: `low` is 1 to the shop's low-stock threshold, `out` is 0. */
export const PRODUCT_STOCK_FILTERS = ['all', 'in', 'low', 'out'] as const;
export type ProductStockFilter = (typeof PRODUCT_STOCK_FILTERS)[number];
/** Page sizes the admin products table offers (the first is its default). */
export const ADMIN_PRODUCT_PAGE_SIZES = [20, 50, 100] as const;
/** Products one bulk action may change (`POST /products/bulk`). */
export const MAX_BULK_PRODUCTS = 100;
/** The low-stock threshold's default and largest value (store settings). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000_000;
/** Hours a customer's basket stays untouched before it is abandoned (docs/abandoned-baskets.md): default and range. */
export const DEFAULT_BASKET_REMINDER_DELAY_HOURS = 3;
export const MIN_BASKET_REMINDER_DELAY_HOURS = 1;
export const MAX_BASKET_REMINDER_DELAY_HOURS = 72;

/** The listing's sort dropdown (docs/specification.md (Limits and page sizes), docs/decisions/0004-top-rated-sort.md). */
export const SORT_OPTIONS = [
  { value: '', label: 'بدون ترتيب' },
  { value: '-sold', label: 'الأكثر مبيعاً' },
  { value: '-ratingsAverage,-ratingsQuantity', label: 'الأعلى تقييماً' },
  { value: '+price', label: 'السعر من الأقل للأعلى' },
  { value: '-price', label: 'السعر من الأعلى للأقل' },
] as const;

/** Store settings and shipping zones (docs/pricing.md): lengths in characters. */
export const SHOP_NAME_MAX = 100;
export const LEGAL_NAME_MAX = 200;
export const STORE_ADDRESS_MAX = 500;
export const STORE_PHONE_MAX = 30;
export const ZONE_NAME_MAX = 64;
export const ZONE_CITIES_MAX = 200;
export const ZONE_CITY_MAX = 100;
/** Zones one shop may keep, the default one included. */
export const MAX_SHIPPING_ZONES = 100;

/**
 * ZATCA's seller identification schemes (BR-KSA-08), in the order ZATCA asks them to be chosen. Here,
 * not beside the settings schema, so the settings page can list them without loading zod.
 */
export const SELLER_ID_SCHEMES = ['CRN', 'MOM', 'MLS', '700', 'SAG', 'OTH'] as const;

/** A product's options and variants (docs/variants.md): counts and lengths in characters. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 50;
export const MAX_PRODUCT_VARIANTS = 100;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 30;
export const SKU_MAX = 64;
/**
 * The products CSV (docs/product-import.md): its headings in the order the export writes them,
 * which the import reads by name in any order, and the import's bounds.
 */
export const PRODUCT_CSV_COLUMNS = {
  sku: 'رمز المنتج (SKU)',
  productId: 'معرف المنتج',
  title: 'الاسم',
  description: 'الوصف',
  category: 'التصنيف',
  brand: 'الماركة',
  status: 'الحالة',
  barcode: 'الباركود',
  price: 'السعر',
  priceAfterDiscount: 'السعر بعد الخصم',
  quantity: 'الكمية',
  /** Not to be edited: what lets an import tell the stock staff changed from sales since (docs/product-import.md). */
  exportedQuantity: 'الكمية عند التصدير',
  imageCover: 'الصورة الرئيسية',
  images: 'الصور',
} as const;
/** The name and value columns of each option, «الخيار 1» and «القيمة 1» to the third. */
export const PRODUCT_CSV_OPTION_COLUMNS = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, i) => ({
  name: `الخيار ${i + 1}`,
  value: `القيمة ${i + 1}`,
}));
const csvColumn = PRODUCT_CSV_COLUMNS;
export const PRODUCT_CSV_HEADINGS: readonly string[] = [
  csvColumn.sku,
  csvColumn.productId,
  csvColumn.title,
  csvColumn.description,
  csvColumn.category,
  csvColumn.brand,
  csvColumn.status,
  ...PRODUCT_CSV_OPTION_COLUMNS.flatMap((option) => [option.name, option.value]),
  csvColumn.barcode,
  csvColumn.price,
  csvColumn.priceAfterDiscount,
  csvColumn.quantity,
  csvColumn.exportedQuantity,
  csvColumn.imageCover,
  csvColumn.images,
];
/** Between a CSV cell's several picture URLs. */
export const CSV_IMAGE_SEPARATOR = ' | ';
/** Variant rows one import may hold. */
export const MAX_IMPORT_ROWS = 5000;
/** The largest CSV and zip of pictures an import takes, in MB. */
export const MAX_IMPORT_CSV_MB = 10;
export const MAX_IMPORT_ZIP_MB = 100;
/** Pictures one zip may hold. */
export const MAX_IMPORT_ZIP_FILES = 1000;
/** Option names that mean the colour: their values are colours like `availableColors`'. */
export const COLOR_OPTION_NAMES = ['اللون', 'الألوان', 'لون', 'color', 'colour', 'colors', 'colours'] as const;
/** Is this option the colour (its values are swatches, `availableColors` lists them)? */
export const isColorOption = (name: string) =>
  (COLOR_OPTION_NAMES as readonly string[]).includes(name.trim().toLowerCase());

/** The `keepImages` entry that places the next uploaded file of `images` (docs/architecture.md § Images). */
export const NEW_IMAGE_SLOT = 'new';

/**
 * The id of the JSON script a customer's kept page carries their header in
 * (src/server/cache/shared-pages.ts, src/web/lib/shown-visitor.ts). Here rather than in web.ts, so
 * the browser's pages load no module more for it.
 */
export const VISITOR_SCRIPT_ID = 'matjar-visitor';

/**
 * What the root data of an answer kept for every customer, or every guest holding a basket, holds
 * in place of its visitor: a page's `.data` answer gets each visitor's JSON written over it as it
 * is served (src/server/cache/shared-pages.ts), and the browser reads it from there
 * (src/web/lib/shown-visitor.ts). A page leaves it as it is: its visitor is in its JSON script.
 * It ends with the render's nonce, so no text of the shop (a title, a review) can be the slot or
 * hold it before the page is rendered: React Router writes a string once however often it occurs.
 */
export const VISITOR_DATA_SLOT = 'matjar:visitor-slot';
export const visitorDataSlot = (nonce: string) => `${VISITOR_DATA_SLOT}:${nonce}`;
