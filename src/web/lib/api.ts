import type { FailureBody } from '../../contract/errors.js';
import type { ApiTransport } from '../../contract/transport.js';
import type {
  Address,
  AuthEnvelope,
  CartEnvelope,
  ChangedEnvelope,
  CheckoutStatus,
  Coupon,
  ItemEnvelope,
  ListEnvelope,
  NamedItem,
  Order,
  Product,
  ResetVerifiedEnvelope,
  Review,
  StatusEnvelope,
  StatusItemEnvelope,
  StatusListEnvelope,
  Subcategory,
  TokenEnvelope,
  UpdateMeEnvelope,
  User,
} from '../../contract/types.js';

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

export type AddressBody = Omit<Address, '_id' | 'id'>;
/** `expire` as the date input gives it ('2026-12-31'); the API keeps it to the end of that day. */
export type CouponBody = { name: string; expire: string; discount: number };
type OrderEnvelope = { status: string; data: Order };
export type SubcategoryBody = { name: string; category: string };

/** The typed /api/v1 client the web's loaders and actions use. */
export function createApiClient(transport: ApiTransport, token?: string) {
  /** `body` is JSON, or a FormData sent as a multipart upload (files). */
  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await transport({ method, path, token, body });
    if (response.status >= 400) throw new ApiError(response.status, response.body as FailureBody | undefined);
    return response.body as T;
  }
  const get = <T>(path: string, query: Query = {}) => call<T>('GET', `${path}${toQueryString(query)}`);
  const one = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
  /** Categories and brands: a name and an image, written as multipart forms (`name`, `image`). */
  const named = (path: '/categories' | '/brands') => ({
    list: (query: Query = {}) => get<ListEnvelope<NamedItem>>(path, query),
    get: (id: string) => get<ItemEnvelope<NamedItem>>(one(path, id)),
    create: (form: FormData) => call<ItemEnvelope<NamedItem>>('POST', path, form),
    /** Fields left out (the image, most often) stay as they are. */
    update: (id: string, form: FormData) => call<ItemEnvelope<NamedItem>>('PUT', one(path, id), form),
    /** 204, no body; 409 while products (for a brand or category) still use it. */
    remove: (id: string) => call<undefined>('DELETE', one(path, id)),
  });

  return {
    products: {
      list: (query: Query = {}) => get<ListEnvelope<Product>>('/products', query),
      get: (id: string) => get<ItemEnvelope<Product>>(`/products/${encodeURIComponent(id)}`),
      reviews: (id: string, query: Query = {}) =>
        get<ListEnvelope<Review>>(`/products/${encodeURIComponent(id)}/reviews`, query),
      /** Multipart (src/web/lib/product-form.ts builds the body). */
      create: (form: FormData) => call<ItemEnvelope<Product>>('POST', '/products', form),
      /** Multipart; pictures left out keep the product's own. */
      update: (id: string, form: FormData) =>
        call<ItemEnvelope<Product>>('PUT', `/products/${encodeURIComponent(id)}`, form),
      /** 204, no body. */
      remove: (id: string) => call<undefined>('DELETE', `/products/${encodeURIComponent(id)}`),
    },
    categories: {
      ...named('/categories'),
      subcategories: (id: string, query: Query = {}) =>
        get<ListEnvelope<Subcategory>>(`/categories/${encodeURIComponent(id)}/subcategories`, query),
    },
    brands: named('/brands'),
    subcategories: {
      list: (query: Query = {}) => get<ListEnvelope<Subcategory>>('/subcategories', query),
      get: (id: string) => get<ItemEnvelope<Subcategory>>(one('/subcategories', id)),
      create: (body: SubcategoryBody) => call<ItemEnvelope<Subcategory>>('POST', '/subcategories', body),
      update: (id: string, body: SubcategoryBody) =>
        call<ItemEnvelope<Subcategory>>('PUT', one('/subcategories', id), body),
      /** 204, no body; 409 while products still use it. */
      remove: (id: string) => call<undefined>('DELETE', one('/subcategories', id)),
    },
    auth: {
      signup: (body: { name: string; email: string; phone: string; password: string; passwordConfirm: string }) =>
        call<AuthEnvelope>('POST', '/auth/signup', body),
      login: (body: { email: string; password: string }) => call<AuthEnvelope>('POST', '/auth/login', body),
      forgotPassword: (body: { email: string }) => call<StatusEnvelope>('POST', '/auth/forgotPasswords', body),
      verifyResetCode: (body: { resetCode: string; email?: string }) =>
        call<ResetVerifiedEnvelope>('POST', '/auth/verifyResetCode', body),
      resetPassword: (body: { email: string; newPassword: string; resetToken: string }) =>
        call<TokenEnvelope>('PUT', '/auth/resetPassword', body),
      /** 204; every token of the account stops working. */
      logout: () => call<undefined>('POST', '/auth/logout'),
    },
    users: {
      me: () => get<ItemEnvelope<User>>('/users/getMe'),
      /** `email` only when it changed (spec §5). */
      updateMe: (body: { name: string; phone: string; email?: string }) =>
        call<UpdateMeEnvelope>('PUT', '/users/updateMe', body),
      changePassword: (body: { currentPassword: string; password: string; passwordConfirm: string }) =>
        call<AuthEnvelope>('PUT', '/users/changeMyPassword', body),
    },
    wishlist: {
      list: () => get<StatusListEnvelope<Product>>('/wishlist'),
      add: (productId: string) => call<ChangedEnvelope<string>>('POST', '/wishlist', { productId }),
      remove: (productId: string) =>
        call<ChangedEnvelope<string>>('DELETE', `/wishlist/${encodeURIComponent(productId)}`),
    },
    addresses: {
      list: () => get<StatusListEnvelope<Address>>('/addresses'),
      get: (id: string) => get<StatusItemEnvelope<Address>>(`/addresses/${encodeURIComponent(id)}`),
      add: (body: AddressBody) => call<ChangedEnvelope<Address>>('POST', '/addresses', body),
      update: (id: string, body: AddressBody) =>
        call<ChangedEnvelope<Address>>('PUT', `/addresses/${encodeURIComponent(id)}`, body),
      remove: (id: string) => call<ChangedEnvelope<Address>>('DELETE', `/addresses/${encodeURIComponent(id)}`),
    },
    cart: {
      get: () => get<CartEnvelope>('/cart'),
      add: (body: { productId: string; color?: string }) => call<CartEnvelope>('POST', '/cart', body),
      update: (itemId: string, count: number) =>
        call<CartEnvelope>('PUT', `/cart/${encodeURIComponent(itemId)}`, { count }),
      remove: (itemId: string) => call<CartEnvelope>('DELETE', `/cart/${encodeURIComponent(itemId)}`),
      clear: () => call<undefined>('DELETE', '/cart'),
      applyCoupon: (couponName: string) => call<CartEnvelope>('PUT', '/cart/applyCoupon', { couponName }),
    },
    orders: {
      /** A customer's own orders (staff: every order), newest first. */
      list: (query: Query = {}) => get<ListEnvelope<Order>>('/orders', query),
      get: (id: string) => get<ItemEnvelope<Order>>(`/orders/${encodeURIComponent(id)}`),
      /** Staff set each flag on its own (spec §4); `false` takes it back. */
      setPaid: (id: string, isPaid: boolean) =>
        call<OrderEnvelope>('PUT', `/orders/${encodeURIComponent(id)}/pay`, { isPaid }),
      setDelivered: (id: string, isDelivered: boolean) =>
        call<OrderEnvelope>('PUT', `/orders/${encodeURIComponent(id)}/deliver`, { isDelivered }),
      /** Cash on delivery: the order is made at once from the cart. */
      createCash: (cartId: string, shippingAddress: Omit<Address, '_id' | 'id' | 'alias'>) =>
        call<OrderEnvelope>('POST', `/orders/${encodeURIComponent(cartId)}`, { shippingAddress }),
      /** Card: a payment page; the order is made when the provider confirms payment. */
      checkoutSession: (cartId: string, query: { addressId: string }) =>
        get<{ status: string; session: { url: string; id: string; amount: number } }>(
          `/orders/checkout-session/${encodeURIComponent(cartId)}`,
          query,
        ),
    },
    payments: {
      /** A card checkout's state: the thank-you page after the provider's page. */
      checkout: (id: string) => get<ItemEnvelope<CheckoutStatus>>(`/payments/checkouts/${encodeURIComponent(id)}`),
      /** Staff: checkouts in these states (e.g. paid, but refunded because no order could be made). */
      checkouts: (query: Query = {}) => get<ListEnvelope<CheckoutStatus>>('/payments/checkouts', query),
    },
    coupons: {
      list: (query: Query = {}) => get<ListEnvelope<Coupon>>('/coupons', query),
      get: (id: string) => get<ItemEnvelope<Coupon>>(`/coupons/${encodeURIComponent(id)}`),
      add: (body: CouponBody) => call<ItemEnvelope<Coupon>>('POST', '/coupons', body),
      update: (id: string, body: CouponBody) =>
        call<ItemEnvelope<Coupon>>('PUT', `/coupons/${encodeURIComponent(id)}`, body),
      /** 204, no body. */
      remove: (id: string) => call<undefined>('DELETE', `/coupons/${encodeURIComponent(id)}`),
    },
    reviews: {
      add: (productId: string, body: { review: string; rating: number }) =>
        call<ItemEnvelope<Review>>('POST', `/products/${encodeURIComponent(productId)}/reviews`, body),
      update: (id: string, body: { review?: string; rating?: number }) =>
        call<ItemEnvelope<Review>>('PUT', `/reviews/${encodeURIComponent(id)}`, body),
      /** 204, no body. */
      remove: (id: string) => call<undefined>('DELETE', `/reviews/${encodeURIComponent(id)}`),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
