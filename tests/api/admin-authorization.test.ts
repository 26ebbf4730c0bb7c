import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Order } from '../../src/contract/types.js';
import { storeSettings } from '../../src/db/schema.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { csvFile, type FilePart, multipart, pngImage } from '../helpers/multipart.js';
import { type Access, apiRoutes, normaliseRoute, routeAccess } from '../helpers/routes.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import {
  apiClient,
  createTaxonomy,
  expectFail,
  insertCoupon,
  insertProduct,
  type Method,
  unique,
} from '../helpers/shopping.js';

/*
 * Who may call what, for every route of /api/v1. The list of routes comes from Fastify's own route
 * table, and every route in it must be classified in `routeAccess` (tests/helpers/routes.ts): a new
 * route fails this file until someone decides who may call it, and a new admin route until it has a
 * case proving the guard.
 */

let t: TestApp;
let admin: Account;
/** A member of staff (docs/staff.md): orders and the catalogue, refunds up to the limit set below. */
let staff: Account;
let user: Account;
let png: FilePart;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);
const address = { details: 'شارع العليا 5', phone: '0551234567', city: 'الرياض', postalCode: '11511' };
const placeholderId = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  staff = await createAccount(t, 'staff');
  user = await createAccount(t, 'user');
  // The refund case's 1 riyal is within the staff's limit.
  await storeSettingsOf(t.database.db, t.config);
  await t.database.db.update(storeSettings).set({ staffRefundLimit: 100 });
  png = await pngImage();
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

/** A request as a case sends it: a JSON body or a multipart form. */
type Call = { url: string; payload?: unknown; headers?: Record<string, string> };

const form = (fields: Record<string, string>, files: Record<string, FilePart> = {}): Omit<Call, 'url'> =>
  multipart(fields, files);

async function json<T>(res: LightMyRequestResponse, status: number): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** Creates something through the API as staff and returns its id. */
async function created(url: string, request: Omit<Call, 'url'>): Promise<string> {
  const res = await send('POST', url, { token: admin.token, ...request });
  return (await json<{ data: { id: string } }>(res, 201)).data.id;
}

const newCategory = () => created('/categories', form({ name: unique('قسم') }, { image: png }));
const newBrand = () => created('/brands', form({ name: unique('ماركة') }, { image: png }));
const newSubcategory = async () =>
  created('/subcategories', { payload: { name: unique('فرعي'), category: await newCategory() } });

/** A cash order of a new customer (orders are made by customers only), and that customer. */
async function newOrder(): Promise<{ order: Order; buyer: Account }> {
  const product = await insertProduct(t, refs, { quantity: 100 });
  const buyer = await createAccount(t);
  const cart = await send('POST', '/cart', { token: buyer.token, payload: { productId: product.id } });
  const cartId = (await json<{ data: { _id: string } }>(cart, 200)).data._id;
  const order = await send('POST', `/orders/${cartId}`, { token: buyer.token, payload: { shippingAddress: address } });
  return { order: (await json<{ data: Order }>(order, 201)).data, buyer };
}

/** A shipping zone made by staff through the API; its id. */
/** The shop registered for VAT: its orders get tax invoices, its refunds credit notes (docs/invoices.md). */
async function registerForVat() {
  await storeSettingsOf(t.database.db, t.config);
  await t.database.db.update(storeSettings).set(SAUDI_SELLER);
}
/** A home page slide made by staff through the API (docs/home-page.md); its id. */
const slideFields = () => ({ title: unique('شريحة'), alt: 'صورة العرض', link: '/products' });
const newSlide = () => created('/admin/home/slides', form(slideFields(), { image: png }));
/** Every slide's id in its order: what a reorder must name. */
async function slideIds() {
  await newSlide();
  const res = await send('GET', '/admin/home/slides', { token: admin.token });
  return (await json<{ data: { id: string }[] }>(res, 200)).data.map((slide) => slide.id).reverse();
}
const newZone = () => created('/shipping-zones', { payload: { name: unique('منطقة'), cities: [unique('مدينة')] } });

type AdminCase = {
  /** The route as classified above. */
  route: string;
  /** Makes what the call acts on, and the call staff would send. */
  prepare: () => Promise<Call>;
  status: number;
};

/**
 * One real call per admin route. Anonymous and customer attempts send exactly the same request
 * first; staff then succeed with it, which also shows those attempts changed nothing (the item
 * was still there to delete, the name was still free to take).
 */
const adminCases: AdminCase[] = [
  {
    route: 'POST /products',
    status: 201,
    prepare: async () => ({
      url: '/products',
      ...form(
        { title: unique('منتج'), description: 'وصف', quantity: '5', price: '100', category: refs.categoryId },
        { imageCover: png },
      ),
    }),
  },
  {
    route: 'PUT /products/:id',
    status: 200,
    prepare: async () => ({
      url: `/products/${(await insertProduct(t, refs)).id}`,
      ...form({ title: unique('منتج معدل') }),
    }),
  },
  {
    route: 'GET /products/export.csv',
    status: 200,
    prepare: async () => ({ url: '/products/export.csv' }),
  },
  {
    // A dry run: it reads the file and writes nothing.
    route: 'POST /products/import',
    status: 200,
    prepare: async () => ({
      url: '/products/import?dryRun=true',
      ...form(
        {},
        {
          file: csvFile([
            [PRODUCT_CSV_COLUMNS.sku, PRODUCT_CSV_COLUMNS.quantity],
            ['AUTH-1', '1'],
          ]),
        },
      ),
    }),
  },
  {
    route: 'POST /products/bulk',
    status: 200,
    prepare: async () => ({
      url: '/products/bulk',
      payload: { ids: [(await insertProduct(t, refs)).id], action: 'draft' },
    }),
  },
  {
    route: 'DELETE /products/:id',
    status: 204,
    prepare: async () => ({ url: `/products/${(await insertProduct(t, refs)).id}` }),
  },
  {
    route: 'POST /categories',
    status: 201,
    prepare: async () => ({ url: '/categories', ...form({ name: unique('قسم') }, { image: png }) }),
  },
  {
    route: 'PUT /categories/:id',
    status: 200,
    prepare: async () => ({ url: `/categories/${await newCategory()}`, ...form({ name: unique('قسم معدل') }) }),
  },
  {
    route: 'DELETE /categories/:id',
    status: 204,
    prepare: async () => ({ url: `/categories/${await newCategory()}` }),
  },
  {
    route: 'POST /brands',
    status: 201,
    prepare: async () => ({ url: '/brands', ...form({ name: unique('ماركة') }, { image: png }) }),
  },
  {
    route: 'PUT /brands/:id',
    status: 200,
    prepare: async () => ({ url: `/brands/${await newBrand()}`, ...form({ name: unique('ماركة معدلة') }) }),
  },
  {
    route: 'DELETE /brands/:id',
    status: 204,
    prepare: async () => ({ url: `/brands/${await newBrand()}` }),
  },
  {
    route: 'POST /subcategories',
    status: 201,
    prepare: async () => ({ url: '/subcategories', payload: { name: unique('فرعي'), category: await newCategory() } }),
  },
  {
    route: 'PUT /subcategories/:id',
    status: 200,
    prepare: async () => ({ url: `/subcategories/${await newSubcategory()}`, payload: { name: unique('فرعي معدل') } }),
  },
  {
    route: 'DELETE /subcategories/:id',
    status: 204,
    prepare: async () => ({ url: `/subcategories/${await newSubcategory()}` }),
  },
  { route: 'GET /coupons', status: 200, prepare: async () => ({ url: '/coupons' }) },
  {
    route: 'GET /coupons/:id',
    status: 200,
    prepare: async () => ({ url: `/coupons/${(await insertCoupon(t)).id}` }),
  },
  {
    route: 'POST /coupons',
    status: 201,
    prepare: async () => ({
      url: '/coupons',
      payload: { name: `C${randomUUID().slice(0, 8)}`, expire: '2099-12-31', discount: 10 },
    }),
  },
  {
    route: 'PUT /coupons/:id',
    status: 200,
    prepare: async () => ({ url: `/coupons/${(await insertCoupon(t)).id}`, payload: { discount: 20 } }),
  },
  {
    route: 'DELETE /coupons/:id',
    status: 204,
    prepare: async () => ({ url: `/coupons/${(await insertCoupon(t)).id}` }),
  },
  {
    route: 'PUT /orders/:id/pay',
    status: 200,
    prepare: async () => ({ url: `/orders/${(await newOrder()).order.id}/pay` }),
  },
  {
    route: 'PUT /orders/:id/deliver',
    status: 200,
    prepare: async () => ({ url: `/orders/${(await newOrder()).order.id}/deliver` }),
  },
  {
    route: 'GET /orders/export.csv',
    status: 200,
    prepare: async () => ({ url: '/orders/export.csv?method=cash&from=2026-01-01' }),
  },
  {
    route: 'PUT /orders/:id/status',
    status: 200,
    prepare: async () => ({ url: `/orders/${(await newOrder()).order.id}/status`, payload: { status: 'processing' } }),
  },
  {
    route: 'POST /orders/:id/refunds',
    status: 201,
    prepare: async () => {
      const { order } = await newOrder();
      await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
      return { url: `/orders/${order.id}/refunds`, payload: { amount: 1, reason: 'تعويض' } };
    },
  },
  {
    route: 'GET /payments/checkouts',
    status: 200,
    prepare: async () => ({ url: '/payments/checkouts?status=refund_due,refunded' }),
  },
  { route: 'GET /admin/settings', status: 200, prepare: async () => ({ url: '/admin/settings' }) },
  {
    route: 'PUT /settings',
    status: 200,
    prepare: async () => ({ url: '/settings', payload: { shopName: unique('متجر'), vatNumber: '300000000000003' } }),
  },
  { route: 'GET /admin/reviews', status: 200, prepare: async () => ({ url: '/admin/reviews?status=hidden&rating=4' }) },
  {
    route: 'GET /admin/reviews/moderations',
    status: 200,
    prepare: async () => ({ url: '/admin/reviews/moderations' }),
  },
  {
    route: 'PUT /admin/reviews/:id',
    status: 200,
    prepare: async () => ({
      url: `/admin/reviews/${(await ownReview(await createAccount(t))).reviewId}`,
      payload: { hidden: true, reason: 'إساءة' },
    }),
  },
  {
    route: 'DELETE /admin/reviews/:id',
    status: 204,
    prepare: async () => ({
      url: `/admin/reviews/${(await ownReview(await createAccount(t))).reviewId}`,
      payload: { reason: 'إعلان' },
    }),
  },
  {
    route: 'PUT /pages/:slug',
    status: 200,
    prepare: async () => ({ url: '/pages/terms', payload: { title: unique('الشروط'), body: 'نص الشروط' } }),
  },
  // The home page (docs/home-page.md).
  { route: 'GET /admin/home/slides', status: 200, prepare: async () => ({ url: '/admin/home/slides' }) },
  {
    route: 'POST /admin/home/slides',
    status: 201,
    prepare: async () => ({ url: '/admin/home/slides', ...form(slideFields(), { image: png }) }),
  },
  {
    route: 'PUT /admin/home/slides/order',
    status: 200,
    prepare: async () => ({ url: '/admin/home/slides/order', payload: { ids: await slideIds() } }),
  },
  {
    route: 'PUT /admin/home/slides/:id',
    status: 200,
    prepare: async () => ({ url: `/admin/home/slides/${await newSlide()}`, payload: { title: unique('شريحة') } }),
  },
  {
    route: 'DELETE /admin/home/slides/:id',
    status: 204,
    prepare: async () => ({ url: `/admin/home/slides/${await newSlide()}` }),
  },
  { route: 'GET /admin/home/featured', status: 200, prepare: async () => ({ url: '/admin/home/featured' }) },
  {
    route: 'PUT /admin/home/featured',
    status: 200,
    prepare: async () => ({
      url: '/admin/home/featured',
      payload: { categoryIds: [await newCategory()], productIds: [] },
    }),
  },
  // Past the guard, the onboarding steps of a shop without a seller are refused in order (409);
  // each one's success is proven against the local Fatoora in e-invoicing.test.ts.
  { route: 'GET /admin/abandoned-carts', status: 200, prepare: async () => ({ url: '/admin/abandoned-carts?page=1' }) },
  {
    route: 'GET /admin/staff-actions',
    status: 200,
    prepare: async () => ({ url: '/admin/staff-actions?action=settings.updated&from=2026-01-01&page=1' }),
  },
  { route: 'GET /e-invoicing', status: 200, prepare: async () => ({ url: '/e-invoicing' }) },
  {
    route: 'POST /e-invoicing/csr',
    status: 409,
    prepare: async () => ({ url: '/e-invoicing/csr', payload: { environment: 'simulation' } }),
  },
  {
    route: 'POST /e-invoicing/compliance',
    status: 409,
    prepare: async () => ({ url: '/e-invoicing/compliance', payload: { otp: '123345' } }),
  },
  { route: 'POST /e-invoicing/production', status: 409, prepare: async () => ({ url: '/e-invoicing/production' }) },
  {
    route: 'POST /e-invoicing/renew',
    status: 409,
    prepare: async () => ({ url: '/e-invoicing/renew', payload: { otp: '123345' } }),
  },
  {
    route: 'GET /e-invoicing/documents',
    status: 200,
    prepare: async () => ({ url: '/e-invoicing/documents?status=rejected' }),
  },
  {
    route: 'POST /e-invoicing/documents/:number/correction',
    status: 404,
    prepare: async () => ({ url: '/e-invoicing/documents/999999/correction' }),
  },
  { route: 'GET /users', status: 200, prepare: async () => ({ url: '/users?keyword=0551234567' }) },
  // A customer asking for their own record is refused as for another's: the guard is staff only.
  { route: 'GET /users/:id', status: 200, prepare: async () => ({ url: `/users/${user.id}` }) },
  { route: 'GET /shipping-zones', status: 200, prepare: async () => ({ url: '/shipping-zones' }) },
  {
    route: 'POST /shipping-zones',
    status: 201,
    prepare: async () => ({
      url: '/shipping-zones',
      payload: { name: unique('منطقة'), cities: [unique('مدينة')], price: 20 },
    }),
  },
  {
    route: 'PUT /shipping-zones/:id',
    status: 200,
    prepare: async () => ({ url: `/shipping-zones/${await newZone()}`, payload: { price: 30, codAllowed: false } }),
  },
  {
    route: 'DELETE /shipping-zones/:id',
    status: 204,
    prepare: async () => ({ url: `/shipping-zones/${await newZone()}` }),
  },
  {
    route: 'GET /admin/vat-report',
    status: 200,
    prepare: async () => ({ url: '/admin/vat-report?from=2026-04-01&to=2026-06-30' }),
  },
  {
    route: 'GET /admin/vat-report.csv',
    status: 200,
    prepare: async () => ({ url: '/admin/vat-report.csv?from=2026-04-01&to=2026-06-30' }),
  },
  { route: 'GET /staff', status: 200, prepare: async () => ({ url: '/staff' }) },
  {
    route: 'POST /staff/invites',
    status: 201,
    prepare: async () => ({
      url: '/staff/invites',
      payload: { email: `invitee-${randomUUID()}@example.com`, role: 'staff' },
    }),
  },
  {
    route: 'DELETE /staff/invites/:id',
    status: 204,
    prepare: async () => {
      const res = await send('POST', '/staff/invites', {
        token: admin.token,
        payload: { email: `invitee-${randomUUID()}@example.com`, role: 'staff' },
      });
      return { url: `/staff/invites/${(await json<{ data: { id: string } }>(res, 201)).data.id}` };
    },
  },
  {
    route: 'PATCH /staff/:id',
    status: 200,
    prepare: async () => ({ url: `/staff/${(await createAccount(t, 'staff')).id}`, payload: { role: 'admin' } }),
  },
  {
    route: 'GET /admin/stats',
    status: 200,
    prepare: async () => ({ url: '/admin/stats?from=2026-03-01&to=2026-03-31' }),
  },
];

const routesWith = (level: Access) =>
  Object.entries(routeAccess)
    .filter(([, value]) => value === level)
    .map(([route]) => route);
const methodOf = (route: string) => route.split(' ')[0] as Method;
/** A route's path with every parameter filled by an id that names nothing. */
const pathOf = (route: string) => (route.split(' ')[1] ?? '').replace(/:\w+/g, placeholderId);

describe('the route table', () => {
  it('has every /api/v1 route classified, and nothing classified that is not a route', () => {
    const classified = Object.keys(routeAccess).map(normaliseRoute).sort();
    expect(apiRoutes(t.app)).toEqual(classified);
  });

  it('has a case for every route of the admin (admins only, or admins and staff)', () => {
    expect(adminCases.map((c) => c.route).sort()).toEqual([...routesWith('admin'), ...routesWith('staff')].sort());
  });
});

describe.each(adminCases)('$route', ({ route, prepare, status }) => {
  const staffMay = routeAccess[route] === 'staff';
  it(`refuses anonymous callers (401), a bad token (401) and customers (403); ${staffMay ? 'staff succeed' : 'staff are refused (403), admins succeed'}`, async () => {
    const method = methodOf(route);
    const call = await prepare();
    const attempt = (token?: string) => send(method, call.url, { token, payload: call.payload, headers: call.headers });
    expectFail(await attempt(), 401, m.notLoggedIn);
    expectFail(await attempt('not-a-real-token'), 401, m.tokenInvalid);
    expectFail(await attempt(user.token), 403, m.forbidden);
    if (!staffMay) expectFail(await attempt(staff.token), 403, m.forbidden);
    // Admins may do all that staff may: the guard lets both roles through (src/server/auth/guards.ts).
    const res = await attempt(staffMay ? staff.token : admin.token);
    expect(res.statusCode, res.body).toBe(status);
  });
});

describe('routes of signed-in people', () => {
  it.each(routesWith('customer'))('%s: anonymous 401, admins and staff 403 (customers only)', async (route) => {
    expectFail(await send(methodOf(route), pathOf(route)), 401, m.notLoggedIn);
    expectFail(await send(methodOf(route), pathOf(route), { token: admin.token }), 403, m.forbidden);
    expectFail(await send(methodOf(route), pathOf(route), { token: staff.token }), 403, m.forbidden);
  });

  it.each(routesWith('signedIn'))('%s: anonymous 401', async (route) => {
    expectFail(await send(methodOf(route), pathOf(route)), 401, m.notLoggedIn);
  });

  it.each(routesWith('public'))('%s: open to anonymous callers', async (route) => {
    const res = await send(methodOf(route), pathOf(route));
    expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
  });

  /*
   * The original client sends `Authorization: Bearer <localStorage.token>` on every call, public
   * ones included: `Bearer null` before signing in, `Bearer undefined` after a failed reset, and
   * a stale token long after it expired or was revoked. Public routes answer it as they answer
   * an anonymous visitor; routes that need someone still refuse it.
   */
  const badTokens = async (): Promise<[string, string][]> => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const revoked = await createAccount(t);
    expect((await send('POST', '/auth/logout', { token: revoked.token })).statusCode).toBe(204);
    return [
      ['Bearer null', 'Bearer null'],
      ['Bearer undefined', 'Bearer undefined'],
      ['an expired token', `Bearer ${expired}`],
      ['a revoked token', `Bearer ${revoked.token}`],
      ['a forged token', 'Bearer not-a-real-token'],
      ['an empty bearer', 'Bearer '],
    ];
  };

  it.each(routesWith('public'))('%s: a bad token is an anonymous visitor', async (route) => {
    const anonymous = await send(methodOf(route), pathOf(route));
    for (const [what, authorization] of await badTokens()) {
      const res = await send(methodOf(route), pathOf(route), { headers: { authorization } });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(anonymous.statusCode);
    }
  });

  it.each([...routesWith('signedIn'), ...routesWith('customer')])('%s: a bad token is refused (401)', async (route) => {
    for (const [what, authorization] of await badTokens()) {
      const res = await send(methodOf(route), pathOf(route), { headers: { authorization } });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
    }
  });
});

/**
 * What a customer owns, tried by another customer with its real id. Each case makes the thing as
 * its owner and says how to read the owner's view of it; the stranger's attempt must fail as
 * designed and leave that view as it was, then the owner's same request must succeed.
 */
type OwnerCase = {
  route: string;
  prepare: (owner: Account) => Promise<{ call: Call; view: () => Promise<unknown> }>;
  stranger: { status: number; message?: string };
  ownerStatus: number;
};

const asJson = async (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as unknown });
const cartOf = (owner: Account) => send('GET', '/cart', { token: owner.token }).then(asJson);
const addressesOf = (owner: Account) => send('GET', '/addresses', { token: owner.token }).then(asJson);

async function cartLine(owner: Account) {
  const product = await insertProduct(t, refs, { quantity: 50 });
  const res = await send('POST', '/cart', { token: owner.token, payload: { productId: product.id } });
  const cart = (await json<{ data: { _id: string; products: { _id: string }[] } }>(res, 200)).data;
  return { cartId: cart._id, itemId: cart.products[0]?._id ?? '' };
}

/** A cash order of one product, placed by `owner`. */
async function ownOrder(owner: Account): Promise<Order> {
  const { cartId } = await cartLine(owner);
  const res = await send('POST', `/orders/${cartId}`, { token: owner.token, payload: { shippingAddress: address } });
  return (await json<{ data: Order }>(res, 201)).data;
}

async function savedAddress(owner: Account) {
  const res = await send('POST', '/addresses', { token: owner.token, payload: { alias: unique('بيت'), ...address } });
  const list = (await json<{ data: { _id: string }[] }>(res, 200)).data;
  return list[list.length - 1]?._id ?? '';
}

async function ownReview(owner: Account) {
  const product = await insertProduct(t, refs);
  const res = await send('POST', `/products/${product.id}/reviews`, {
    token: owner.token,
    payload: { review: 'منتج ممتاز', rating: 4 },
  });
  const review = (await json<{ data: { _id: string } }>(res, 201)).data;
  return { reviewId: review._id, reviews: () => send('GET', `/products/${product.id}/reviews`).then(asJson) };
}

const ownerCases: OwnerCase[] = [
  {
    route: 'PUT /cart/:itemId',
    stranger: { status: 404, message: m.cartItemNotFound },
    ownerStatus: 200,
    prepare: async (owner) => ({
      call: { url: `/cart/${(await cartLine(owner)).itemId}`, payload: { count: 2 } },
      view: () => cartOf(owner),
    }),
  },
  {
    route: 'DELETE /cart/:itemId',
    stranger: { status: 404, message: m.cartItemNotFound },
    ownerStatus: 200,
    prepare: async (owner) => ({
      call: { url: `/cart/${(await cartLine(owner)).itemId}` },
      view: () => cartOf(owner),
    }),
  },
  {
    route: 'GET /addresses/:id',
    stranger: { status: 404, message: m.addressNotFound },
    ownerStatus: 200,
    prepare: async (owner) => ({
      call: { url: `/addresses/${await savedAddress(owner)}` },
      view: () => addressesOf(owner),
    }),
  },
  {
    route: 'PUT /addresses/:id',
    stranger: { status: 404, message: m.addressNotFound },
    ownerStatus: 200,
    prepare: async (owner) => ({
      call: { url: `/addresses/${await savedAddress(owner)}`, payload: { alias: unique('عمل'), ...address } },
      view: () => addressesOf(owner),
    }),
  },
  {
    route: 'DELETE /addresses/:id',
    stranger: { status: 404, message: m.addressNotFound },
    ownerStatus: 200,
    prepare: async (owner) => ({
      call: { url: `/addresses/${await savedAddress(owner)}` },
      view: () => addressesOf(owner),
    }),
  },
  {
    route: 'PUT /reviews/:id',
    stranger: { status: 403, message: m.reviewNotYours },
    ownerStatus: 200,
    prepare: async (owner) => {
      const { reviewId, reviews } = await ownReview(owner);
      return { call: { url: `/reviews/${reviewId}`, payload: { review: 'تغيير', rating: 1 } }, view: reviews };
    },
  },
  {
    route: 'DELETE /reviews/:id',
    stranger: { status: 403, message: m.reviewNotYours },
    ownerStatus: 204,
    prepare: async (owner) => {
      const { reviewId, reviews } = await ownReview(owner);
      return { call: { url: `/reviews/${reviewId}` }, view: reviews };
    },
  },
  {
    route: 'GET /orders/:id',
    stranger: { status: 404, message: m.orderNotFound },
    ownerStatus: 200,
    prepare: async (owner) => {
      const order = await ownOrder(owner);
      return {
        call: { url: `/orders/${order.id}` },
        view: () => send('GET', '/orders', { token: owner.token }).then(asJson),
      };
    },
  },
  {
    route: 'POST /orders/:id/cancel',
    stranger: { status: 404, message: m.orderNotFound },
    ownerStatus: 200,
    prepare: async (owner) => {
      const order = await ownOrder(owner);
      return {
        call: { url: `/orders/${order.id}/cancel`, payload: { reason: 'غيّرت رأيي' } },
        view: () => send('GET', `/orders/${order.id}`, { token: owner.token }).then(asJson),
      };
    },
  },
  ...(['invoice', 'invoice.xml'] as const).map(
    (suffix): OwnerCase => ({
      route: `GET /orders/:id/${suffix}`,
      stranger: { status: 404, message: m.orderNotFound },
      ownerStatus: 200,
      prepare: async (owner) => {
        // A shop registered for VAT issues the invoice with the order (docs/invoices.md).
        await registerForVat();
        const order = await ownOrder(owner);
        return {
          call: { url: `/orders/${order.id}/${suffix}` },
          view: () => send('GET', `/orders/${order.id}/invoice`, { token: owner.token }).then(asJson),
        };
      },
    }),
  ),
  ...(['credit-notes', 'credit-notes/:number.xml'] as const).map(
    (suffix): OwnerCase => ({
      route: `GET /orders/:id/${suffix}`,
      stranger: { status: 404, message: m.orderNotFound },
      ownerStatus: 200,
      prepare: async (owner) => {
        // A refund of a VAT-registered shop's order issues a credit note (docs/invoices.md § Credit notes).
        await registerForVat();
        const order = await ownOrder(owner);
        await json(await send('PUT', `/orders/${order.id}/pay`, { token: admin.token }), 200);
        const refund = await send('POST', `/orders/${order.id}/refunds`, {
          token: admin.token,
          payload: { amount: 1, reason: 'تعويض' },
        });
        const { creditNoteNumber } = (await json<{ data: { creditNoteNumber: number } }>(refund, 201)).data;
        return {
          call: { url: `/orders/${order.id}/${suffix.replace(':number', String(creditNoteNumber))}` },
          view: () => send('GET', `/orders/${order.id}/credit-notes`, { token: owner.token }).then(asJson),
        };
      },
    }),
  ),
  {
    route: 'POST /orders/:cartId',
    stranger: { status: 404, message: m.cartNotFound },
    ownerStatus: 201,
    prepare: async (owner) => ({
      call: { url: `/orders/${(await cartLine(owner)).cartId}`, payload: { shippingAddress: address } },
      view: async () => ({
        cart: await cartOf(owner),
        orders: await send('GET', '/orders', { token: owner.token }).then(asJson),
      }),
    }),
  },
  {
    route: 'GET /orders/checkout-session/:cartId',
    stranger: { status: 404, message: m.cartNotFound },
    ownerStatus: 200,
    prepare: async (owner) => ({
      call: { url: `/orders/checkout-session/${(await cartLine(owner)).cartId}?${new URLSearchParams(address)}` },
      view: () => cartOf(owner),
    }),
  },
  {
    // No id in the path, but two in the query: a stranger's cart is not found, whatever the address.
    route: 'GET /orders/quote',
    stranger: { status: 404, message: m.cartNotFound },
    ownerStatus: 200,
    prepare: async (owner) => {
      const { cartId } = await cartLine(owner);
      const addressId = await savedAddress(owner);
      return {
        call: { url: `/orders/quote?${new URLSearchParams({ cartId, addressId, method: 'cash' })}` },
        view: () => cartOf(owner),
      };
    },
  },
  {
    route: 'GET /payments/checkouts/:id',
    stranger: { status: 404, message: m.checkoutNotFound },
    ownerStatus: 200,
    prepare: async (owner) => {
      const { cartId } = await cartLine(owner);
      const res = await send('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(address)}`, {
        token: owner.token,
      });
      const { checkoutId } = (await json<{ session: { checkoutId: string } }>(res, 200)).session;
      return { call: { url: `/payments/checkouts/${checkoutId}` }, view: () => cartOf(owner) };
    },
  },
  {
    // The id names a product, not someone's list: a stranger's delete works on their own list only.
    route: 'DELETE /wishlist/:productId',
    stranger: { status: 200 },
    ownerStatus: 200,
    prepare: async (owner) => {
      const product = await insertProduct(t, refs);
      await json(await send('POST', '/wishlist', { token: owner.token, payload: { productId: product.id } }), 200);
      return {
        call: { url: `/wishlist/${product.id}` },
        view: () => send('GET', '/wishlist', { token: owner.token }).then(asJson),
      };
    },
  },
];

/** Routes of signed-in people whose id names something public rather than something owned. */
const notOwned = ['POST /products/:id/reviews', 'GET /products/:id/reviews/mine'];

describe('another customer', () => {
  it('has a case for every route that takes the id of something a customer owns', () => {
    const owned = [...routesWith('customer'), ...routesWith('signedIn')]
      .filter((route) => (route.includes(':') || route === 'GET /orders/quote') && !notOwned.includes(route))
      .sort();
    expect(ownerCases.map((c) => c.route).sort()).toEqual(owned);
  });

  it.each(ownerCases)('$route: refused to a stranger, nothing changes; its owner succeeds', async (ownerCase) => {
    const owner = await createAccount(t);
    const stranger = await createAccount(t);
    const { call, view } = await ownerCase.prepare(owner);
    const method = methodOf(ownerCase.route);
    const before = await view();
    const attempt = await send(method, call.url, { token: stranger.token, payload: call.payload });
    if (ownerCase.stranger.status >= 400) expectFail(attempt, ownerCase.stranger.status, ownerCase.stranger.message);
    else expect(attempt.statusCode, attempt.body).toBe(ownerCase.stranger.status);
    expect(await view()).toEqual(before);
    const own = await send(method, call.url, { token: owner.token, payload: call.payload });
    expect(own.statusCode, own.body).toBe(ownerCase.ownerStatus);
  });
});

describe('orders: each customer their own, staff every one', () => {
  it('lists and shows another customer’s order to staff only', async () => {
    const { order: first, buyer } = await newOrder();
    const { order: second } = await newOrder();
    const ownerToken = buyer.token;

    const own = await json<{ results: number; data: Order[] }>(
      await send('GET', '/orders?limit=100', { token: ownerToken }),
      200,
    );
    expect(own.data.map((o) => o.id)).toEqual([first.id]);
    expect(own.results).toBe(1);
    expectFail(await send('GET', `/orders/${second.id}`, { token: ownerToken }), 404, m.orderNotFound);
    // A customer cannot mark even their own order paid.
    expectFail(await send('PUT', `/orders/${first.id}/pay`, { token: ownerToken }), 403, m.forbidden);

    const all = await json<{ results: number; data: Order[] }>(
      await send('GET', '/orders?limit=100', { token: admin.token }),
      200,
    );
    expect(all.data.map((o) => o.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(all.results).toBeGreaterThanOrEqual(2);
    const seen = await json<{ data: Order }>(await send('GET', `/orders/${second.id}`, { token: admin.token }), 200);
    // Staff see who ordered: name, e-mail and phone (docs/specification.md (Screens and routes: Staff screens), order page).
    expect(seen.data.user).toMatchObject({ _id: second.user._id, email: second.user.email, phone: '+966551234567' });
  });
});
