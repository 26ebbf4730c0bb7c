import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_BASKET_REMINDER_DELAY_HOURS,
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_BASKET_REMINDER_DELAY_HOURS,
  MIN_BASKET_REMINDER_DELAY_HOURS,
  PRODUCT_STATUSES,
} from '../contract/constants.js';
import {
  type ComplianceDocument,
  REPORTING_STATUSES,
  type ZatcaEnvironment,
  type ZatcaMessage,
} from '../contract/e-invoicing.js';
import type { MoneyAmounts } from '../contract/money-lines.js';
import { STAFF_ACTION_KINDS, STAFF_ACTION_SUBJECTS, type StaffActionChange } from '../contract/staff-action-kinds.js';

// Money columns hold integer minor units (halalas, piastres) in bigint, so no sum of a real
// order can overflow them; the API converts to major units (docs/architecture.md, Money).
const money = (name: string) => bigint(name, { mode: 'number' });

const id = () => uuid('id').primaryKey().defaultRandom();
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** PostgreSQL's full-text document type; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const roleEnum = pgEnum('role', ['user', 'admin', 'staff']);
export const paymentMethodEnum = pgEnum('payment_method', ['cash', 'card']);
/**
 * open: stock reserved, waiting for the payment; completed: became an order; cancelled / expired:
 * stock released; failed: the provider could not open its page; refunded: paid but could not
 * become an order, money returned; refund_due: the same, but the refund has not gone through yet.
 */
export const checkoutStatusEnum = pgEnum('checkout_status', [
  'open',
  'completed',
  'cancelled',
  'failed',
  'expired',
  'refunded',
  'refund_due',
]);

/** An order's life (docs/orders.md): forward only, or cancelled before it is delivered. */
export const orderStatusEnum = pgEnum('order_status', ['pending', 'processing', 'shipped', 'delivered', 'cancelled']);
/** What became of an order's money (docs/orders.md); `is_paid` follows it. */
export const paymentStatusEnum = pgEnum('payment_status', ['unpaid', 'paid', 'partially_refunded', 'refunded']);
/** Who made a change to an order: its customer, staff, or the shop itself (a payment confirmed). */
export const orderActorEnum = pgEnum('order_actor', ['customer', 'admin', 'system']);
/** What an order event records (docs/orders.md § History). */
export const orderEventKindEnum = pgEnum('order_event_kind', ['created', 'status', 'payment', 'refund']);
/** due: to be given back through the provider (retried by the sweep); done: given back. */
export const refundStatusEnum = pgEnum('refund_status', ['due', 'done']);
/** active: for sale; draft: seen by staff only (docs/catalogue.md § Drafts). */
export const productStatusEnum = pgEnum('product_status', PRODUCT_STATUSES);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('user'),
    /** Bumped on password change; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set when the customer asked for no more basket reminders (docs/abandoned-baskets.md). */
    remindersUnsubscribedAt: timestamp('reminders_unsubscribed_at', { withTimezone: true }),
    /** Set when the owner disabled this member of staff: no token works and no sign-in (docs/staff.md). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The last successful sign-in (password or invite), for the staff list (docs/staff.md). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** The client address that verified the code: the only one the e-mail-only reset is taken from. */
  verifiedIp: text('verified_ip'),
  /** HMAC of the single-use proof handed back by a successful verification. */
  resetTokenHash: text('reset_token_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Codes sent since windowStartedAt: the per-account limit on reset e-mails. */
  codesSent: integer('codes_sent').notNull().default(1),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Wrong codes tried against this account since failuresWindowStartedAt, whatever code was live. */
  failuresInWindow: integer('failures_in_window').notNull().default(0),
  failuresWindowStartedAt: timestamp('failures_window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Shop-wide budgets of guesses that are not tied to one account (a reset code sent without an
 * e-mail could be anybody's): `used` guesses since `windowStartedAt` (SECURITY.md, section 5).
 */
export const guessBudgets = pgTable('guess_budgets', {
  name: text('name').primaryKey(),
  used: integer('used').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The request limits of @fastify/rate-limit, shared by every process (src/server/http/rate-limit-store.ts):
 * one row per limited route and key (an address, a customer), counting the hits of the window that
 * ends at `windowEndsAt`. A hit after that starts a new window; a scheduled job deletes ended ones.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    route: text('route').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.route, t.key] })],
);

/**
 * Failed sign-ins per e-mail address, whether or not an account has it (so a lockout tells nobody
 * which addresses have accounts). A success deletes the row.
 */
export const loginThrottle = pgTable('login_throttle', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Categories and brands are the same thing to the shop: a unique name with an image. */
const namedImageTable = <const N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      slug: text('slug').notNull(),
      image: text('image'),
      // The name's search forms (src/contract/arabic-text.ts), for suggestions.
      searchName: text('search_name').notNull().default(''),
      ...timestamps(),
    },
    (t) => [uniqueIndex(`${name}_name_key`).on(t.name), index(`${name}_created_at_idx`).on(t.createdAt)],
  );

export const categories = namedImageTable('categories');

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('subcategories_category_name_key').on(t.categoryId, t.name)],
);

export const brands = namedImageTable('brands');

/** One of a product's choices (docs/variants.md): «المقاس» with 40, 41, 42… */
export type ProductOption = { name: string; values: string[] };

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    price: money('price').notNull(),
    priceAfterDiscount: money('price_after_discount'),
    availableColors: text('available_colors').array().notNull().default(sql`'{}'::text[]`),
    /** Up to three choices; empty for a product sold as one thing (its one default variant). */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    imageCover: text('image_cover'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    ratingsAverage: numeric('ratings_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingsQuantity: integer('ratings_quantity').notNull().default(0),
    status: productStatusEnum('status').notNull().default('active'),
    // Search text the server derives on every write (src/server/modules/search/indexing.ts): each
    // word's folded forms, of the title, the brand and category names, and the description.
    searchTitle: text('search_title').notNull().default(''),
    searchGroups: text('search_groups').notNull().default(''),
    searchBody: text('search_body').notNull().default(''),
    // Folded title and brand name as written, for typo-tolerant trigram matching.
    searchNames: text('search_names').notNull().default(''),
    // Which version of the folding wrote the columns above; older rows are re-derived at start-up.
    searchVersion: smallint('search_version').notNull().default(0),
    // Weighted document: title A, brand and category B, description C; the 'arabic' configuration
    // adds Snowball stems, 'simple' keeps Latin words and model numbers whole.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, search_title), 'A') || setweight(to_tsvector('arabic'::regconfig, search_title), 'A') || setweight(to_tsvector('simple'::regconfig, search_groups), 'B') || setweight(to_tsvector('simple'::regconfig, search_body), 'C') || setweight(to_tsvector('arabic'::regconfig, search_body), 'C')`,
      ),
    ...timestamps(),
  },
  (t) => [
    check('products_quantity_check', sql`${t.quantity} >= 0`),
    check('products_sold_check', sql`${t.sold} >= 0`),
    check('products_price_check', sql`${t.price} > 0`),
    check(
      'products_price_after_discount_check',
      sql`${t.priceAfterDiscount} IS NULL OR (${t.priceAfterDiscount} >= 0 AND ${t.priceAfterDiscount} < ${t.price})`,
    ),
    // One index per filter and sort the listing offers; each ends with id for a stable order.
    index('products_category_idx').on(t.categoryId, t.createdAt),
    index('products_brand_idx').on(t.brandId, t.createdAt),
    index('products_created_at_idx').on(t.createdAt, t.id),
    // The public listing's default order, drafts left out (docs/catalogue.md § Drafts).
    index('products_active_created_at_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index('products_sold_idx').on(t.sold, t.id),
    index('products_quantity_idx').on(t.quantity, t.id),
    index('products_price_idx').on(t.price, t.id),
    // Price filters and sorts use the price a customer pays.
    index('products_effective_price_idx').on(sql`coalesce(${t.priceAfterDiscount}, ${t.price})`, t.id),
    index('products_rating_idx').on(t.ratingsAverage, t.ratingsQuantity, t.id),
    // The keyword search: full-text on the document, trigram word similarity on the names.
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_names_trgm_idx').using('gin', sql`${t.searchNames} gin_trgm_ops`),
    index('products_search_version_idx').on(t.searchVersion),
  ],
);

export const productSubcategories = pgTable(
  'product_subcategories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.subcategoryId] }),
    index('product_subcategories_sub_idx').on(t.subcategoryId),
  ],
);

/**
 * What is actually sold and stocked (docs/variants.md): one row per combination of a product's
 * option values, or one default row (no options). The product's `quantity`, `sold`, `price` and
 * `price_after_discount` are kept as the sum of its variants' stock and sales and its cheapest
 * variant's prices, for the listing's filters and sorts.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant's place in the product's table. */
    position: smallint('position').notNull().default(0),
    sku: text('sku').notNull(),
    /** A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14), or null. */
    barcode: text('barcode'),
    /** Option name → value; `{}` for a default variant. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    price: money('price').notNull(),
    priceAfterDiscount: money('price_after_discount'),
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    // SKUs are unique whatever their case: an import matches 'ab-1' to 'AB-1'.
    uniqueIndex('product_variants_sku_key').on(sql`lower(${t.sku})`),
    index('product_variants_barcode_idx').on(t.barcode),
    // The listing's option filter: options @> '{"المقاس":"42"}'.
    index('product_variants_options_idx').using('gin', sql`${t.options} jsonb_path_ops`),
    check('product_variants_quantity_check', sql`${t.quantity} >= 0`),
    check('product_variants_sold_check', sql`${t.sold} >= 0`),
    check('product_variants_price_check', sql`${t.price} > 0`),
    check(
      'product_variants_price_after_discount_check',
      sql`${t.priceAfterDiscount} IS NULL OR (${t.priceAfterDiscount} >= 0 AND ${t.priceAfterDiscount} < ${t.price})`,
    ),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    review: text('review').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    /** Hidden by staff (docs/reviews.md § Moderation): out of the product's list and its rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_key').on(t.userId, t.productId),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    // The moderation list: newest first over every product.
    index('reviews_created_idx').on(t.createdAt),
    // Half steps from 0.5 to 5 stars.
    check('reviews_rating_check', sql`${t.rating} BETWEEN 0.5 AND 5 AND ${t.rating} * 2 = floor(${t.rating} * 2)`),
  ],
);

export const reviewModerationActionEnum = pgEnum('review_moderation_action', ['hidden', 'shown', 'deleted']);

/**
 * What staff did to a review and why (docs/reviews.md § Moderation). A deleted review's text and
 * stars stay here, so the reason keeps its context; the review's and product's rows may be gone.
 */
export const reviewModerations = pgTable(
  'review_moderations',
  {
    id: id(),
    reviewId: uuid('review_id').notNull(),
    productId: uuid('product_id').notNull(),
    productTitle: text('product_title').notNull(),
    authorName: text('author_name').notNull(),
    review: text('review').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    action: reviewModerationActionEnum('action').notNull(),
    /** Null only for a deletion through the original API's DELETE /reviews/:id, which takes none. */
    reason: text('reason'),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_moderations_created_idx').on(t.createdAt)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    name: text('name').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    discount: integer('discount').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('coupons_name_key').on(t.name),
    // 0 lets staff switch a coupon off from the edit screen; new coupons need 1–100 (API).
    check('coupons_discount_check', sql`${t.discount} BETWEEN 0 AND 100`),
    check('coupons_name_upper_check', sql`${t.name} = upper(${t.name})`),
  ],
);

/**
 * A customer's cart (`user_id`), or a guest's basket (docs/decisions/0021-guest-basket.md): found
 * by the SHA-256 of the random key its cookie holds, ignored once `guest_expires_at` has passed.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: uuid('user_id')
      .unique('carts_user_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    guestKeyHash: text('guest_key_hash').unique('carts_guest_key'),
    guestExpiresAt: timestamp('guest_expires_at', { withTimezone: true }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check(
      'carts_owner_check',
      sql`(${t.userId} IS NOT NULL AND ${t.guestKeyHash} IS NULL AND ${t.guestExpiresAt} IS NULL) OR (${t.userId} IS NULL AND ${t.guestKeyHash} IS NOT NULL AND ${t.guestExpiresAt} IS NOT NULL)`,
    ),
    // The sweep of expired baskets finds them without reading the customers' carts.
    index('carts_guest_expires_idx').on(t.guestExpiresAt).where(sql`${t.guestExpiresAt} IS NOT NULL`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** What the line holds; a variant deleted by staff leaves the cart with it. */
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /**
     * The colour: the variant's own when it has a colour option, else the swatch picked from
     * `available_colors` of a product without options; '' when there is no colour choice.
     */
    color: text('color').notNull().default(''),
    count: integer('count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.cartId, t.variantId, t.color),
    // A deleted variant leaves every cart: found by this index, not a scan, under the edit's locks.
    index('cart_items_variant_idx').on(t.variantId),
    check('cart_items_count_check', sql`${t.count} >= 1`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    details: text('details').notNull(),
    phone: text('phone').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    /** The last time an order or checkout shipped to it: a card checkout without an address uses the latest. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export type ShippingAddress = {
  details: string;
  phone: string;
  city: string;
  postalCode: string;
  /**
   * On an order or a checkout: false when no zone listed the city and the market's city table did
   * not know it, so the default zone priced it (docs/pricing.md); absent on orders made before.
   */
  cityRecognised?: boolean;
};

/** An order's money in minor units, computed once on the server (docs/pricing.md). */
export type OrderMoney = MoneyAmounts & { vatRateBasisPoints: number; pricesIncludeVat: boolean };

/** A cart line frozen when a card checkout starts: what the customer pays for. */
export type CheckoutLine = {
  productId: string;
  /** Null only on lines of checkouts opened before variants, whose product was deleted since. */
  variantId: string | null;
  sku: string;
  /** The variant's option values (docs/variants.md). */
  options: Record<string, string>;
  title: string;
  imageCover: string | null;
  count: number;
  color: string;
  price: number;
};

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Short human order number for screens and e-mails. */
    number: serial('number').notNull().unique('orders_number_key'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    /**
     * The order's money (docs/pricing.md): `subtotal` is the lines' sum, `discount` the coupon's
     * part of it, then shipping and the cash-on-delivery fee; `totalOrderPrice` is what the
     * customer pays, and `taxPrice` the VAT in it (prices including VAT) or added to it (not).
     */
    subtotal: money('subtotal').notNull().default(0),
    discount: money('discount').notNull().default(0),
    taxPrice: money('tax_price').notNull().default(0),
    shippingPrice: money('shipping_price').notNull().default(0),
    codFee: money('cod_fee').notNull().default(0),
    totalOrderPrice: money('total_order_price').notNull(),
    /** The VAT rate (basis points) and whether prices included it, as they were for this order. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(0),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    couponName: text('coupon_name'),
    paymentMethodType: paymentMethodEnum('payment_method_type').notNull(),
    /** Provider reference of a card payment; unique so a replayed webhook creates nothing. */
    paymentRef: text('payment_ref').unique('orders_payment_ref_key'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Paid through the test provider: no money moved (docs/payments.md). */
    isTest: boolean('is_test').notNull().default(false),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Where the order is (docs/orders.md); `is_delivered` is kept in step with it. */
    status: orderStatusEnum('status').notNull().default('pending'),
    /** What became of its money; `is_paid` is kept in step with it. */
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('unpaid'),
    /** Given back so far (minor units): refunds done, never more than the total. */
    refundedAmount: money('refunded_amount').notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    // The admin list's status and payment filters, in its order (docs/benchmarks.md § bench:orders).
    index('orders_status_created_at_idx').on(t.status, t.createdAt, t.number),
    index('orders_payment_status_created_at_idx').on(t.paymentStatus, t.createdAt, t.number),
    check('orders_total_check', sql`${t.totalOrderPrice} >= 0`),
    check('orders_refunded_check', sql`${t.refundedAmount} BETWEEN 0 AND ${t.totalOrderPrice}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /**
     * The variant sold, as an id only (no foreign key): a line outlives its variant, and staff
     * deleting a size must not wait on, or change, the orders that sold it (docs/variants.md).
     */
    variantId: uuid('variant_id'),
    // Snapshot so an order still reads right after the product changes or is deleted.
    title: text('title').notNull(),
    sku: text('sku').notNull().default(''),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    imageCover: text('image_cover'),
    count: integer('count').notNull(),
    color: text('color').notNull().default(''),
    price: money('price').notNull(),
    /** Units of this line put back in stock (a cancel, a refund's restock): never more than `count`. */
    restocked: integer('restocked').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_count_check', sql`${t.count} >= 1`),
    check('order_items_restocked_check', sql`${t.restocked} BETWEEN 0 AND ${t.count}`),
  ],
);

/** Every change to an order, oldest first: its timeline (docs/orders.md § History). Never updated. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The clock's time, not the transaction's: events of one transaction keep their order.
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** The user who made the change; null for the system (or a user deleted since). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: orderActorEnum('actor_role').notNull(),
    kind: orderEventKindEnum('kind').notNull(),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status'),
    /** The payment state after a payment or refund event. */
    paymentStatus: paymentStatusEnum('payment_status'),
    note: text('note'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** A refund's amount (minor units). */
    amount: money('amount'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** A restock line of a refund: units of an order line put back in stock. */
export type RefundRestock = { lineId: string; count: number };

/**
 * Money given back on an order (docs/orders.md § Refunds): a cancel's refund or staff's. A card
 * order's is `due` until the provider confirms it (retried by the sweep); a cash order's is given
 * back by hand and recorded `done`. `idempotency_key` with `request_hash` answers a repeated
 * request with the same refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: refundStatusEnum('status').notNull().default('due'),
    /** The provider that gives it back; null for cash given back by hand. */
    provider: text('provider'),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    restock: jsonb('restock').$type<RefundRestock[]>().notNull().default([]),
    creditNoteId: uuid('credit_note_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a process last claimed it to ask the provider (SECURITY.md § 6): another process leaves
     * it alone for a lease, and a retry after it first asks the provider what it has refunded.
     */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_idempotency_key').on(t.orderId, t.idempotencyKey),
    index('refunds_due_idx').on(t.createdAt).where(sql`${t.status} = 'due'`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A card checkout waiting for the payment provider; becomes an order when payment is confirmed. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    /** The order's money as quoted when the checkout opened (docs/pricing.md): what the order keeps. */
    quote: jsonb('quote').$type<OrderMoney>(),
    couponName: text('coupon_name'),
    status: checkoutStatusEnum('status').notNull().default('open'),
    /** While open, the lines' units are taken out of stock for this session (released when it ends). */
    stockReserved: boolean('stock_reserved').notNull().default(false),
    /** The session ends unpaid at this time; its reserved stock goes back. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's id of the payment (what a refund names), once paid. */
    providerPaymentId: text('provider_payment_id'),
    /** Why a paid session could not become an order (stock ran out meanwhile): it is refunded. */
    failureReason: text('failure_reason'),
    refundId: text('refund_id'),
    /** When a process last claimed its refund to ask the provider: as `refunds.attempted_at`. */
    refundAttemptedAt: timestamp('refund_attempted_at', { withTimezone: true }),
    /**
     * When the sweep last claimed this open checkout, past its time, to ask the provider whether it
     * was paid before ending it (docs/payments.md, step 4): a claim as `refund_attempted_at`.
     */
    providerAskedAt: timestamp('provider_asked_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_key').on(t.provider, t.providerSessionId),
    // The expiry sweep reads open sessions by time; one open session per customer at a time.
    index('checkout_sessions_open_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Words that name the same thing: brand transliterations (samsung, سامسونج, سامسونغ) and the
 * shop's broken plurals (هاتف, هواتف). A query word finds every term of its group.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    // Folded as src/contract/arabic-text.ts folds, one word.
    term: text('term').primaryKey(),
    groupName: text('group_name').notNull(),
  },
  (t) => [index('search_synonyms_group_idx').on(t.groupName)],
);

/**
 * The store's own settings (one row, id 1), edited by the admin: names, VAT registration and the
 * VAT rule. Created from the configuration's defaults (SHOP_COUNTRY's market) on first read.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: smallint('id').primaryKey().default(1),
    shopName: text('shop_name').notNull(),
    /** The seller's registered name on tax invoices (Arabic). */
    legalName: text('legal_name').notNull().default(''),
    /** Without one the shop issues no tax invoice. */
    vatNumber: text('vat_number'),
    address: text('address').notNull().default(''),
    /** The seller's other identification (ZATCA's BT-29): its scheme (CRN, MOM, MLS, 700, SAG, OTH) and value. */
    sellerIdScheme: text('seller_id_scheme').notNull().default('CRN'),
    sellerId: text('seller_id').notNull().default(''),
    /** The national address (docs/invoices.md § The seller): every part but the additional number is required in SA. */
    buildingNumber: text('building_number').notNull().default(''),
    street: text('street').notNull().default(''),
    district: text('district').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    additionalNumber: text('additional_number').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The footer's contact links (docs/store-pages.md): a WhatsApp number in E.164, https pages of the networks; '' when none. */
    whatsapp: text('whatsapp').notNull().default(''),
    instagramUrl: text('instagram_url').notNull().default(''),
    xUrl: text('x_url').notNull().default(''),
    tiktokUrl: text('tiktok_url').notNull().default(''),
    snapchatUrl: text('snapchat_url').notNull().default(''),
    facebookUrl: text('facebook_url').notNull().default(''),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    /** Products with this many units or fewer (and some left) are flagged low in the admin list. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
    /** One reminder e-mail per abandoned basket (docs/abandoned-baskets.md); off until the owner turns it on. */
    basketRemindersEnabled: boolean('basket_reminders_enabled').notNull().default(false),
    /** A customer's basket untouched this many hours is abandoned (the admin list and the reminders). */
    basketReminderDelayHours: integer('basket_reminder_delay_hours')
      .notNull()
      .default(DEFAULT_BASKET_REMINDER_DELAY_HOURS),
    /** The largest refund one member of staff (not an admin) may make, in minor units; 0: none (docs/staff.md). */
    staffRefundLimit: money('staff_refund_limit').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('store_settings_single_row', sql`${t.id} = 1`),
    check('store_settings_vat_rate_check', sql`${t.vatRateBasisPoints} BETWEEN 0 AND 10000`),
    check('store_settings_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('store_settings_staff_refund_limit_check', sql`${t.staffRefundLimit} >= 0`),
    check(
      'store_settings_basket_reminder_delay_check',
      sql`${t.basketReminderDelayHours} BETWEEN ${sql.raw(String(MIN_BASKET_REMINDER_DELAY_HOURS))} AND ${sql.raw(String(MAX_BASKET_REMINDER_DELAY_HOURS))}`,
    ),
  ],
);

/**
 * The reminder sent for a customer's cart (docs/abandoned-baskets.md): `basketChangedAt` is the
 * cart's `updatedAt` it was sent for, so one state of a basket is reminded once; a later change
 * makes a new state. Written in the transaction that enqueues the mail, by a conditional upsert.
 */
export const basketReminders = pgTable('basket_reminders', {
  cartId: uuid('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  basketChangedAt: timestamp('basket_changed_at', { withTimezone: true }).notNull(),
  remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where the shop delivers and for how much: a customer's address city picks the zone listing it;
 * other cities take the one default zone ("everywhere else"), which may be disabled.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: id(),
    name: text('name').notNull(),
    /** City names as written by the admin; matched after Arabic folding (docs/pricing.md). */
    cities: text('cities').array().notNull().default(sql`'{}'::text[]`),
    price: money('price').notNull().default(0),
    /** Free shipping once the discounted subtotal reaches this (minor units), when set. */
    freeAbove: money('free_above'),
    codAllowed: boolean('cod_allowed').notNull().default(true),
    codFee: money('cod_fee').notNull().default(0),
    /** The "everywhere else" zone: exactly one. */
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('shipping_zones_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    check('shipping_zones_money_check', sql`${t.price} >= 0 AND ${t.codFee} >= 0 AND coalesce(${t.freeAbove}, 0) >= 0`),
  ],
);

export const invoiceKindEnum = pgEnum('invoice_kind', ['invoice', 'credit_note']);

/** Where a phase-2 document stands with ZATCA (docs/invoices.md § Reporting). */
export const reportingStatusEnum = pgEnum('reporting_status', REPORTING_STATUSES);

/** An invoice line as issued (minor units). */
export type InvoiceLine = {
  name: string;
  /** The variant's SKU (ZATCA's BT-155); absent on shipping and fee lines and older documents. */
  sku?: string;
  quantity: number;
  /** Unit price without VAT, and with it. */
  unitPriceExclVat: number;
  unitPriceInclVat: number;
  vatRateBasisPoints: number;
  /** The line's VAT and its total with VAT. */
  vatAmount: number;
  totalInclVat: number;
};

/** A seller's national address (ZATCA's BT-35, KSA-17, KSA-23, KSA-3, BT-37, BT-38). */
export type NationalAddress = {
  buildingNumber: string;
  street: string;
  district: string;
  city: string;
  postalCode: string;
  /** Empty when none. */
  additionalNumber: string;
};

/**
 * The seller as printed on an invoice, frozen at issue time (docs/invoices.md § The seller). The
 * fields after `vatNumber` are absent on documents issued before they existed.
 */
export type InvoiceSeller = {
  name: string;
  address: string;
  vatNumber: string;
  /** ZATCA's seller identification (BT-29): scheme (CRN, MOM, …) and value. */
  sellerId?: { scheme: string; value: string };
  nationalAddress?: NationalAddress;
  /** ISO 3166 alpha-2: the shop's market. */
  country?: string;
  /** The IANA zone the document's dates are written in (docs/dates.md). */
  timeZone?: string;
};

/**
 * Simplified tax invoices (and, later, credit notes) as issued: gap-free numbers from
 * `invoice_counter`, each carrying the hash of the previous one (ZATCA phase 2 readiness,
 * docs/invoices.md). Never updated once written.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: invoiceKindEnum('kind').notNull().default('invoice'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Gap-free sequential number; also the invoice counter value (ICV). */
    number: bigint('number', { mode: 'number' }).notNull(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Base64 SHA-256 of the previous invoice's canonical form (the first one's: of "0"). */
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotalExclVat: money('subtotal_excl_vat').notNull(),
    vatTotal: money('vat_total').notNull(),
    total: money('total').notNull(),
    currency: text('currency').notNull(),
    /** ZATCA's QR payload: Base64 of TLV records (tags 1–5). */
    qr: text('qr').notNull(),
    /** UNTDID 4461: 10 in cash, 48 by bank card; null on documents issued before it was kept. */
    paymentMeans: text('payment_means'),
    /** A credit note's invoice, and why it was issued. */
    refersTo: uuid('refers_to'),
    reason: text('reason'),
    /**
     * Phase 2 (docs/invoices.md § The cryptographic stamp): the signed document, byte for byte what
     * is served and reported. Null on a phase-1 document, whose XML is rendered from the row.
     */
    signedXml: text('signed_xml'),
    /** Null on a phase-1 document (nothing to report). */
    reportingStatus: reportingStatusEnum('reporting_status'),
    /** ZATCA's warnings (reported with warnings) or errors (rejected), as it sent them. */
    reportingMessages: jsonb('reporting_messages').$type<ZatcaMessage[]>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /**
     * A document ZATCA refused, replaced by its correction (docs/invoices.md § Reporting): it stays
     * in the chain, but the order's current documents are those not replaced.
     */
    replacedBy: uuid('replaced_by'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_reporting_open_idx').on(t.issuedAt).where(sql`${t.reportingStatus} in ('pending', 'rejected')`),
    uniqueIndex('invoices_uuid_key').on(t.uuid),
    uniqueIndex('invoices_order_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.replacedBy} is null`),
  ],
);

/** The last invoice number and hash (one row, id 1): locked while the next invoice is issued. */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: smallint('id').primaryKey().default(1),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('invoice_counter_single_row', sql`${t.id} = 1`)],
);

/** A compliance check the shop ran: one sample document sent to `POST /compliance/invoices`. */
export type ComplianceCheck = { document: ComplianceDocument; passed: boolean; messages: ZatcaMessage[] };

/**
 * The shop's e-invoicing unit with ZATCA (one row, id 1; docs/invoices.md § Onboarding). `pending…`
 * is an onboarding or renewal under way; `production…` the unit that signs. Keys and secrets are
 * sealed with ZATCA_KEY_SECRET (src/server/modules/e-invoicing/sealed.ts), never stored in clear.
 */
export const eInvoicing = pgTable(
  'e_invoicing',
  {
    id: smallint('id').primaryKey().default(1),
    /** The unit's own serial (the CSR's `3-…`), made once and kept through renewals: one unit, one chain. */
    unitSerial: text('unit_serial'),
    pendingEnvironment: text('pending_environment').$type<ZatcaEnvironment>(),
    pendingKey: text('pending_key'),
    /** The CSR as ZATCA takes it (Base64 of the PEM). */
    pendingCsr: text('pending_csr'),
    complianceRequestId: text('compliance_request_id'),
    complianceToken: text('compliance_token'),
    complianceSecret: text('compliance_secret'),
    complianceChecks: jsonb('compliance_checks').$type<ComplianceCheck[]>().notNull().default([]),
    productionEnvironment: text('production_environment').$type<ZatcaEnvironment>(),
    productionKey: text('production_key'),
    productionToken: text('production_token'),
    productionSecret: text('production_secret'),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }),
    /** Why ZATCA refused the last report on configuration (401, 406): the admin is told. */
    reportingProblem: jsonb('reporting_problem').$type<{ status: number; messages: ZatcaMessage[]; at: string }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('e_invoicing_single_row', sql`${t.id} = 1`)],
);

/**
 * The store's pages as the owner wrote them (docs/store-pages.md): one row a page once saved; a page
 * never saved is served with its default text. `body` is Markdown, rendered when read.
 */
export const storePages = pgTable('store_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffActionKindEnum = pgEnum('staff_action_kind', STAFF_ACTION_KINDS);
export const staffActionSubjectEnum = pgEnum('staff_action_subject', STAFF_ACTION_SUBJECTS);

/**
 * The log of staff actions (docs/staff-actions.md): who changed what, when, written in the change's
 * own transaction. The actor's name and e-mail are copied, so a line outlives the account; the
 * subject's label too (a product's title, an order's number), so it outlives the subject.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: staffActionKindEnum('action').notNull(),
    subjectType: staffActionSubjectEnum('subject_type').notNull(),
    /** The subject's id (a uuid, or `1` for the settings' one row); null when it has none. */
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label').notNull(),
    /** Only the fields that changed; money in major units, as the API shows it; secrets masked. */
    changes: jsonb('changes').$type<StaffActionChange[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first, whole or by kind or by actor.
    index('staff_actions_created_idx').on(t.createdAt, t.id),
    index('staff_actions_action_idx').on(t.action, t.createdAt),
    index('staff_actions_actor_idx').on(t.actorId, t.createdAt),
  ],
);
/**
 * The home page's slides (docs/home-page.md): a picture of the media store (`slides/<hash>`), its
 * words and link, shown in `position` order while active and within its optional window
 * [active_from, active_until). None at all: the home page shows the shop's fixed slides.
 */
export const homeSlides = pgTable(
  'home_slides',
  {
    id: id(),
    image: text('image').notNull(),
    alt: text('alt').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    link: text('link').notNull(),
    position: integer('position').notNull(),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeUntil: timestamp('active_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('home_slides_position_idx').on(t.position),
    check(
      'home_slides_window',
      sql`${t.activeFrom} IS NULL OR ${t.activeUntil} IS NULL OR ${t.activeUntil} > ${t.activeFrom}`,
    ),
  ],
);

/** The categories the owner features on the home page, in order (docs/home-page.md); none: the first ones. */
export const homeFeaturedCategories = pgTable('home_featured_categories', {
  categoryId: uuid('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
});

/** The products the owner features on the home page, in order (docs/home-page.md); none: the latest ones. */
export const homeFeaturedProducts = pgTable('home_featured_products', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
});
/**
 * An invitation to join the staff (docs/staff.md): one per e-mail address (a new invite replaces
 * it), its link's token stored as a SHA-256 hash, valid until `expiresAt`; deleted when accepted.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invites_email_key').on(t.email),
    uniqueIndex('staff_invites_token_hash_key').on(t.tokenHash),
  ],
);

/**
 * Counters that say when cached answers went stale (docs/caching.md). `catalogue` is raised at the
 * commit of every transaction that wrote what a guest's page shows (products, categories, reviews,
 * settings, pages, the home page…), by deferred triggers of migration 0024.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
