import type { FastifyInstance } from 'fastify';

/*
 * The /api/v1 route table as tests see it: who may call each route, and the list Fastify itself
 * registered. Tests that must cover every route compare the two, so a new route fails them until
 * someone decides who may call it (admin-authorization.test.ts) and how to fuzz it (bad-input.test.ts).
 */

/** `staff`: admins and staff; `admin`: admins only (docs/staff.md). */
export type Access = 'public' | 'signedIn' | 'customer' | 'staff' | 'admin';

export const routeAccess: Record<string, Access> = {
  'POST /auth/signup': 'public',
  'POST /auth/login': 'public',
  'POST /auth/forgotPasswords': 'public',
  'POST /auth/verifyResetCode': 'public',
  'PUT /auth/resetPassword': 'public',
  'POST /auth/logout': 'signedIn',
  'GET /users/getMe': 'signedIn',
  'PUT /users/updateMe': 'signedIn',
  'PUT /users/changeMyPassword': 'signedIn',
  // The shop's customers, for staff (docs/customers.md).
  'GET /users': 'staff',
  'GET /users/:id': 'staff',
  'GET /products': 'public',
  'POST /products': 'staff',
  'GET /products/suggest': 'public',
  'GET /products/export.csv': 'staff',
  'POST /products/bulk': 'staff',
  'POST /products/import': 'staff',
  'GET /products/:id': 'public',
  'PUT /products/:id': 'staff',
  'DELETE /products/:id': 'staff',
  'GET /products/:id/reviews': 'public',
  'POST /products/:id/reviews': 'customer',
  'GET /products/:id/reviews/mine': 'customer',
  'PUT /reviews/:id': 'signedIn',
  'DELETE /reviews/:id': 'signedIn',
  // Review moderation (docs/reviews.md § Moderation).
  'GET /admin/reviews': 'staff',
  'GET /admin/reviews/moderations': 'staff',
  'PUT /admin/reviews/:id': 'staff',
  'DELETE /admin/reviews/:id': 'staff',
  'GET /categories': 'public',
  'POST /categories': 'staff',
  'GET /categories/:id': 'public',
  'PUT /categories/:id': 'staff',
  'DELETE /categories/:id': 'staff',
  'GET /categories/:id/subcategories': 'public',
  'GET /brands': 'public',
  'POST /brands': 'staff',
  'GET /brands/:id': 'public',
  'PUT /brands/:id': 'staff',
  'DELETE /brands/:id': 'staff',
  'GET /subcategories': 'public',
  'POST /subcategories': 'staff',
  'GET /subcategories/:id': 'public',
  'PUT /subcategories/:id': 'staff',
  'DELETE /subcategories/:id': 'staff',
  'GET /cart': 'customer',
  'POST /cart': 'customer',
  'DELETE /cart': 'customer',
  'PUT /cart/applyCoupon': 'customer',
  'PUT /cart/:itemId': 'customer',
  'DELETE /cart/:itemId': 'customer',
  'POST /cart/merge': 'customer',
  'GET /basket': 'public',
  'POST /basket': 'public',
  'DELETE /basket': 'public',
  'PUT /basket/:itemId': 'public',
  'DELETE /basket/:itemId': 'public',
  'GET /wishlist': 'customer',
  'POST /wishlist': 'customer',
  'DELETE /wishlist/:productId': 'customer',
  'GET /addresses': 'customer',
  'POST /addresses': 'customer',
  'GET /addresses/:id': 'customer',
  'PUT /addresses/:id': 'customer',
  'DELETE /addresses/:id': 'customer',
  'GET /coupons': 'admin',
  'POST /coupons': 'admin',
  'GET /coupons/:id': 'admin',
  'PUT /coupons/:id': 'admin',
  'DELETE /coupons/:id': 'admin',
  // Customers see their own orders, staff every order.
  'GET /orders': 'signedIn',
  // The filtered orders as CSV (docs/orders.md).
  'GET /orders/export.csv': 'staff',
  'GET /orders/:id': 'signedIn',
  // An order's tax invoice: its customer's, staff every one (SECURITY.md § Invoices).
  'GET /orders/:id/invoice': 'signedIn',
  'GET /orders/:id/invoice.xml': 'signedIn',
  // Its credit notes, as a list and one as XML: the same people (SECURITY.md § Invoices).
  'GET /orders/:id/credit-notes': 'signedIn',
  'GET /orders/:id/credit-notes/:number.xml': 'signedIn',
  'POST /orders/:cartId': 'customer',
  'GET /orders/checkout-session/:cartId': 'customer',
  'GET /orders/quote': 'customer',
  'PUT /orders/:id/pay': 'staff',
  'PUT /orders/:id/status': 'staff',
  'POST /orders/:id/refunds': 'staff',
  // Its customer while pending, staff before delivery (docs/orders.md).
  'POST /orders/:id/cancel': 'signedIn',
  'PUT /orders/:id/deliver': 'staff',
  // Anyone may call it; only the provider's signature makes it act.
  'POST /payments/webhook/:provider': 'public',
  // A checkout's state for its customer (staff: any); staff list them.
  'GET /payments/checkouts': 'staff',
  'GET /payments/checkouts/:id': 'signedIn',
  // The settings print on every invoice: anyone reads them; staff change them.
  'GET /settings': 'public',
  'PUT /settings': 'admin',
  // …and read the owner's own too (docs/pricing.md).
  'GET /admin/settings': 'staff',
  // The store's pages (docs/store-pages.md): anyone reads them; staff write them.
  'GET /pages/:slug': 'public',
  'PUT /pages/:slug': 'admin',
  // The home page (docs/home-page.md): anyone reads what it shows; staff choose it.
  'GET /home': 'public',
  'GET /admin/home/slides': 'admin',
  'POST /admin/home/slides': 'admin',
  'PUT /admin/home/slides/order': 'admin',
  'PUT /admin/home/slides/:id': 'admin',
  'DELETE /admin/home/slides/:id': 'admin',
  'GET /admin/home/featured': 'admin',
  'PUT /admin/home/featured': 'admin',
  'GET /e-invoicing': 'admin',
  'POST /e-invoicing/csr': 'admin',
  'POST /e-invoicing/compliance': 'admin',
  'POST /e-invoicing/production': 'admin',
  'POST /e-invoicing/renew': 'admin',
  'GET /e-invoicing/documents': 'admin',
  'POST /e-invoicing/documents/:number/correction': 'admin',
  'GET /shipping-zones': 'admin',
  'POST /shipping-zones': 'admin',
  'PUT /shipping-zones/:id': 'admin',
  'DELETE /shipping-zones/:id': 'admin',
  'GET /admin/vat-report': 'admin',
  'GET /admin/vat-report.csv': 'admin',
  'GET /admin/abandoned-carts': 'staff',
  // Anyone may call it; only the signed token of a reminder's link makes it act.
  'POST /reminders/unsubscribe': 'public',
  // The owner's dashboard (docs/dashboard.md).
  'GET /admin/stats': 'admin',
  // The log of staff actions (docs/staff-actions.md).
  'GET /admin/staff-actions': 'admin',
  // The owner's team (docs/staff.md); accepting an invite is the invitee's, signed out.
  'GET /staff': 'admin',
  'POST /staff/invites': 'admin',
  'DELETE /staff/invites/:id': 'admin',
  'POST /staff/invites/accept': 'public',
  'PATCH /staff/:id': 'admin',
};

export const API_PREFIX = '/api/v1';

/** Parameter names differ between routes sharing a node (`:cartId|:id`); only their place matters. */
export const normaliseRoute = (route: string) => route.replace(/:\w+(\|:\w+)*/g, ':param');

/**
 * `METHOD /path` of every /api/v1 route, read from Fastify's route table (printRoutes draws it as
 * a tree: each level is four characters wide, a node's methods in brackets after its segment),
 * with parameters normalised. HEAD is Fastify's automatic twin of GET.
 */
export function apiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    segments.length = depth;
    segments.push(match[2] ?? '');
    const path = segments.join('');
    if (!path.startsWith(`${API_PREFIX}/`) || path.includes('*')) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(normaliseRoute(`${method} ${path.slice(API_PREFIX.length)}`));
    }
  }
  return routes.sort();
}
