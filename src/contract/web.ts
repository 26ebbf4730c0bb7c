/**
 * The web pages whose forms upload pictures: a product's, a brand's, a category's and a home page
 * slide's add and edit pages (React Router path patterns, used by src/web/routes.ts). Their posts may be multipart and
 * as large as the pictures they carry; every other web form is small text
 * (src/server/http/form-body.ts, SECURITY.md § 2).
 */
export const imageFormPaths = {
  addProduct: 'admin/addproducts',
  editProduct: 'admin/editproducts/:id',
  addBrand: 'admin/addbrand',
  addCategory: 'admin/addcategory',
  editBrand: 'admin/editbrand/:id',
  editCategory: 'admin/editcategory/:id',
  /** The home page's slides (docs/home-page.md). */
  addSlide: 'admin/home/slides/new',
  editSlide: 'admin/home/slides/:id',
} as const;

/**
 * The admin page that imports products from a CSV and a zip of pictures (docs/product-import.md):
 * its post may be multipart as large as both files (src/server/http/form-body.ts).
 */
export const productImportPath = 'admin/products/import';

/**
 * The largest text form a page posts: a product's description (5,000 characters) is about 30 KB
 * once an Arabic text is url-encoded (6 bytes a letter); a review (2,000) about 12 KB.
 */
export const TEXT_FORM_LIMIT_BYTES = 64 * 1024;

/**
 * The web's session cookie, which holds the sign-in token (src/web/lib/session.server.ts); the
 * server sends `Cache-Control: no-store` on every page to a visitor who has one.
 */
export const SESSION_COOKIE = 'matjar_session';

/**
 * A guest's basket key (docs/decisions/0021-guest-basket.md, src/web/lib/basket.server.ts): the
 * pages of a visitor who holds it show their basket, so they get `no-store` too.
 */
export const BASKET_COOKIE = 'matjar_basket';

/**
 * Where a card payment's provider sends the customer back (docs/payments.md, steps 3 and 4): the
 * thank-you page once paid, the payment screen with `?payment=cancelled` when they cancel there.
 * Both name the checkout, so the page says what the shop knows of it, not what the address says.
 */
export const cardReturnPaths = {
  paid: (checkoutId: string) => `/user/allOrders?paid=1&checkout=${encodeURIComponent(checkoutId)}`,
  cancelled: (checkoutId: string) => `/order/paymethoud?payment=cancelled&checkout=${encodeURIComponent(checkoutId)}`,
} as const;

/**
 * A catalogue page kept for customers names the product whose review would change it: it is served
 * from the kept copy only to customers who have not reviewed that product (docs/caching.md §
 * Customers' pages). The server reads it and never sends it on.
 */
export const UNLESS_REVIEWED_HEADER = 'x-matjar-unless-reviewed';

/**
 * What an answer the same for every guest (a catalogue page, a catalogue API read) says to caches
 * (docs/caching.md): browsers ask again each time (max-age=0) and get a 304 while it is unchanged;
 * a shared cache keeps it 30 s and may serve it a minute longer while it fetches the new one.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
