import type { StoreSettingsView, User } from './types.js';

/**
 * How the web reaches /api/v1: in the same process through `fastify.inject`, or over HTTP when
 * the web runs apart from the API. Either way it is an ordinary API client.
 */
export type ApiRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1 with its query string, e.g. `/products?limit=8`. */
  path: string;
  token?: string | undefined;
  /** A JSON value, or a FormData for a multipart upload (files). */
  body?: unknown;
  /** Extra request headers (a refund's `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** A download (the orders' CSV): a success's body comes back as a byte stream, not parsed. */
  stream?: boolean;
};
export type ApiResponse = {
  status: number;
  /** Parsed JSON; a `stream` request's success: a ReadableStream of bytes. */
  body: unknown;
  /** A `stream` request's success: the headers a download keeps (content type and disposition). */
  headers?: Record<string, string>;
};
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** The shop's contact as the footer shows it, from the settings (docs/store-pages.md § The footer): '' is not shown. */
export type ShopContact = Pick<
  StoreSettingsView,
  'phone' | 'email' | 'whatsapp' | 'instagramUrl' | 'xUrl' | 'tiktokUrl' | 'snapchatUrl' | 'facebookUrl'
>;

/** Shop facts the screens need (currency for prices, phone country and address defaults for forms). */
export type ShopInfo = {
  name: string;
  currency: string;
  /** IANA zone every shown date is in (src/contract/dates.ts). */
  timeZone: string;
  phoneCountry: string;
  publicUrl: string;
  /** Pre-filled in the address form (docs/decisions/0010-address-city-and-postal-code.md). */
  defaultCity: string;
  /** The cities the address form offers (SHOP_COUNTRY's market, docs/decisions/0018-shop-country.md); any other may be typed. */
  cities: readonly string[];
  defaultPostalCode: string;
  /** Card payments are offered (PAYMENT_PROVIDER is not none). */
  cardPayments: boolean;
  /** …through the test provider: no money moves (the payment screen says so). */
  testPayments: boolean;
  /** The footer's contact; none when the settings could not be read (the page still renders). */
  contact?: ShopContact;
};

/**
 * A signed-in visitor as every page's header shows them (src/server/visitor.ts): the same facts
 * as getMe, the cart's `numOfCartItems` (0 for staff) and the wishlist's product ids (none for staff).
 */
export type PageVisitor = { user: User; cartCount: number; favoriteIds: string[] };

/**
 * Who a page shows in its header and hearts: a signed-in visitor, or a guest (no user, no
 * favourites) with their basket's line count. A page kept for many visitors is written in with it
 * (docs/caching.md § Customers' pages).
 */
export type ShownVisitor = { user: User | null; cartCount: number; favoriteIds: readonly string[] };
