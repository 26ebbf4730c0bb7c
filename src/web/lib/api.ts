import type { z } from 'zod';
import type { abandonedCartList, unsubscribeResult } from '../../contract/abandoned-carts.js';
import type {
  authEnvelope,
  resetCodeSentEnvelope,
  resetVerifiedEnvelope,
  tokenEnvelope,
  updateMeEnvelope,
  userEnvelope,
} from '../../contract/auth.js';
import type {
  namedItemEnvelope,
  namedItemList,
  productBulkResult,
  productEnvelope,
  productList,
  subcategoryEnvelope,
  subcategoryList,
} from '../../contract/catalog.js';
import type { noContentSchema } from '../../contract/common.js';
import type { customerEnvelope, customerList } from '../../contract/customers.js';
import type { statsEnvelope } from '../../contract/dashboard.js';
import type {
  eInvoicingStatusEnvelope,
  reportingDocumentEnvelope,
  reportingDocumentList,
  ZatcaEnvironment,
} from '../../contract/e-invoicing.js';
import type { FailureBody } from '../../contract/errors.js';
import type { featuredEnvelope, homeEnvelope, slideEnvelope, slideListEnvelope } from '../../contract/home.js';
import type { creditNoteList, invoiceEnvelope } from '../../contract/invoices.js';
import type { storePageEnvelope } from '../../contract/pages.js';
import type { productImportResult } from '../../contract/product-import.js';
import type {
  moderatedReviewEnvelope,
  moderatedReviewList,
  ownReviewEnvelope,
  reviewEnvelope,
  reviewList,
  reviewModerationList,
} from '../../contract/reviews.js';
import type {
  addressEnvelope,
  addressesChanged,
  addressList,
  basketEnvelope,
  basketMergeEnvelope,
  cartEnvelope,
  checkoutSessionEnvelope,
  checkoutStatusEnvelope,
  checkoutStatusList,
  couponEnvelope,
  couponList,
  orderCreatedEnvelope,
  orderEnvelope,
  orderFlagEnvelope,
  orderList,
  refundEnvelope,
  wishlistChanged,
  wishlistEnvelope,
} from '../../contract/shopping.js';
import type { staffInviteEnvelope, staffListEnvelope, staffMemberEnvelope } from '../../contract/staff.js';
import type { staffActionList } from '../../contract/staff-actions.js';
import type {
  publicStoreSettingsEnvelope,
  quoteEnvelope,
  shippingZoneEnvelope,
  shippingZoneList,
  storeSettingsEnvelope,
} from '../../contract/store.js';
import type { ApiTransport } from '../../contract/transport.js';
import type {
  AddressBody,
  AddToCartBody,
  ChangePasswordBody,
  CouponBody,
  CouponChanges,
  ForgotPasswordBody,
  HomeFeaturedBody,
  HomeSlideBody,
  LoginBody,
  OrderStatusChange,
  ProductBulkBody,
  RefundBody,
  ResetPasswordBody,
  ReviewBody,
  ReviewChanges,
  ShippingAddressBody,
  ShippingZoneBody,
  ShippingZoneChanges,
  SignupBody,
  StaffChangeBody,
  StaffInviteAcceptBody,
  StaffInviteBody,
  StorePageBody,
  StoreSettingsBody,
  SubcategoryBody,
  SubcategoryChanges,
  UpdateMeBody,
  VerifyResetCodeBody,
} from '../../contract/types.js';
import type { vatReportEnvelope } from '../../contract/vat-report.js';

/** A failed API call, carrying the contract's error body. */
export class ApiError extends Error {
  /** The failure's code (the first field's, for a validation body); the web decides by it, never by the English message. */
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    readonly body: FailureBody | undefined,
  ) {
    super(
      body && 'message' in body
        ? body.message
        : body && 'errors' in body
          ? (body.errors[0]?.msg ?? '')
          : `HTTP ${status}`,
    );
    this.code = body && 'errors' in body ? body.errors[0]?.code : body?.code;
  }
}

export type QueryValue = string | number | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type { AddressBody, CouponBody, SubcategoryBody };

/** A download the web passes on as it streams (the CSV exports). */
export type Download = { body: ReadableStream<Uint8Array>; headers: Record<string, string> };

/** A guest basket's key as the basket routes take it (docs/decisions/0021-guest-basket.md). */
const basketKeyHeader = (basketKey: string | undefined) => (basketKey ? { 'x-basket-key': basketKey } : undefined);

/** The typed /api/v1 client the web's loaders and actions use: each call names its response schema. */
export function createApiClient(
  transport: ApiTransport,
  token?: string,
  /** false: catalogue reads go signed in too (the admin, which must read its own writes at once). */
  sharedReads = true,
) {
  /**
   * `S` is the call's response schema in src/contract (named as a type only: no schema reaches the
   * browser's bundle). The server serialises every answer through that same schema
   * (src/server/http/responses.ts), so the body is of its type already. `body` is JSON, or a
   * FormData sent as a multipart upload (files).
   */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<z.output<S>> {
    const response = await transport({ method, path, token, body, ...(headers ? { headers } : {}) });
    if (response.status >= 400) throw new ApiError(response.status, response.body as FailureBody | undefined);
    return response.body as z.output<S>;
  }
  const get = <S extends z.ZodType>(path: string, query: Query = {}) =>
    call<S>('GET', `${path}${toQueryString(query)}`);
  /**
   * A catalogue read, the same for everyone who may see it: asked as a guest, so the API's kept
   * answer serves a signed-in visitor too (docs/caching.md), and asked again signed in only when a
   * guest may not see it (a draft, a staff-only filter: 401, 403 or 404). The admin's pages read
   * signed in (`sharedReads` false): a kept answer may be up to a second behind another process.
   */
  async function read<S extends z.ZodType>(path: string, query: Query = {}): Promise<z.output<S>> {
    if (!token || !sharedReads) return get<S>(path, query);
    const url = `${path}${toQueryString(query)}`;
    const response = await transport({ method: 'GET', path: url });
    if ([401, 403, 404].includes(response.status)) return call<S>('GET', url);
    if (response.status >= 400) throw new ApiError(response.status, response.body as FailureBody | undefined);
    return response.body as z.output<S>;
  }
  const one = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
  /** A file the API streams (a CSV): its bytes as they come, with its content type and disposition. */
  async function download(path: string): Promise<Download> {
    const response = await transport({ method: 'GET', path, token, stream: true });
    if (response.status >= 400) throw new ApiError(response.status, response.body as FailureBody | undefined);
    return { body: response.body as ReadableStream<Uint8Array>, headers: response.headers ?? {} };
  }
  /** Categories and brands: a name and an image, written as multipart forms (`name`, `image`). */
  const named = (path: '/categories' | '/brands') => ({
    list: (query: Query = {}) => read<typeof namedItemList>(path, query),
    get: (id: string) => read<typeof namedItemEnvelope>(one(path, id)),
    create: (form: FormData) => call<typeof namedItemEnvelope>('POST', path, form),
    /** Fields left out (the image, most often) stay as they are. */
    update: (id: string, form: FormData) => call<typeof namedItemEnvelope>('PUT', one(path, id), form),
    /** 204, no body; 409 while products (for a brand or category) still use it. */
    remove: (id: string) => call<typeof noContentSchema>('DELETE', one(path, id)),
  });

  return {
    products: {
      list: (query: Query = {}) => read<typeof productList>('/products', query),
      get: (id: string) => read<typeof productEnvelope>(one('/products', id)),
      reviews: (id: string, query: Query = {}) => read<typeof reviewList>(`${one('/products', id)}/reviews`, query),
      /** The signed-in customer's own review of the product; `data` is null when they have none. */
      myReview: (id: string) => get<typeof ownReviewEnvelope>(`${one('/products', id)}/reviews/mine`),
      /** Multipart (src/web/lib/product-form.ts builds the body). */
      create: (form: FormData) => call<typeof productEnvelope>('POST', '/products', form),
      /** Multipart; pictures left out keep the product's own. */
      update: (id: string, form: FormData) => call<typeof productEnvelope>('PUT', one('/products', id), form),
      /** 204, no body. */
      remove: (id: string) => call<typeof noContentSchema>('DELETE', one('/products', id)),
      /** Staff: one action on several products, all or nothing. */
      bulk: (body: ProductBulkBody) => call<typeof productBulkResult>('POST', '/products/bulk', body),
      /** Staff: every product and variant as CSV, one row a variant (docs/variants.md § CSV export). */
      exportCsv: () => download('/products/export.csv'),
      /**
       * Staff: a CSV of the export's shape (`file`) and maybe a zip of pictures (`images`), checked
       * (`dryRun`) or written; an apply with wrong rows fails 400 IMPORT_ROWS_INVALID with its
       * `problems` (docs/product-import.md).
       */
      importCsv: (form: FormData, { dryRun }: { dryRun: boolean }) =>
        call<typeof productImportResult>('POST', `/products/import${toQueryString({ dryRun: String(dryRun) })}`, form),
    },
    categories: {
      ...named('/categories'),
      subcategories: (id: string, query: Query = {}) =>
        read<typeof subcategoryList>(`${one('/categories', id)}/subcategories`, query),
    },
    brands: named('/brands'),
    subcategories: {
      list: (query: Query = {}) => read<typeof subcategoryList>('/subcategories', query),
      get: (id: string) => read<typeof subcategoryEnvelope>(one('/subcategories', id)),
      create: (body: SubcategoryBody) => call<typeof subcategoryEnvelope>('POST', '/subcategories', body),
      update: (id: string, body: SubcategoryChanges) =>
        call<typeof subcategoryEnvelope>('PUT', one('/subcategories', id), body),
      /** 204, no body; 409 while products still use it. */
      remove: (id: string) => call<typeof noContentSchema>('DELETE', one('/subcategories', id)),
    },
    auth: {
      signup: (body: SignupBody) => call<typeof authEnvelope>('POST', '/auth/signup', body),
      login: (body: LoginBody) => call<typeof authEnvelope>('POST', '/auth/login', body),
      forgotPassword: (body: ForgotPasswordBody) =>
        call<typeof resetCodeSentEnvelope>('POST', '/auth/forgotPasswords', body),
      verifyResetCode: (body: VerifyResetCodeBody) =>
        call<typeof resetVerifiedEnvelope>('POST', '/auth/verifyResetCode', body),
      resetPassword: (body: ResetPasswordBody) => call<typeof tokenEnvelope>('PUT', '/auth/resetPassword', body),
      /** 204; every token of the account stops working. */
      logout: () => call<typeof noContentSchema>('POST', '/auth/logout'),
    },
    users: {
      me: () => get<typeof userEnvelope>('/users/getMe'),
      /** Staff: the shop's customers with their orders' figures (docs/customers.md). */
      customers: (query: Query = {}) => get<typeof customerList>('/users', query),
      customer: (id: string) => get<typeof customerEnvelope>(one('/users', id)),
      /** `email` only when it changed (docs/specification.md (Validation rules: Profile and password)). */
      updateMe: (body: UpdateMeBody) => call<typeof updateMeEnvelope>('PUT', '/users/updateMe', body),
      changePassword: (body: ChangePasswordBody) => call<typeof authEnvelope>('PUT', '/users/changeMyPassword', body),
    },
    wishlist: {
      list: () => get<typeof wishlistEnvelope>('/wishlist'),
      add: (productId: string) => call<typeof wishlistChanged>('POST', '/wishlist', { productId }),
      remove: (productId: string) => call<typeof wishlistChanged>('DELETE', one('/wishlist', productId)),
    },
    addresses: {
      list: () => get<typeof addressList>('/addresses'),
      get: (id: string) => get<typeof addressEnvelope>(one('/addresses', id)),
      add: (body: AddressBody) => call<typeof addressesChanged>('POST', '/addresses', body),
      update: (id: string, body: AddressBody) => call<typeof addressesChanged>('PUT', one('/addresses', id), body),
      remove: (id: string) => call<typeof addressesChanged>('DELETE', one('/addresses', id)),
    },
    cart: {
      get: () => get<typeof cartEnvelope>('/cart'),
      add: (body: AddToCartBody) => call<typeof cartEnvelope>('POST', '/cart', body),
      update: (itemId: string, count: number) => call<typeof cartEnvelope>('PUT', one('/cart', itemId), { count }),
      remove: (itemId: string) => call<typeof cartEnvelope>('DELETE', one('/cart', itemId)),
      clear: () => call<typeof noContentSchema>('DELETE', '/cart'),
      applyCoupon: (couponName: string) => call<typeof cartEnvelope>('PUT', '/cart/applyCoupon', { couponName }),
      /** Moves the guest basket `basketKey` names into this customer's cart (docs/decisions/0021-guest-basket.md). */
      merge: (basketKey: string) =>
        call<typeof basketMergeEnvelope>('POST', '/cart/merge', undefined, basketKeyHeader(basketKey)),
    },
    /**
     * A guest's basket, by the key its cookie holds (none yet: an empty answer, and lines not
     * found); `add` without a live key makes one and answers its key.
     */
    basket: {
      get: (basketKey: string | undefined) =>
        call<typeof basketEnvelope>('GET', '/basket', undefined, basketKeyHeader(basketKey)),
      add: (basketKey: string | undefined, body: AddToCartBody) =>
        call<typeof basketEnvelope>('POST', '/basket', body, basketKeyHeader(basketKey)),
      update: (basketKey: string | undefined, itemId: string, count: number) =>
        call<typeof basketEnvelope>('PUT', one('/basket', itemId), { count }, basketKeyHeader(basketKey)),
      remove: (basketKey: string | undefined, itemId: string) =>
        call<typeof basketEnvelope>('DELETE', one('/basket', itemId), undefined, basketKeyHeader(basketKey)),
      clear: (basketKey: string | undefined) =>
        call<typeof noContentSchema>('DELETE', '/basket', undefined, basketKeyHeader(basketKey)),
    },
    orders: {
      /** A customer's own orders (staff: every order), newest first. */
      list: (query: Query = {}) => get<typeof orderList>('/orders', query),
      /** Staff: the filtered orders as CSV, a byte stream with its content type and disposition. */
      exportCsv: (query: Query = {}) => download(`/orders/export.csv${toQueryString(query)}`),
      get: (id: string) => get<typeof orderEnvelope>(one('/orders', id)),
      /** The order's tax invoice (404 INVOICE_NOT_ISSUED when the shop issued none; docs/invoices.md). */
      invoice: (id: string) => get<typeof invoiceEnvelope>(`${one('/orders', id)}/invoice`),
      /** Its credit notes, lowest number first; none without refunds or an invoice (docs/invoices.md § Credit notes). */
      creditNotes: (id: string) => get<typeof creditNoteList>(`${one('/orders', id)}/credit-notes`),
      /** Staff set each flag on its own (docs/specification.md (States and transitions)); `false` takes it back. */
      setPaid: (id: string, isPaid: boolean) =>
        call<typeof orderFlagEnvelope>('PUT', `${one('/orders', id)}/pay`, { isPaid }),
      setDelivered: (id: string, isDelivered: boolean) =>
        call<typeof orderFlagEnvelope>('PUT', `${one('/orders', id)}/deliver`, { isDelivered }),
      /** Staff move the order along its allowed statuses (docs/orders.md § Statuses). */
      setStatus: (id: string, body: OrderStatusChange) =>
        call<typeof orderEnvelope>('PUT', `${one('/orders', id)}/status`, body),
      /** The customer cancels their order while it is pending; staff before delivery (docs/orders.md § Cancel). */
      cancel: (id: string, reason?: string) =>
        call<typeof orderEnvelope>('POST', `${one('/orders', id)}/cancel`, reason ? { reason } : {}),
      /** Staff give money back; the same key answers the first refund again (docs/orders.md § Refunds). */
      refund: (id: string, body: RefundBody, idempotencyKey: string) =>
        call<typeof refundEnvelope>('POST', `${one('/orders', id)}/refunds`, body, {
          'idempotency-key': idempotencyKey,
        }),
      /** What the cart costs shipped to a saved address and paid this way (docs/pricing.md). */
      quote: (query: { cartId: string; addressId: string; method: 'cash' | 'card' }) =>
        get<typeof quoteEnvelope>('/orders/quote', query),
      /** Cash on delivery: the order is made at once from the cart. */
      createCash: (cartId: string, shippingAddress: ShippingAddressBody) =>
        call<typeof orderCreatedEnvelope>('POST', one('/orders', cartId), { shippingAddress }),
      /** Card: a payment page; the order is made when the provider confirms payment. */
      checkoutSession: (cartId: string, query: { addressId: string }) =>
        get<typeof checkoutSessionEnvelope>(one('/orders/checkout-session', cartId), query),
    },
    payments: {
      /** A card checkout's state: the thank-you page after the provider's page. */
      checkout: (id: string) => get<typeof checkoutStatusEnvelope>(one('/payments/checkouts', id)),
      /** Staff: checkouts in these states (e.g. paid, but refunded because no order could be made). */
      checkouts: (query: Query = {}) => get<typeof checkoutStatusList>('/payments/checkouts', query),
    },
    /** Anyone reads the public ones; staff read the owner's own too, and change them (docs/pricing.md). */
    settings: {
      get: () => read<typeof publicStoreSettingsEnvelope>('/settings'),
      getForStaff: () => get<typeof storeSettingsEnvelope>('/admin/settings'),
      update: (body: StoreSettingsBody) => call<typeof storeSettingsEnvelope>('PUT', '/settings', body),
    },
    /** The store's pages (docs/store-pages.md): anyone reads them (404 PAGE_NOT_FOUND for another name); staff write them. */
    pages: {
      get: (slug: string) => read<typeof storePageEnvelope>(one('/pages', slug)),
      update: (slug: string, body: StorePageBody) => call<typeof storePageEnvelope>('PUT', one('/pages', slug), body),
    },
    /** The home page (docs/home-page.md): what it shows now, in one call; staff choose its slides and featured items. */
    home: {
      get: () => read<typeof homeEnvelope>('/home'),
      slides: () => get<typeof slideListEnvelope>('/admin/home/slides'),
      /** Multipart: the fields and the `image` file. */
      createSlide: (form: FormData) => call<typeof slideEnvelope>('POST', '/admin/home/slides', form),
      /** Multipart with a new `image`, or the fields alone. */
      updateSlide: (id: string, body: FormData | HomeSlideBody) =>
        call<typeof slideEnvelope>('PUT', one('/admin/home/slides', id), body),
      deleteSlide: (id: string) => call<typeof noContentSchema>('DELETE', one('/admin/home/slides', id)),
      orderSlides: (ids: string[]) => call<typeof slideListEnvelope>('PUT', '/admin/home/slides/order', { ids }),
      featured: () => get<typeof featuredEnvelope>('/admin/home/featured'),
      saveFeatured: (body: HomeFeaturedBody) => call<typeof featuredEnvelope>('PUT', '/admin/home/featured', body),
    },
    /** Admin: ZATCA phase 2's onboarding, one call a step, and the documents to watch (docs/invoices.md § Onboarding). */
    eInvoicing: {
      status: () => get<typeof eInvoicingStatusEnvelope>('/e-invoicing'),
      createCsr: (environment: ZatcaEnvironment) =>
        call<typeof eInvoicingStatusEnvelope>('POST', '/e-invoicing/csr', { environment }),
      /** The compliance CSID for the portal's OTP, then the compliance checks. */
      requestCompliance: (otp: string) =>
        call<typeof eInvoicingStatusEnvelope>('POST', '/e-invoicing/compliance', { otp }),
      requestProduction: () => call<typeof eInvoicingStatusEnvelope>('POST', '/e-invoicing/production'),
      renew: (otp: string) => call<typeof eInvoicingStatusEnvelope>('POST', '/e-invoicing/renew', { otp }),
      documents: (query: Query = {}) => get<typeof reportingDocumentList>('/e-invoicing/documents', query),
      /** A signed copy of a document ZATCA refused, with a new number (docs/invoices.md § Reporting). */
      correct: (number: number) =>
        call<typeof reportingDocumentEnvelope>('POST', `/e-invoicing/documents/${number}/correction`),
    },
    /** Staff: a period's invoices, credit notes and VAT, as JSON and as CSV (docs/invoices.md § The VAT report). */
    vatReport: {
      get: (period: { from: string; to: string }) => get<typeof vatReportEnvelope>('/admin/vat-report', period),
      csv: (period: { from: string; to: string }) => download(`/admin/vat-report.csv${toQueryString(period)}`),
    },
    /** Staff: the dashboard's figures for shop days `from`–`to` (docs/dashboard.md). */
    dashboard: {
      stats: (query: { from: string; to: string }) => get<typeof statsEnvelope>('/admin/stats', query),
    },
    shippingZones: {
      list: () => get<typeof shippingZoneList>('/shipping-zones'),
      add: (body: ShippingZoneBody) => call<typeof shippingZoneEnvelope>('POST', '/shipping-zones', body),
      update: (id: string, body: ShippingZoneChanges) =>
        call<typeof shippingZoneEnvelope>('PUT', one('/shipping-zones', id), body),
      /** 204, no body. */
      remove: (id: string) => call<typeof noContentSchema>('DELETE', one('/shipping-zones', id)),
    },
    coupons: {
      list: (query: Query = {}) => get<typeof couponList>('/coupons', query),
      get: (id: string) => get<typeof couponEnvelope>(one('/coupons', id)),
      add: (body: CouponBody) => call<typeof couponEnvelope>('POST', '/coupons', body),
      update: (id: string, body: CouponChanges) => call<typeof couponEnvelope>('PUT', one('/coupons', id), body),
      /** 204, no body. */
      remove: (id: string) => call<typeof noContentSchema>('DELETE', one('/coupons', id)),
    },
    reviews: {
      add: (productId: string, body: ReviewBody) =>
        call<typeof reviewEnvelope>('POST', `${one('/products', productId)}/reviews`, body),
      update: (id: string, body: ReviewChanges) => call<typeof reviewEnvelope>('PUT', one('/reviews', id), body),
      /** 204, no body. */
      remove: (id: string) => call<typeof noContentSchema>('DELETE', one('/reviews', id)),
      /** Staff (docs/reviews.md § Moderation): every product's reviews, by whole stars and shown or hidden. */
      moderationList: (query: Query = {}) => get<typeof moderatedReviewList>('/admin/reviews', query),
      moderationLog: (query: Query = {}) => get<typeof reviewModerationList>('/admin/reviews/moderations', query),
      hide: (id: string, reason: string) =>
        call<typeof moderatedReviewEnvelope>('PUT', one('/admin/reviews', id), { hidden: true, reason }),
      show: (id: string) => call<typeof moderatedReviewEnvelope>('PUT', one('/admin/reviews', id), { hidden: false }),
      /** 204, no body. */
      removeWithReason: (id: string, reason: string) =>
        call<typeof noContentSchema>('DELETE', one('/admin/reviews', id), { reason }),
    },
    /** The log of staff actions (docs/staff-actions.md), newest first. */
    staffActions: {
      list: (query: Query = {}) => get<typeof staffActionList>('/admin/staff-actions', query),
    },
    /** Abandoned baskets (docs/abandoned-baskets.md): staff's list, and the reminders' public unsubscribe. */
    abandonedCarts: {
      list: (query: Query = {}) => get<typeof abandonedCartList>('/admin/abandoned-carts', query),
      unsubscribe: (token: string) => call<typeof unsubscribeResult>('POST', '/reminders/unsubscribe', { token }),
    },
    /** The owner's team (docs/staff.md): admins only, but for accepting an invite (signed out). */
    staff: {
      list: () => get<typeof staffListEnvelope>('/staff'),
      invite: (body: StaffInviteBody) => call<typeof staffInviteEnvelope>('POST', '/staff/invites', body),
      /** 204, no body. */
      revokeInvite: (id: string) => call<typeof noContentSchema>('DELETE', one('/staff/invites', id)),
      accept: (body: StaffInviteAcceptBody) => call<typeof authEnvelope>('POST', '/staff/invites/accept', body),
      change: (id: string, body: StaffChangeBody) => call<typeof staffMemberEnvelope>('PATCH', one('/staff', id), body),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
