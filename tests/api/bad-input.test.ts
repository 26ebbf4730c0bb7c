import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, PRODUCT_SORT_FIELDS } from '../../src/contract/constants.js';
import {
  HOME_FEATURED_CATEGORIES_MAX,
  HOME_FEATURED_PRODUCTS_MAX,
  SLIDE_ALT_MAX,
  SLIDE_LINK_MAX,
  SLIDE_TEXT_MAX,
  SLIDE_TITLE_MAX,
} from '../../src/contract/home-values.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { isStorePageSlug, PAGE_BODY_MAX, PAGE_TITLE_MAX } from '../../src/contract/shop-pages.js';
import { selectRows } from '../../src/db/client.js';
import {
  addresses,
  brands,
  categories,
  shippingZones,
  storeSettings,
  subcategories,
  wishlistItems,
} from '../../src/db/schema.js';
import { MAX_JSON_DEPTH } from '../../src/server/http/json-body.js';
import { unsubscribeToken } from '../../src/server/modules/abandoned-carts/unsubscribe-token.js';
import { shippingZonesOf } from '../../src/server/modules/pricing/service.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { createInvite } from '../../src/server/modules/staff/service.js';
import { TEST_SIGNATURE_HEADER } from '../../src/server/payments/test-provider.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { csvFile, type FilePart, multipart, noisyPng, pngImage } from '../helpers/multipart.js';
import { apiRoutes, normaliseRoute, routeAccess } from '../helpers/routes.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import { streamPost } from '../helpers/server.js';
import {
  expectClientError,
  expectFail,
  insertCoupon,
  insertProduct,
  type Method,
  unique,
} from '../helpers/shopping.js';

/*
 * Bad input, everywhere: for every /api/v1 route of the server's route table, fast-check sends
 * malformed JSON, wrong types, huge strings, negative and fractional numbers, NaN and Infinity,
 * unknown fields, SQL and markup payloads, NUL characters, bad query strings and bad, unknown or
 * other customers' ids — signed in with the role the route is for, so the guards let them through.
 * Each must be answered with a 4xx in the contract's shape (never a 5xx), and no row of the shop
 * may change. Only what a route legitimately ignores (query parameters it does not read, hostile
 * but valid search keywords, deleting from the wishlist a product that is not in it) is answered
 * 2xx. After each route's fuzzing, the valid request it was built from is sent and must succeed:
 * the refusals came from the bad parts, not from a request that could never have worked.
 *
 * Runs are reproducible: FUZZ_SEED=<n> picks other inputs (a failure prints its seed and path), and
 * FUZZ_RUNS=<n> sends that many generated requests per route (40 by default) for a longer hunt.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const SQL_INJECTION = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '1; DROP TABLE products; --',
  "'); DELETE FROM users; --",
  "1' UNION SELECT password_hash FROM users --",
  "' AND pg_sleep(5) --",
  '" OR ""="',
  "\\'; --",
  "%' --",
  '$1',
];
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  // Template syntax of other engines, on purpose.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a payload, not a template.
  '{{7*7}}${7*7}',
  '<!--',
];
const injection = fc.constantFrom(...SQL_INJECTION, ...MARKUP);
const withNul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const blank = fc.constantFrom('', ' ', '   ', '\t\n');
/**
 * One of the given bad values. NUL is refused before anything else is looked at, so it is tried
 * less often: it would hide what the other values find.
 */
const choose = <Ts extends fc.Arbitrary<unknown>[]>(...arbitraries: Ts) =>
  fc.oneof(...arbitraries.map((arbitrary) => ({ arbitrary, weight: arbitrary === withNul ? 1 : 4 }))) as fc.Arbitrary<
    fc.OneOfValue<Ts>
  >;
/** Text longer than `min` characters (up to `max`), of characters trimming leaves alone. */
const longText = (min: number, max = 100_000) =>
  fc
    .tuple(fc.integer({ min, max: Math.max(min, max) }), fc.constantFrom('x', 'ب', '<', "'", '😀'))
    .map(([length, c]) => c.repeat(length));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Non-blank text that is no id, even trimmed or split on commas (lists of ids are). */
const notAnId = fc
  .oneof(
    fc.constantFrom('1', '0', '-1', 'abc', 'null', 'undefined', 'NaN', '00000000-0000-0000-0000-00000000000g'),
    fc.constantFrom('123e4567-e89b-12d3-a456-42661417400', '../../etc/passwd', 'a b'),
    injection,
    fc.string({ minLength: 1, maxLength: 40 }),
  )
  .filter((s) => s.split(',').some((part) => part.trim() !== '' && !UUID.test(part.trim())));
const objectValue = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.array(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }), { minLength: 1, maxLength: 2 }),
);
/** Anything but a string, for JSON fields that take text. */
const notText = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  objectValue,
);

// ---------------------------------------------------------------------------------------------
// Bad values of each kind of field. `form` fields are read by readForm (multipart or JSON), which
// takes every scalar as text and a missing value (null, []) as "leave it": those are not bad there.
// ---------------------------------------------------------------------------------------------

type FieldOptions = { form?: boolean };

/** Required text of at most `max` characters (at least `min`). */
function badText(max: number, { form = false, min = 1 }: FieldOptions & { min?: number } = {}) {
  const short = min > 1 ? [fc.string({ minLength: 1, maxLength: min - 1 }).filter((s) => s.trim().length > 0)] : [];
  return choose(form ? objectValue : notText, blank, longText(max + 1), withNul, ...short);
}

/** Optional text where blank means "none", so only wrong types, too long and NUL are bad. */
const badOptionalText = (max: number) => choose(notText, longText(max + 1), withNul);

const badEmail = choose(
  notText,
  blank,
  fc.constantFrom('not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@b', 'user@@example.com'),
  injection,
  longText(300),
  withNul,
);

const badPhone = choose(
  notText,
  blank,
  fc.constantFrom('123', '0101234567', '05512345679', '+1 555 0100', '01312345678', 'phone', '٠١٠١٢٣٤٥٦٧'),
  injection,
  longText(30, 2_000),
  withNul,
);

/** A new password: 8 to 128 characters. */
const badNewPassword = choose(
  notText,
  fc.constant(''),
  fc.string({ minLength: 1, maxLength: 7 }),
  longText(129),
  withNul,
);
/** A password being checked: any non-empty text is a candidate. */
const badPasswordGuess = choose(notText, fc.constant(''), withNul);

type NumberRule = { min: number; max: number; whole?: boolean; halfSteps?: boolean; form?: boolean };

/** Numbers (and numeric text) outside [min, max], fractional where whole, and no number at all. */
function badNumber({ min, max, whole = false, halfSteps = false, form = false }: NumberRule) {
  const limits = { noNaN: true, noDefaultInfinity: true } as const;
  const numbers: fc.Arbitrary<number>[] = [
    fc.double({ ...limits, min: -1e12, max: min, maxExcluded: true }),
    fc.double({ ...limits, min: max, minExcluded: true, max: 1e12 }),
  ];
  if (whole) numbers.push(fc.double({ ...limits, min, max, noInteger: true }));
  if (halfSteps) numbers.push(fc.double({ ...limits, min, max }).filter((v) => !Number.isInteger(v * 2)));
  const number = fc.oneof(...numbers);
  const words = fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    'abc',
    'one',
    '1,5',
    '--1',
    '1.2.3',
    '١٢ab',
    '',
  );
  const nonNumbers = form
    ? [words, injection, fc.boolean(), withNul, objectValue]
    : [
        words,
        injection,
        fc.boolean(),
        withNul,
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 2 }),
        objectValue,
      ];
  return choose(number, number.map(String), ...nonNumbers);
}

const badBoolean = fc.oneof(
  fc.constantFrom('true', 'false', 'yes', '1', '0', ''),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.boolean(), { maxLength: 2 }),
  objectValue,
  injection,
);

const badDate = choose(
  fc.constantFrom('not a date', '2026-02-30', '2026-13-01', '31/12/2026', '0000-01-01', '+010000-01-01', 'tomorrow'),
  fc.constantFrom('NaN', 'Infinity', '12', 'x 1 2 3', '2099-12-31T25:00'),
  blank,
  injection,
  notText,
  withNul,
);

// ---------------------------------------------------------------------------------------------
// The shop the requests are thrown at
// ---------------------------------------------------------------------------------------------

type IdKind =
  | 'product'
  | 'category'
  | 'brand'
  | 'subcategory'
  | 'coupon'
  | 'user'
  | 'address'
  | 'cartItem'
  | 'cart'
  | 'order'
  | 'review'
  | 'checkout'
  | 'zone'
  | 'slide';

type World = {
  admin: Account;
  customer: Account;
  /** Another customer, whose address, cart, order, review and wishlist the fuzzing must not touch. */
  other: Account;
  png: FilePart;
  categoryId: string;
  categoryName: string;
  brandId: string;
  brandName: string;
  subcategoryId: string;
  subcategoryName: string;
  /** A sub-category of another category. */
  foreignSubcategoryId: string;
  productId: string;
  /** In the other customer's wishlist only. */
  othersFavouriteId: string;
  soldOutId: string;
  couponName: string;
  expiredCouponName: string;
  customerOrderId: string;
  customerCheckoutId: string;
  /** A shipping zone, one of its cities, and the default zone (which cannot be deleted). */
  zoneId: string;
  zoneCity: string;
  defaultZoneId: string;
  /** Ids of every kind; `other` marks the other customer's own. */
  pool: { kind: IdKind; id: string; other?: boolean }[];
};

let t: TestApp;
let w: World;

const inject = (
  method: Method,
  url: string,
  options: { token?: string | undefined; payload?: string | Buffer | object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function newNamed(table: typeof categories | typeof brands, prefix: string) {
  const name = unique(prefix);
  const [row] = await t.database.db
    .insert(table)
    .values({ name, slug: name.replaceAll(' ', '-') })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}
const newCategory = () => newNamed(categories, 'قسم');
const newBrand = () => newNamed(brands, 'ماركة');
async function newSubcategory(categoryId: string) {
  const name = unique('فرعي');
  const [row] = await t.database.db
    .insert(subcategories)
    .values({ name, slug: name.replaceAll(' ', '-'), categoryId })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}
const newProduct = (quantity = 1000) =>
  insertProduct(t, { categoryId: w.categoryId, brandId: w.brandId }, { quantity, price: 10_000 });

async function newAddress(owner: Account) {
  const [row] = await t.database.db
    .insert(addresses)
    .values({ userId: owner.id, alias: 'البيت', details: 'شارع العليا 5', phone: '+966551234567', city: 'الرياض' })
    .returning();
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** Puts the shop's product in the account's cart; returns the cart and the line. */
async function cartLine(owner: Account) {
  const res = await inject('POST', '/cart', { token: owner.token, payload: { productId: w.productId } });
  const { data } = ok<{ data: { _id: string; products: { _id: string; product: { _id: string } }[] } }>(res);
  const line = data.products.find((p) => p.product._id === w.productId);
  if (!line) throw new Error('no cart line');
  return { cartId: data._id, itemId: line._id };
}

/** A new guest basket holding one unit of the shop's product: its key (as a header) and line. */
async function basketLine() {
  const res = await inject('POST', '/basket', { payload: { productId: w.productId } });
  const { basketKey, data } = ok<{ basketKey: string; data: { products: { _id: string }[] } }>(res);
  return { headers: { 'x-basket-key': basketKey }, itemId: data.products[0]?._id ?? '' };
}

const shippingAddress = { details: 'شارع العليا 5', phone: '0551234567', city: 'الرياض', postalCode: '11511' };

async function newOrder(owner: Account) {
  const { cartId } = await cartLine(owner);
  const res = await inject('POST', `/orders/${cartId}`, { token: owner.token, payload: { shippingAddress } });
  return ok<{ data: { _id: string } }>(res, 201).data._id;
}

/** A card checkout of the account's cart (it holds one unit of the shop's product). */
async function newCheckout(owner: Account) {
  const { cartId } = await cartLine(owner);
  const res = await inject('GET', `/orders/checkout-session/${cartId}?${new URLSearchParams(shippingAddress)}`, {
    token: owner.token,
  });
  return ok<{ session: { checkoutId: string } }>(res).session.checkoutId;
}

async function newReview(author: Account) {
  const product = await newProduct();
  const res = await inject('POST', `/products/${product.id}/reviews`, {
    token: author.token,
    payload: { review: 'منتج جيد', rating: 4 },
  });
  return ok<{ data: { _id: string } }>(res, 201).data._id;
}

/** A value of the shop (made in beforeAll, after the arbitraries), read when one is generated. */
const later = <T>(value: () => T) => fc.constant(null).map(value);

/** Ids a parameter of this kind must refuse: other kinds, and (when owned) other customers' own. */
function foreignIds(kind: IdKind, owned: boolean) {
  return w.pool.filter((e) => e.kind !== kind || (owned && e.other)).map((e) => e.id);
}
const foreignId = (kind: IdKind, owned = false) =>
  fc.nat().map((i) => {
    const ids = foreignIds(kind, owned);
    return ids[i % ids.length] as string;
  });

/** A JSON body field naming something of `kind`: bad ids, unknown ids and ids of other things. */
const badRef = (kind: IdKind, { form = false }: FieldOptions = {}) =>
  choose(
    notAnId,
    fc.uuid({ version: 4 }),
    foreignId(kind),
    withNul,
    ...(form ? [objectValue] : [notText, fc.uuid({ version: 4 }).map((id) => ` ${id}`)]),
  );

// ---------------------------------------------------------------------------------------------
// Route specifications: the valid request, and what to break in it
// ---------------------------------------------------------------------------------------------

type QueryValue = string | string[];
type Query = Record<string, QueryValue>;

/** The valid request a route's fuzzing starts from. */
type Valid = {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Query;
  /** Sent with multipart encodings of form bodies. */
  files?: Record<string, FilePart>;
  /** A caller of its own, for routes whose valid request ends the caller's session. */
  as?: Account;
  headers?: Record<string, string>;
};

type ParamSpec =
  | {
      kind: IdKind;
      /** Another customer's resource of this kind is refused too. */
      owned?: boolean;
      /** Naming what is not there is answered as done (and changes nothing): a wishlist delete. */
      idempotent?: boolean;
      /** More ids to try, of this kind but refused (or, idempotent, answered without a change). */
      extra?: () => string[];
    }
  | { kind: 'provider' }
  /** A credit note's number (digits from 1): anything else, or a number the order has none of. */
  | { kind: 'documentNumber' }
  /** A store page's name (docs/store-pages.md): any other text. */
  | { kind: 'pageSlug' };

type RouteSpec = {
  prepare?: () => Promise<Valid>;
  /** Values each body field must refuse; every generated body breaks at least one field. */
  body?: Record<string, fc.Arbitrary<unknown>>;
  /** The body is read as a form: sent as JSON or as multipart/form-data. */
  form?: boolean;
  /** The body may be left out altogether (so a body the parser turns into nothing is fine). */
  optionalBody?: boolean;
  query?: Record<string, fc.Arbitrary<QueryValue>>;
  params?: Record<string, ParamSpec>;
  /** Status of the valid request, sent after the fuzzing; none where no request can succeed. */
  control?: number;
  /** A GET that writes (a checkout session): query junk is not harmless there. */
  writes?: boolean;
  /** A search keyword: hostile but valid keywords are answered 200. */
  keyword?: boolean;
};

/** A parameter sent twice arrives as a list, which a single value's parser must refuse. */
const repeated = (value: string): fc.Arbitrary<string[]> => fc.constant([value, value]);
// Empty and non-numeric values mean "not given" (the original client sends `limit=undefined`):
// only numbers out of range are bad (docs/api-compatibility.md).
const badPage = choose(
  fc.constantFrom('0', '-1', '1.5', 'Infinity', '-Infinity', '1e309', '1000001'),
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: 1_000_001 }).map(String),
  repeated('1'),
  withNul,
);
const badLimit = choose(
  fc.constantFrom('0', '101', '-5', '1.5', '1e3', 'Infinity'),
  fc.integer({ min: 101 }).map(String),
  fc.integer({ max: 0 }).map(String),
  repeated('10'),
  withNul,
);
const pageQuery = { page: badPage, limit: badLimit };
const validPage = { page: '1', limit: '10' };
/** Not six digits: short, long, letters, spaced, a number rather than text. */
const badOtp = choose(fc.constantFrom('12345', '1234567', 'abcdef', '12 345', '١٢٣٤٥'), notText, injection, withNul);
const badKeyword = choose(longText(201, 3_000), withNul, repeated('منتج'));
/** The order list's filters (src/contract/order-query.ts): the valid ones span 2026. */
const validOrderFilter = {
  keyword: '0551234567',
  status: 'pending',
  paymentStatus: 'unpaid',
  method: 'cash',
  from: '2026-01-01',
  to: '2026-12-31',
  isPaid: 'false',
  isDelivered: 'false',
};
const badDay = (outOfRange: string) =>
  choose(
    fc.constantFrom(
      '2026-02-30',
      '2026-13-01',
      '0000-01-01',
      '1/3/2026',
      '2026-3-1',
      '٢٠٢٦-٠٢-٣٠',
      'today',
      outOfRange,
    ),
    injection,
    longText(11, 3_000),
    repeated('2026-03-01'),
    withNul,
  );
/** A year, the most a VAT report covers in a common year; `to` a day later is one too many. */
const validVatPeriod = { from: '2026-01-01', to: '2026-12-31' };
const vatPeriodQuery = { from: badDay('2027-01-01'), to: badDay('2027-01-02') };
const badFlag = choose(fc.constantFrom('yes', '1', 'TRUE', 'no'), injection, repeated('true'), withNul);
const orderFilterQuery = {
  keyword: badKeyword,
  status: choose(fc.constantFrom('lost', 'PENDING', 'pending;', 'refunded'), injection, repeated('pending'), withNul),
  paymentStatus: choose(
    fc.constantFrom('free', 'PAID', 'partially refunded', 'cancelled'),
    injection,
    repeated('paid'),
    withNul,
  ),
  method: choose(fc.constantFrom('cheque', 'CASH', 'cash;'), injection, repeated('cash'), withNul),
  // A day after `to`, a day before `from`: no day at all.
  from: badDay('2027-01-01'),
  to: badDay('2025-12-31'),
  isPaid: badFlag,
  isDelivered: badFlag,
};
const badQueryId = choose(
  notAnId,
  fc.uuid({ version: 4 }).map((id) => `${id}x`),
  fc.uuid({ version: 4 }).map((id) => [id, id]),
  withNul,
);
const badIdList = fc.oneof(
  fc.array(notAnId, { minLength: 1, maxLength: 3 }),
  notAnId,
  // More than the 50 a filter takes.
  fc.array(fc.uuid({ version: 4 }), { minLength: 51, maxLength: 51 }),
);
const badPriceBound = choose(
  fc.constantFrom('abc', 'NaN', 'Infinity', '-Infinity', '-1', '-0.01', '1e309', 'one'),
  injection,
  repeated('5'),
  withNul,
);
const badSort = choose(
  injection,
  fc.constantFrom('password', 'passwordHash', '-id', 'price;', 'price desc', 'random()', '-sold,bogus', 'email'),
  fc.stringMatching(/^[a-z]{1,12}$/).filter((s) => !(PRODUCT_SORT_FIELDS as readonly string[]).includes(s)),
  repeated('-price'),
  withNul,
);

const nameBody = (form: boolean, taken: () => string) => ({
  name: fc.oneof(badText(64, { form, min: 2 }), later(taken)),
});

const productFields = {
  title: badText(200, { form: true, min: 3 }),
  description: badText(5_000, { form: true }),
  quantity: badNumber({ min: 0, max: 1_000_000_000, whole: true, form: true }),
  // Below half a minor unit (0.005 of a riyal) a price rounds to nothing.
  price: fc.oneof(badNumber({ min: 0.005, max: 100_000_000, form: true }), fc.constantFrom('0', '0.001', '-5')),
  // Empty means "no discount", so it is not bad here.
  priceAfterDiscount: badNumber({ min: 0, max: 100_000_000, form: true }).filter((v) => v !== ''),
  category: badRef('category', { form: true }),
  // Empty means "no brand".
  brand: badRef('brand', { form: true }),
  availableColors: fc.oneof(
    fc.array(fc.oneof(injection, fc.constantFrom('notacolor!', '#12', '#1234567', 'rgb(1,2,3)', 'x'.repeat(21))), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.constant(Array.from({ length: 21 }, (_, i) => `colour${String.fromCharCode(97 + i)}`)),
    withNul,
    objectValue,
  ),
  subcategory: fc.oneof(
    fc.array(notAnId, { minLength: 1, maxLength: 3 }),
    fc.array(fc.uuid({ version: 4 }), { minLength: 1, maxLength: 2 }),
    later(() => [w.foreignSubcategoryId]),
    fc.array(fc.uuid({ version: 4 }), { minLength: 21, maxLength: 21 }),
  ),
};

const addressFields = {
  alias: badText(50),
  details: badText(500),
  phone: badPhone,
  city: badText(80),
  postalCode: badOptionalText(20),
};
const shippingFields = { details: badText(500), phone: badPhone, city: badText(80), postalCode: badOptionalText(20) };
const validAddress = () => ({ alias: unique('عنوان'), ...shippingAddress });

const reviewFields = {
  review: badText(2_000),
  rating: badNumber({ min: 0.5, max: 5, halfSteps: true }),
};

const couponFields = (minDiscount: number) => ({
  name: fc.oneof(
    badText(50),
    later(() => w.couponName),
  ),
  expire: badDate,
  discount: badNumber({ min: minDiscount, max: 100, whole: true }),
});

/** A zone made directly in the database; its id. */
async function newZone() {
  const [row] = await t.database.db
    .insert(shippingZones)
    .values({ name: unique('منطقة'), cities: [unique('مدينة')] })
    .returning();
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** An invite to the staff made directly through the service: the row and its link's token. */
const newInvite = () =>
  createInvite(
    t.database.db,
    { ...w.admin, name: 'مدير الفحص' },
    { email: `fuzz-${randomUUID()}@example.com`, role: 'staff' },
    { mail: t.app.mail, origin: 'http://localhost', shopName: t.config.shopName },
  );

/** An amount of a zone: 0 up to the order limit (null, for `freeAbove`, means "never free"). */
const badAmount = badNumber({ min: 0, max: 100_000_000_000 }).filter((v) => v !== null);
const badCities = choose(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  objectValue,
  injection,
  fc.array(fc.oneof(fc.integer(), blank, longText(101, 300), withNul, fc.constant(null)), {
    minLength: 1,
    maxLength: 3,
  }),
  fc.constant(Array.from({ length: 201 }, (_, i) => `مدينة ${i}`)),
  // Another enabled zone's city.
  later(() => [w.zoneCity]),
);
const zoneFields = {
  name: badText(64),
  cities: badCities,
  price: badAmount,
  freeAbove: badAmount,
  codAllowed: badBoolean,
  codFee: badAmount,
  enabled: badBoolean,
};

/** A home page slide (docs/home-page.md) made by staff through the API; its id. */
const validSlide = () => ({ title: unique('شريحة'), alt: 'صورة العرض', link: '/products?sort=-sold' });
async function newSlide() {
  const res = await inject('POST', '/admin/home/slides', {
    token: w.admin.token,
    ...multipart(validSlide(), { image: w.png }),
  });
  return ok<{ data: { id: string } }>(res, 201).data.id;
}
/** A slide's form fields: `text` may be blank, the window's edges too (no edge), `active` is 'true' or 'false'. */
const slideFields = {
  title: badText(SLIDE_TITLE_MAX, { form: true }),
  text: choose(longText(SLIDE_TEXT_MAX + 1), withNul, objectValue),
  alt: badText(SLIDE_ALT_MAX, { form: true }),
  link: choose(
    fc.constantFrom(
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'data:text/html,x',
      'http://x.test',
      'products',
    ),
    fc.constant(`/${'x'.repeat(SLIDE_LINK_MAX)}`),
    blank,
    injection,
    withNul,
    objectValue,
  ),
  activeFrom: choose(fc.constantFrom('tomorrow', '2026-02-30T10:00:00Z', '2026-12-01T09:00', '12'), injection, withNul),
  activeUntil: choose(fc.constantFrom('1999-01-01T00:00:00Z', 'never', '2026-12-01'), injection, withNul),
  active: choose(fc.constantFrom('yes', '1', 'TRUE', 'on', ''), injection, withNul, objectValue),
};
/** A list of ids of `kind` the home page may feature: no list, no ids, unknown or other kinds' ids, repeats, too many. */
const badFeatured = (kind: IdKind, max: number) =>
  choose(
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), injection, withNul),
    fc.array(notAnId, { minLength: 1, maxLength: 3 }),
    fc.array(fc.uuid({ version: 4 }), { minLength: 1, maxLength: 3 }),
    foreignId(kind).map((id) => [id]),
    fc.array(fc.uuid({ version: 4 }), { minLength: max + 1, maxLength: max + 1 }),
    later(() => (kind === 'category' ? [w.categoryId, w.categoryId] : [w.productId, w.productId])),
  );

const orderFlag = (flag: 'isPaid' | 'isDelivered'): RouteSpec => ({
  prepare: async () => ({ params: { id: w.customerOrderId }, body: { [flag]: true } }),
  body: { isPaid: badBoolean, isDelivered: badBoolean },
  optionalBody: true,
  params: { id: { kind: 'order' } },
  control: 200,
});

const namedResource = (
  path: 'categories' | 'brands',
  make: () => Promise<{ id: string }>,
  taken: () => string,
): Record<string, RouteSpec> => ({
  [`GET /${path}`]: { prepare: async () => ({ query: validPage }), query: pageQuery, control: 200 },
  [`POST /${path}`]: {
    prepare: async () => ({ body: { name: unique('اسم') }, files: { image: w.png } }),
    body: nameBody(true, taken),
    form: true,
    control: 201,
  },
  [`GET /${path}/:id`]: {
    prepare: async () => ({ params: { id: path === 'categories' ? w.categoryId : w.brandId } }),
    params: { id: { kind: path === 'categories' ? 'category' : 'brand' } },
    control: 200,
  },
  [`PUT /${path}/:id`]: {
    prepare: async () => ({ params: { id: (await make()).id }, body: { name: unique('اسم جديد') } }),
    body: nameBody(true, taken),
    form: true,
    params: { id: { kind: path === 'categories' ? 'category' : 'brand' } },
    control: 200,
  },
  [`DELETE /${path}/:id`]: {
    prepare: async () => ({ params: { id: (await make()).id } }),
    params: {
      id: {
        kind: path === 'categories' ? 'category' : 'brand',
        // A category that still has products is refused (409).
        ...(path === 'categories' ? { extra: () => [w.categoryId] } : {}),
      },
    },
    control: 204,
  },
});

const specs: Record<string, RouteSpec> = {
  'POST /auth/signup': {
    prepare: async () => ({
      body: {
        name: 'زبون جديد',
        email: `fuzz-${randomUUID()}@example.com`,
        phone: '0551234567',
        password: 'Fuzz-Passw0rd-Long-1',
        passwordConfirm: 'Fuzz-Passw0rd-Long-1',
      },
    }),
    body: {
      name: badText(64),
      email: fc.oneof(
        badEmail,
        later(() => w.customer.email),
      ),
      phone: badPhone,
      password: badNewPassword,
      passwordConfirm: fc.oneof(badPasswordGuess, fc.constant('Something-Else-entirely-1')),
    },
    control: 201,
  },
  'POST /auth/login': {
    prepare: async () => ({ body: { email: w.customer.email, password: w.customer.password } }),
    body: { email: fc.oneof(badEmail, fc.constant(`nobody-${randomUUID()}@example.com`)), password: badPasswordGuess },
    control: 200,
  },
  'POST /auth/forgotPasswords': {
    prepare: async () => ({ body: { email: w.customer.email } }),
    body: { email: fc.oneof(badEmail, fc.constant(`nobody-${randomUUID()}@example.com`)) },
    control: 200,
  },
  // No control: the code is e-mailed, so no request built here can be right.
  'POST /auth/verifyResetCode': {
    prepare: async () => ({ body: { resetCode: '123456', email: w.customer.email } }),
    body: { resetCode: fc.oneof(notText, blank, withNul), email: badEmail },
  },
  // No control: a reset needs a verified code first.
  'PUT /auth/resetPassword': {
    prepare: async () => ({ body: { email: w.customer.email, newPassword: 'Fuzz-Passw0rd-Long-2' } }),
    body: { email: badEmail, newPassword: badNewPassword },
  },
  'POST /auth/logout': {
    // Signing out ends the caller's sessions: a caller of its own.
    prepare: async () => ({ as: await createAccount(t) }),
    control: 204,
  },
  'GET /users/getMe': { control: 200 },
  'PUT /users/updateMe': {
    prepare: async () => ({ body: { name: 'زبون', phone: '0551234567' } }),
    body: {
      name: badText(64),
      phone: badPhone,
      email: fc.oneof(
        badEmail,
        later(() => w.admin.email),
      ),
    },
    control: 200,
  },
  'PUT /users/changeMyPassword': {
    prepare: async () => {
      const as = await createAccount(t);
      const password = 'Fuzz-Passw0rd-Long-3';
      return { as, body: { currentPassword: as.password, password, passwordConfirm: password } };
    },
    body: {
      currentPassword: fc.oneof(badPasswordGuess, fc.constant('not-my-password')),
      password: badNewPassword,
      passwordConfirm: fc.oneof(badPasswordGuess, fc.constant('Something-Else-entirely-1')),
    },
    control: 200,
  },
  'GET /products': {
    prepare: async () => ({
      query: {
        ...validPage,
        sort: '-sold,+price',
        category: w.categoryId,
        brand: w.brandId,
        'category[in][]': [w.categoryId],
        'price[gte]': '0',
        'price[lte]': '100000',
      },
    }),
    query: {
      ...pageQuery,
      sort: badSort,
      keyword: badKeyword,
      category: badQueryId,
      brand: badQueryId,
      'category[in][]': badIdList,
      'brand[in][]': badIdList,
      'price[gte]': badPriceBound,
      'price[lte]': badPriceBound,
    },
    keyword: true,
    control: 200,
  },
  'POST /products': {
    prepare: async () => ({
      body: {
        title: unique('منتج'),
        description: 'وصف المنتج',
        quantity: '5',
        price: '100',
        priceAfterDiscount: '90',
        category: w.categoryId,
        brand: w.brandId,
        availableColors: ['red', '#00ff00'],
        subcategory: [w.subcategoryId],
      },
      files: { imageCover: w.png },
    }),
    body: productFields,
    form: true,
    control: 201,
  },
  'GET /products/export.csv': { control: 200 },
  'POST /products/import': {
    // A dry run: the valid request writes nothing.
    prepare: async () => ({
      query: { dryRun: 'true' },
      files: {
        file: csvFile([
          [PRODUCT_CSV_COLUMNS.sku, PRODUCT_CSV_COLUMNS.quantity],
          ['FUZZ-1', '1'],
        ]),
      },
    }),
    query: { dryRun: badFlag },
    form: true,
    control: 200,
  },
  'POST /products/bulk': {
    // A draft each time: the valid request changes nothing another route reads.
    prepare: async () => ({ body: { ids: [(await newProduct()).id], action: 'draft' } }),
    body: {
      ids: choose(
        fc.constantFrom(
          [],
          ['not-an-id'],
          Array.from({ length: 101 }, () => randomUUID()),
          '1,2',
        ),
        injection,
        notText,
      ),
      action: choose(fc.constantFrom('archive', 'DELETE', '', 'publish;'), injection, notText, withNul),
      categoryId: choose(fc.constantFrom('not-an-id', ''), injection, withNul),
    },
    control: 200,
  },
  'GET /products/suggest': {
    prepare: async () => ({ query: { keyword: 'منتج' } }),
    query: { keyword: badKeyword },
    keyword: true,
    control: 200,
  },
  'GET /products/:id': {
    prepare: async () => ({ params: { id: w.productId } }),
    params: { id: { kind: 'product' } },
    control: 200,
  },
  'PUT /products/:id': {
    prepare: async () => ({
      params: { id: (await newProduct()).id },
      body: {
        title: unique('منتج معدل'),
        description: 'وصف جديد',
        quantity: '7',
        price: '120',
        priceAfterDiscount: '99.5',
        category: w.categoryId,
        brand: w.brandId,
        availableColors: ['blue'],
        subcategory: [w.subcategoryId],
      },
      files: { imageCover: w.png },
    }),
    body: productFields,
    form: true,
    params: { id: { kind: 'product' } },
    control: 200,
  },
  'DELETE /products/:id': {
    prepare: async () => ({ params: { id: (await newProduct()).id } }),
    params: { id: { kind: 'product' } },
    control: 204,
  },
  'GET /products/:id/reviews': {
    prepare: async () => ({ params: { id: w.productId }, query: validPage }),
    params: { id: { kind: 'product' } },
    query: pageQuery,
    control: 200,
  },
  'POST /products/:id/reviews': {
    prepare: async () => ({ params: { id: (await newProduct()).id }, body: { review: 'ممتاز', rating: 4.5 } }),
    body: reviewFields,
    params: { id: { kind: 'product' } },
    control: 201,
  },
  'GET /products/:id/reviews/mine': {
    prepare: async () => ({ params: { id: w.productId } }),
    params: { id: { kind: 'product' } },
    control: 200,
  },
  'PUT /reviews/:id': {
    prepare: async () => ({ params: { id: await newReview(w.customer) }, body: { review: 'جيد جداً', rating: 3 } }),
    body: { review: badText(2_000), rating: reviewFields.rating },
    params: { id: { kind: 'review', owned: true } },
    control: 200,
  },
  'DELETE /reviews/:id': {
    prepare: async () => ({ params: { id: await newReview(w.customer) } }),
    params: { id: { kind: 'review', owned: true } },
    control: 204,
  },
  'GET /admin/reviews': {
    prepare: async () => ({ query: { status: 'hidden', rating: '4', ...validPage } }),
    query: {
      status: choose(fc.constantFrom('shown', 'HIDDEN', 'visible;'), injection, withNul, repeated('hidden')),
      rating: choose(fc.constantFrom('0', '6', '4.5', '-1', '٦'), injection, withNul, repeated('4')),
      ...pageQuery,
    },
    control: 200,
  },
  'GET /admin/reviews/moderations': {
    prepare: async () => ({ query: validPage }),
    query: pageQuery,
    control: 200,
  },
  'PUT /admin/reviews/:id': {
    prepare: async () => ({ params: { id: await newReview(w.customer) }, body: { hidden: true, reason: 'إساءة' } }),
    body: { hidden: badBoolean, reason: badText(500) },
    params: { id: { kind: 'review' } },
    control: 200,
  },
  'DELETE /admin/reviews/:id': {
    prepare: async () => ({ params: { id: await newReview(w.customer) }, body: { reason: 'إعلان' } }),
    body: { reason: badText(500) },
    params: { id: { kind: 'review' } },
    control: 204,
  },
  ...namedResource('categories', newCategory, () => w.categoryName),
  'GET /categories/:id/subcategories': {
    prepare: async () => ({ params: { id: w.categoryId }, query: validPage }),
    params: { id: { kind: 'category' } },
    query: pageQuery,
    control: 200,
  },
  ...namedResource('brands', newBrand, () => w.brandName),
  'GET /subcategories': { prepare: async () => ({ query: validPage }), query: pageQuery, control: 200 },
  'POST /subcategories': {
    prepare: async () => ({ body: { name: unique('فرعي'), category: w.categoryId } }),
    body: {
      name: fc.oneof(
        badText(64, { min: 2 }),
        later(() => w.subcategoryName),
      ),
      category: badRef('category'),
    },
    control: 201,
  },
  'GET /subcategories/:id': {
    prepare: async () => ({ params: { id: w.subcategoryId } }),
    params: { id: { kind: 'subcategory' } },
    control: 200,
  },
  'PUT /subcategories/:id': {
    prepare: async () => ({
      params: { id: (await newSubcategory(w.categoryId)).id },
      body: { name: unique('فرعي جديد'), category: w.categoryId },
    }),
    body: {
      name: fc.oneof(
        badText(64, { min: 2 }),
        later(() => w.subcategoryName),
      ),
      category: badRef('category'),
    },
    params: { id: { kind: 'subcategory' } },
    control: 200,
  },
  'DELETE /subcategories/:id': {
    prepare: async () => ({ params: { id: (await newSubcategory(w.categoryId)).id } }),
    params: { id: { kind: 'subcategory' } },
    control: 204,
  },
  'GET /cart': { control: 200 },
  'POST /cart': {
    prepare: async () => ({ body: { productId: w.productId } }),
    body: {
      productId: fc.oneof(
        badRef('product'),
        later(() => w.soldOutId),
      ),
      color: badOptionalText(20),
    },
    control: 200,
  },
  'DELETE /cart': {
    // Something to empty, so that a refusal shows.
    prepare: async () => {
      await cartLine(w.customer);
      return {};
    },
    control: 204,
  },
  'PUT /cart/applyCoupon': {
    prepare: async () => ({ body: { couponName: w.couponName } }),
    body: {
      couponName: fc.oneof(
        badText(50),
        fc.constantFrom('NO-SUCH-COUPON', ...SQL_INJECTION),
        later(() => w.expiredCouponName),
      ),
    },
    control: 200,
  },
  'PUT /cart/:itemId': {
    prepare: async () => ({ params: { itemId: (await cartLine(w.customer)).itemId }, body: { count: 2 } }),
    body: {
      // More than the 1000 in stock is refused too.
      count: fc.oneof(badNumber({ min: 1, max: 1_000_000, whole: true }), fc.integer({ min: 1_001, max: 1_000_000 })),
    },
    params: { itemId: { kind: 'cartItem', owned: true } },
    control: 200,
  },
  'DELETE /cart/:itemId': {
    prepare: async () => ({ params: { itemId: (await cartLine(w.customer)).itemId } }),
    params: { itemId: { kind: 'cartItem', owned: true } },
    control: 200,
  },
  'POST /cart/merge': {
    // A basket to merge, so that a merge a refusal let through would show.
    prepare: async () => ({ headers: (await basketLine()).headers }),
    control: 200,
  },
  'GET /basket': { prepare: async () => ({ headers: (await basketLine()).headers }), control: 200 },
  'POST /basket': {
    prepare: async () => ({ headers: (await basketLine()).headers, body: { productId: w.productId } }),
    body: {
      productId: fc.oneof(
        badRef('product'),
        later(() => w.soldOutId),
      ),
      color: badOptionalText(20),
    },
    control: 200,
  },
  'DELETE /basket': { prepare: async () => ({ headers: (await basketLine()).headers }), control: 204 },
  'PUT /basket/:itemId': {
    prepare: async () => {
      const { headers, itemId } = await basketLine();
      return { headers, params: { itemId }, body: { count: 2 } };
    },
    body: {
      count: fc.oneof(badNumber({ min: 1, max: 1_000_000, whole: true }), fc.integer({ min: 1_001, max: 1_000_000 })),
    },
    // Another customer's cart line is no line of this basket.
    params: { itemId: { kind: 'cartItem', owned: true } },
    control: 200,
  },
  'DELETE /basket/:itemId': {
    prepare: async () => {
      const { headers, itemId } = await basketLine();
      return { headers, params: { itemId } };
    },
    params: { itemId: { kind: 'cartItem', owned: true } },
    control: 200,
  },
  'GET /wishlist': { control: 200 },
  'POST /wishlist': {
    prepare: async () => ({ body: { productId: w.productId } }),
    body: { productId: badRef('product') },
    control: 200,
  },
  'DELETE /wishlist/:productId': {
    prepare: async () => {
      const product = await newProduct();
      await t.database.db.insert(wishlistItems).values({ userId: w.customer.id, productId: product.id });
      return { params: { productId: product.id } };
    },
    // The other customer's favourite stays theirs.
    params: { productId: { kind: 'product', idempotent: true, extra: () => [w.othersFavouriteId] } },
    control: 200,
  },
  'GET /addresses': { control: 200 },
  'POST /addresses': { prepare: async () => ({ body: validAddress() }), body: addressFields, control: 200 },
  'GET /addresses/:id': {
    prepare: async () => ({ params: { id: await newAddress(w.customer) } }),
    params: { id: { kind: 'address', owned: true } },
    control: 200,
  },
  'PUT /addresses/:id': {
    prepare: async () => ({ params: { id: await newAddress(w.customer) }, body: validAddress() }),
    body: addressFields,
    params: { id: { kind: 'address', owned: true } },
    control: 200,
  },
  'DELETE /addresses/:id': {
    prepare: async () => ({ params: { id: await newAddress(w.customer) } }),
    params: { id: { kind: 'address', owned: true } },
    control: 200,
  },
  'GET /users': {
    prepare: async () => ({ query: { ...validPage, keyword: '٠٥٥١٢٣٤٥٦٧' } }),
    query: { ...pageQuery, keyword: badKeyword },
    keyword: true,
    control: 200,
  },
  'GET /users/:id': {
    prepare: async () => ({ params: { id: w.customer.id } }),
    params: { id: { kind: 'user' } },
    control: 200,
  },
  'GET /coupons': { prepare: async () => ({ query: validPage }), query: pageQuery, control: 200 },
  'POST /coupons': {
    prepare: async () => ({ body: { name: `FUZZ-${randomUUID().slice(0, 8)}`, expire: '2099-12-31', discount: 10 } }),
    body: couponFields(1),
    control: 201,
  },
  'GET /coupons/:id': {
    prepare: async () => ({ params: { id: (await insertCoupon(t)).id } }),
    params: { id: { kind: 'coupon' } },
    control: 200,
  },
  'PUT /coupons/:id': {
    prepare: async () => ({
      params: { id: (await insertCoupon(t)).id },
      body: { name: `FUZZ-${randomUUID().slice(0, 8)}`, expire: '2099-06-01T12:00:00Z', discount: 0 },
    }),
    body: couponFields(0),
    params: { id: { kind: 'coupon' } },
    control: 200,
  },
  'DELETE /coupons/:id': {
    prepare: async () => ({ params: { id: (await insertCoupon(t)).id } }),
    params: { id: { kind: 'coupon' } },
    control: 204,
  },
  'GET /orders': {
    prepare: async () => ({ query: { ...validPage, ...validOrderFilter } }),
    query: { ...pageQuery, ...orderFilterQuery },
    control: 200,
  },
  'GET /orders/export.csv': {
    prepare: async () => ({ query: validOrderFilter }),
    query: orderFilterQuery,
    control: 200,
  },
  'GET /orders/:id': {
    prepare: async () => ({ params: { id: w.customerOrderId } }),
    params: { id: { kind: 'order', owned: true } },
    control: 200,
  },
  'GET /orders/:id/invoice': {
    prepare: async () => ({ params: { id: w.customerOrderId } }),
    params: { id: { kind: 'order', owned: true } },
    control: 200,
  },
  'GET /orders/:id/invoice.xml': {
    prepare: async () => ({ params: { id: w.customerOrderId } }),
    params: { id: { kind: 'order', owned: true } },
    control: 200,
  },
  'GET /orders/:id/credit-notes': {
    prepare: async () => ({ params: { id: w.customerOrderId } }),
    params: { id: { kind: 'order', owned: true } },
    control: 200,
  },
  'GET /orders/:id/credit-notes/:number.xml': {
    // A paid order of the customer with one refund, so one credit note (the shop is registered for VAT).
    prepare: async () => {
      const id = await newOrder(w.customer);
      ok(await inject('PUT', `/orders/${id}/pay`, { token: w.admin.token }));
      const refund = await inject('POST', `/orders/${id}/refunds`, {
        token: w.admin.token,
        payload: { amount: 1, reason: 'تعويض' },
      });
      const { creditNoteNumber } = ok<{ data: { creditNoteNumber: number } }>(refund, 201).data;
      return { params: { id, number: String(creditNoteNumber) } };
    },
    params: { id: { kind: 'order', owned: true }, number: { kind: 'documentNumber' } },
    control: 200,
  },
  'POST /orders/:cartId': {
    prepare: async () => ({ params: { cartId: (await cartLine(w.customer)).cartId }, body: { shippingAddress } }),
    body: {
      shippingAddress: fc.oneof(
        notText,
        brokenRecord(shippingAddress, shippingFields, false),
        fc.constant({ ...shippingAddress, phone: '123' }),
      ),
    },
    params: { cartId: { kind: 'cart', owned: true } },
    control: 201,
  },
  'GET /orders/checkout-session/:cartId': {
    prepare: async () => ({ params: { cartId: (await cartLine(w.customer)).cartId }, query: shippingAddress }),
    query: {
      addressId: fc.oneof(badQueryId, fc.uuid({ version: 4 }), foreignId('address', true)),
      details: fc.oneof(blank, longText(501, 3_000), withNul, repeated('شارع')),
      phone: fc.oneof(fc.constantFrom('123', 'phone', '+1 555 0100'), injection, repeated('0551234567'), withNul),
      city: fc.oneof(blank, longText(81, 3_000), withNul, repeated('الرياض')),
      postalCode: fc.oneof(longText(21, 3_000), withNul, repeated('11511')),
    },
    params: { cartId: { kind: 'cart', owned: true } },
    writes: true,
    control: 200,
  },
  'GET /orders/quote': {
    prepare: async () => ({
      query: { cartId: (await cartLine(w.customer)).cartId, addressId: await newAddress(w.customer), method: 'card' },
    }),
    query: {
      cartId: fc.oneof(badQueryId, fc.uuid({ version: 4 }), foreignId('cart', true)),
      addressId: fc.oneof(badQueryId, fc.uuid({ version: 4 }), foreignId('address', true)),
      method: choose(fc.constantFrom('cheque', 'CASH', '', 'cash;'), injection, repeated('cash'), withNul),
    },
    control: 200,
  },
  'GET /settings': { control: 200 },
  'GET /admin/settings': { control: 200 },
  'PUT /settings': {
    prepare: async () => ({ body: { shopName: unique('متجر'), vatNumber: '300000000000003', vatRate: 15 } }),
    body: {
      shopName: badText(100),
      legalName: badOptionalText(200),
      vatNumber: choose(
        fc.constantFrom('12345678', '1234567890123456', '300000000000004', 'abc', '١٢٣'),
        notText,
        injection,
        withNul,
      ),
      address: badOptionalText(500),
      email: badEmail.filter((v) => v !== ''),
      phone: badOptionalText(30),
      whatsapp: choose(fc.constantFrom('12345', '+966', '0112345678', 'واتساب'), notText, injection, withNul),
      instagramUrl: choose(
        fc.constantFrom(
          'http://instagram.com/shop',
          'https://evil.example/',
          'instagram.com/shop',
          'javascript:alert(1)',
        ),
        notText,
        injection,
        withNul,
        longText(301),
      ),
      vatRate: fc.oneof(badNumber({ min: 0, max: 100 }), fc.constantFrom(15.555, '14.125')),
      pricesIncludeVat: badBoolean,
      basketRemindersEnabled: badBoolean,
      basketReminderDelayHours: badNumber({ min: 1, max: 72, whole: true }),
      // '' is "not given" in a partial update (as lowStockThreshold's).
      staffRefundLimit: fc.oneof(
        badNumber({ min: 0, max: 100_000_000_000 }).filter((v) => v !== ''),
        fc.constantFrom(12.345, '0.001'),
      ),
    },
    control: 200,
  },
  'GET /pages/:slug': {
    prepare: async () => ({ params: { slug: 'terms' } }),
    params: { slug: { kind: 'pageSlug' } },
    control: 200,
  },
  'PUT /pages/:slug': {
    prepare: async () => ({ params: { slug: 'returns' }, body: { title: unique('الاسترجاع'), body: 'نص **الصفحة**' } }),
    params: { slug: { kind: 'pageSlug' } },
    body: { title: badText(PAGE_TITLE_MAX), body: badText(PAGE_BODY_MAX) },
    control: 200,
  },
  // The home page (docs/home-page.md).
  'GET /home': { control: 200 },
  'GET /admin/home/slides': { control: 200 },
  'POST /admin/home/slides': {
    prepare: async () => ({ body: validSlide(), files: { image: w.png } }),
    body: slideFields,
    form: true,
    control: 201,
  },
  'PUT /admin/home/slides/order': {
    prepare: async () => {
      await newSlide();
      const res = await inject('GET', '/admin/home/slides', { token: w.admin.token });
      const ids = ok<{ data: { id: string }[] }>(res).data.map((slide) => slide.id);
      return { body: { ids: ids.reverse() } };
    },
    body: {
      ids: choose(
        fc.oneof(fc.integer(), fc.constant(null), injection, withNul, objectValue),
        fc.array(notAnId, { minLength: 1, maxLength: 3 }),
        fc.array(fc.uuid({ version: 4 }), { minLength: 1, maxLength: 3 }),
        fc.constant([]),
        fc.array(fc.uuid({ version: 4 }), { minLength: 101, maxLength: 101 }),
      ),
    },
    control: 200,
  },
  'PUT /admin/home/slides/:id': {
    prepare: async () => ({ params: { id: await newSlide() }, body: { title: unique('شريحة معدلة') } }),
    body: slideFields,
    form: true,
    params: { id: { kind: 'slide' } },
    control: 200,
  },
  'DELETE /admin/home/slides/:id': {
    prepare: async () => ({ params: { id: await newSlide() } }),
    params: { id: { kind: 'slide' } },
    control: 204,
  },
  'GET /admin/home/featured': { control: 200 },
  'PUT /admin/home/featured': {
    prepare: async () => ({ body: { categoryIds: [w.categoryId], productIds: [w.productId] } }),
    body: {
      categoryIds: badFeatured('category', HOME_FEATURED_CATEGORIES_MAX),
      productIds: badFeatured('product', HOME_FEATURED_PRODUCTS_MAX),
    },
    control: 200,
  },
  // No control for the steps that call ZATCA (the local Fatoora proves them in e-invoicing.test.ts).
  'GET /e-invoicing': { control: 200 },
  'POST /e-invoicing/csr': {
    body: { environment: choose(fc.constantFrom('production', 'CORE', 'sandbox', ''), notText, injection, withNul) },
  },
  'POST /e-invoicing/compliance': { body: { otp: badOtp } },
  'POST /e-invoicing/production': {},
  'POST /e-invoicing/documents/:number/correction': { params: { number: { kind: 'documentNumber' } } },
  'POST /e-invoicing/renew': { body: { otp: badOtp } },
  'GET /e-invoicing/documents': {
    prepare: async () => ({ query: { status: 'pending', ...validPage } }),
    query: {
      status: choose(fc.constantFrom('reported', 'PENDING', 'late;', ''), injection, withNul),
      ...pageQuery,
    },
    control: 200,
  },
  'GET /admin/stats': {
    prepare: async () => ({ query: { from: '2026-01-01', to: '2026-03-31' } }),
    // A day after `to`; a day before `from`, or 367 days from it (366 at most).
    query: {
      from: badDay('2026-04-01'),
      to: choose(fc.constantFrom('2025-12-31', '2027-01-02'), badDay('2025-12-31')),
    },
    control: 200,
  },
  'GET /shipping-zones': { control: 200 },
  'GET /staff': { control: 200 },
  'POST /staff/invites': {
    prepare: async () => ({ body: { email: `fuzz-${randomUUID()}@example.com`, role: 'staff' } }),
    body: {
      // An address with an account is refused too (docs/staff.md).
      email: fc.oneof(
        badEmail,
        later(() => w.customer.email),
      ),
      role: choose(fc.constantFrom('user', 'ADMIN', 'owner', ''), notText, injection, withNul),
    },
    control: 201,
  },
  'DELETE /staff/invites/:id': {
    prepare: async () => ({ params: { id: (await newInvite()).invite.id } }),
    // An invite is named by its own id only (a user's is no invite's).
    params: { id: { kind: 'user', extra: () => [w.customer.id] } },
    control: 204,
  },
  'POST /staff/invites/accept': {
    prepare: async () => ({
      body: { token: (await newInvite()).token, name: 'موظف', password: 'Fuzz-Passw0rd-Long-3' },
    }),
    body: {
      token: choose(fc.constantFrom('x', 'A'.repeat(43), 'A'.repeat(44)), notText, injection, withNul),
      name: badText(64),
      password: badNewPassword,
    },
    control: 201,
  },
  'PATCH /staff/:id': {
    prepare: async () => ({ params: { id: (await createAccount(t, 'staff')).id }, body: { role: 'admin' } }),
    body: {
      role: choose(fc.constantFrom('user', 'ADMIN', 'owner', ''), notText, injection, withNul),
      disabled: badBoolean,
    },
    // Customers are no staff (404), whatever their id.
    params: { id: { kind: 'user', extra: () => [w.customer.id] } },
    control: 200,
  },
  'GET /admin/abandoned-carts': { prepare: async () => ({ query: validPage }), query: pageQuery, control: 200 },
  'GET /admin/staff-actions': {
    prepare: async () => ({
      query: { ...validPage, action: 'product.price_changed', actor: w.admin.id, from: '2026-01-01', to: '2026-12-31' },
    }),
    query: {
      ...pageQuery,
      action: choose(
        fc.constantFrom('product.deleted', 'SETTINGS.UPDATED', 'settings', 'refund.created;'),
        injection,
        repeated('refund.created'),
        withNul,
      ),
      actor: badQueryId,
      // A day before `from`, a day after `to`: no day at all.
      from: badDay('2027-01-01'),
      to: badDay('2025-12-31'),
    },
    control: 200,
  },
  'POST /reminders/unsubscribe': {
    // A new customer's own link each time (docs/abandoned-baskets.md).
    prepare: async () => ({ body: { token: unsubscribeToken(t.config.jwtSecret, (await createAccount(t)).id) } }),
    body: {
      token: choose(
        fc.constantFrom('', 'abc', 'a.b', `${randomUUID()}.${'A'.repeat(43)}`, `${randomUUID()}..`),
        notText,
        longText(201, 3_000),
        injection,
        withNul,
      ),
    },
    control: 200,
  },
  'POST /shipping-zones': {
    prepare: async () => ({ body: { name: unique('منطقة'), cities: [unique('مدينة')], price: 20, codFee: 5 } }),
    body: zoneFields,
    control: 201,
  },
  'PUT /shipping-zones/:id': {
    prepare: async () => ({ params: { id: await newZone() }, body: { price: 15, codAllowed: false } }),
    body: zoneFields,
    params: { id: { kind: 'zone' } },
    control: 200,
  },
  'DELETE /shipping-zones/:id': {
    prepare: async () => ({ params: { id: await newZone() } }),
    // The default zone cannot be deleted (409).
    params: { id: { kind: 'zone', extra: () => [w.defaultZoneId] } },
    control: 204,
  },
  'GET /admin/vat-report': { prepare: async () => ({ query: validVatPeriod }), query: vatPeriodQuery, control: 200 },
  'GET /admin/vat-report.csv': {
    prepare: async () => ({ query: validVatPeriod }),
    query: vatPeriodQuery,
    control: 200,
  },
  'PUT /orders/:id/pay': orderFlag('isPaid'),
  'PUT /orders/:id/deliver': orderFlag('isDelivered'),
  'PUT /orders/:id/status': {
    // A fresh order each time: a valid move is made once.
    prepare: async () => ({ params: { id: await newOrder(w.customer) }, body: { status: 'processing' } }),
    body: {
      status: choose(fc.constantFrom('lost', 'PENDING', 'shipped;', ''), injection, notText, withNul),
      note: badOptionalText(500),
      carrier: badOptionalText(100),
      trackingNumber: badOptionalText(100),
      trackingUrl: choose(
        fc.constantFrom('javascript:alert(1)', 'ftp://x.test/a', 'not a url', 'data:text/html,x'),
        longText(2001, 3_000),
        notText,
        withNul,
      ),
    },
    params: { id: { kind: 'order' } },
    control: 200,
  },
  'POST /orders/:id/refunds': {
    // A fresh paid order each time: a valid refund is made once.
    prepare: async () => {
      const id = await newOrder(w.customer);
      await inject('PUT', `/orders/${id}/pay`, { token: w.admin.token });
      return { params: { id }, body: { amount: 1, reason: 'تعويض' }, headers: { 'idempotency-key': randomUUID() } };
    },
    body: {
      amount: choose(badNumber({ min: 0.01, max: 1e11 }), fc.constantFrom(0, -1, 0.001, 1.005, '1.001')),
      reason: badText(500),
      restock: choose(
        fc.oneof(fc.constantFrom('x', 1, true), objectValue),
        fc.constant([{ lineId: 'x', count: 1 }]),
        fc.constant([{ lineId: randomUUID(), count: 0 }]),
        fc.constant([{ lineId: randomUUID(), count: 1.5 }]),
        fc.constant(Array.from({ length: 101 }, () => ({ lineId: randomUUID(), count: 1 }))),
      ),
    },
    params: { id: { kind: 'order' } },
    control: 201,
  },
  'POST /orders/:id/cancel': {
    prepare: async () => ({ params: { id: await newOrder(w.customer) }, body: { reason: 'غيّرت رأيي' } }),
    body: { reason: badOptionalText(500) },
    optionalBody: true,
    params: { id: { kind: 'order', owned: true } },
    control: 200,
  },
  'GET /payments/checkouts': {
    prepare: async () => ({ query: { ...validPage, status: 'refund_due,refunded' } }),
    query: {
      ...pageQuery,
      status: fc.oneof(blank, fc.constantFrom('lost', 'open,,', 'OPEN', 'open;drop'), longText(50, 3_000), withNul),
    },
    control: 200,
  },
  'GET /payments/checkouts/:id': {
    prepare: async () => ({ params: { id: w.customerCheckoutId } }),
    params: { id: { kind: 'checkout', owned: true } },
    control: 200,
  },
  // No control: only a signed event is acted on (money.test.ts); here nothing is signed.
  'POST /payments/webhook/:provider': {
    prepare: async () => ({
      params: { provider: 'test' },
      body: { type: 'checkout.completed', sessionId: randomUUID() },
      headers: { [TEST_SIGNATURE_HEADER]: 't=1700000000,v1=deadbeef' },
    }),
    body: { type: fc.jsonValue({ maxDepth: 2 }), sessionId: fc.jsonValue({ maxDepth: 2 }) },
    params: { provider: { kind: 'provider' } },
  },
};

// ---------------------------------------------------------------------------------------------
// Building requests
// ---------------------------------------------------------------------------------------------

/** One request of the fuzzing, printed short in fast-check's counterexamples. */
type Attempt = {
  what: string;
  method: Method;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /**
   * 'refused': a 4xx in the contract's shape. 'answered': a 2xx, the bad part is one the route
   * legitimately ignores. 'either': both are honest (a query string so broken it may be dropped).
   */
  expect: 'refused' | 'answered' | 'either';
  [fc.toStringMethod]: () => string;
};

type BodyPart =
  | { json: unknown }
  | { raw: string | Buffer; contentType: string }
  | { form: Record<string, unknown>; files: Record<string, FilePart> };

const JUNK_KEYS = [
  'role',
  'isAdmin',
  'price',
  'totalOrderPrice',
  'isPaid',
  'userId',
  'user',
  '_id',
  'id',
  'createdAt',
  'tokenVersion',
  'passwordHash',
  'constructor',
  '__proto__',
];

/** Field names no route reads (some a client might hope to set), never one of `known`. */
const junkKey = (known: string[]) =>
  fc
    .oneof(fc.constantFrom(...JUNK_KEYS), injection, fc.string({ minLength: 1, maxLength: 12 }))
    .filter((key) => !known.includes(key.replace(/\[\]$/, '')));

/**
 * `valid` with at least one field replaced by a bad value, some other fields left out, and maybe
 * fields nobody asked for.
 */
function brokenRecord(
  valid: Record<string, unknown>,
  bad: Record<string, fc.Arbitrary<unknown>>,
  withJunk = true,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(bad);
  return fc
    .record({
      broken: fc
        .subarray(keys, { minLength: 1 })
        .chain((chosen) =>
          fc.record(Object.fromEntries(chosen.map((key) => [key, bad[key] as fc.Arbitrary<unknown>]))),
        ),
      dropped: fc.subarray(Object.keys(valid)),
      junk: withJunk
        ? fc.dictionary(junkKey([...keys, ...Object.keys(valid)]), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
        : fc.constant({}),
    })
    .map(({ broken, dropped, junk }) =>
      // fromEntries, not spreading: a '__proto__' key stays a field of the body.
      Object.fromEntries([
        ...Object.entries(valid).filter(([key]) => !Object.hasOwn(broken, key) && !dropped.includes(key)),
        ...Object.entries(broken),
        ...Object.entries(junk),
      ]),
    );
}

/** Whether every value can be a multipart text field (repeated for lists). */
const multipartable = (fields: Record<string, unknown>) =>
  Object.entries(fields).every(
    ([key, value]) =>
      /^[\w[\]]+$/.test(key) &&
      (Array.isArray(value) ? value : [value]).every((v) => ['string', 'number', 'boolean'].includes(typeof v)),
  );

function encode(body: BodyPart): { payload: string | Buffer; headers: Record<string, string> } {
  if ('json' in body) return { payload: JSON.stringify(body.json), headers: { 'content-type': 'application/json' } };
  if ('raw' in body) return { payload: body.raw, headers: { 'content-type': body.contentType } };
  const fields = Object.fromEntries(
    Object.entries(body.form).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(String) : String(value as string | number | boolean),
    ]),
  );
  return multipart(fields, body.files);
}

function urlOf(route: string, params: Record<string, string>, query: Query = {}) {
  const path = (route.split(' ')[1] ?? '').replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const preview = (value: string | Buffer | undefined) => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : `<${value.length} bytes>`;
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
};

/** Builds the request `valid` becomes with some parts replaced. */
function attempt(
  route: string,
  valid: Valid,
  caller: Account | undefined,
  change: {
    what: string;
    params?: Record<string, string>;
    /** `params` go into the path as they are, not percent-encoded. */
    rawPath?: boolean;
    query?: Query;
    /** Appended to the query string as it is. */
    rawQuery?: string;
    body?: BodyPart;
    expect?: Attempt['expect'];
  },
): Attempt {
  const method = route.split(' ')[0] as Method;
  // A raw parameter goes where its placeholder's encoding went, untouched.
  const placeholder = '\u0001';
  const changed = change.rawPath
    ? Object.fromEntries(Object.keys(change.params ?? {}).map((name) => [name, placeholder]))
    : change.params;
  let url = `/api/v1${urlOf(route, { ...valid.params, ...changed }, change.query ?? valid.query)}`;
  if (change.rawPath) for (const value of Object.values(change.params ?? {})) url = url.replace('%01', value);
  if (change.rawQuery) url += `${url.includes('?') ? '&' : '?'}${change.rawQuery}`;
  const body = change.body ?? (valid.body ? { json: valid.body } : undefined);
  const sent = body ? encode(body) : undefined;
  return {
    what: change.what,
    method,
    url,
    ...(sent ? { payload: sent.payload } : {}),
    headers: { ...(caller ? { authorization: `Bearer ${caller.token}` } : {}), ...valid.headers, ...sent?.headers },
    expect: change.expect ?? 'refused',
    [fc.toStringMethod]: () =>
      `${change.what}: ${method} ${preview(url)} ${sent ? `[${sent.headers['content-type']}] ${preview(sent.payload)}` : ''}`,
  };
}

const STATIC_SEGMENTS = new Set(
  Object.keys(routeAccess).flatMap((route) =>
    (route.split(' ')[1] ?? '').split('/').filter((s) => s && !s.startsWith(':')),
  ),
);

/** Path segments the router or the id check must refuse, sent without percent-encoding. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%00', '%uD800', '..%2F..%2Fetc%2Fpasswd'];

type BadParam = { value: string; expect: Attempt['expect']; raw?: boolean };

/** A path parameter that must be refused (or, for an idempotent delete, answered without a change). */
function badParam(spec: ParamSpec): fc.Arbitrary<BadParam> {
  const refused = (value: string): BadParam => ({ value, expect: 'refused' });
  const raw = fc.constantFrom(...RAW_SEGMENTS).map((value): BadParam => ({ value, expect: 'refused', raw: true }));
  // Dot segments and empty values would name another route, not a bad id.
  const usable = (s: string) => s !== '' && s !== '.' && s !== '..' && !STATIC_SEGMENTS.has(s);
  if (spec.kind === 'provider') {
    return fc.oneof(
      fc
        .oneof(fc.string({ minLength: 1, maxLength: 20 }), injection)
        .filter((s) => usable(s) && s !== 'test')
        .map(refused),
      raw,
    );
  }
  if (spec.kind === 'documentNumber') {
    return fc.oneof(
      fc
        .oneof(
          fc.constantFrom('0', '-1', '1.5', '1e3', '0x1', '01', '١', ' 1', 'NaN', 'Infinity', '9999999999999999'),
          fc.string({ maxLength: 20 }).filter((s) => !/^[1-9][0-9]{0,14}$/.test(s)),
          injection,
          // A number no document (of this order) has.
          fc.integer({ min: 1_000_000, max: 999_999_999_999_999 }).map(String),
        )
        .filter(usable)
        .map(refused),
      raw,
    );
  }
  if (spec.kind === 'pageSlug') {
    return fc.oneof(
      fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 20 }),
          injection,
          longText(65, 300),
          fc.constantFrom('TERMS', 'faq'),
        )
        .filter((s) => usable(s) && !isStorePageSlug(s))
        .map(refused),
      raw,
    );
  }
  const named = (value: string): BadParam => ({ value, expect: spec.idempotent ? 'answered' : 'refused' });
  const extra = spec.extra;
  return fc.oneof(
    fc.oneof(notAnId, withNul, longText(101, 2_000)).filter(usable).map(refused),
    raw,
    fc.uuid({ version: 4 }).map(named),
    foreignId(spec.kind, spec.owned ?? false).map(named),
    ...(extra ? [fc.nat().map((i) => named(extra()[i % extra().length] as string))] : []),
  );
}

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '[1,2',
  'nul',
  'NaN',
  'Infinity',
  '-',
  '{"a":1}{"b":2}',
  '{"a":"\\x"}',
  '{"a":"\u0001"}',
  '{"a":1} trailing',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}`,
  JSON.stringify({ x: 'a'.repeat(1_100_000) }),
];

const RAW_QUERIES = ['%', 'a=%zz', '%E0%A4%A=1', 'x[=1', 'a[b][c]=1', '=', '&&', 'a=1=2', '%00=1', 'page=%'];

const WRONG_CONTENT_TYPES: [contentType: string, body: string | Buffer][] = [
  ['application/xml', '<a>1</a>'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['application/octet-stream', '\u0000\u0001'],
  ['multipart/form-data', '--x\r\n'],
  ['multipart/form-data; boundary=x', 'garbage'],
  // UTF-16 bytes are not JSON to a UTF-8 parser (NUL bytes between the characters).
  ['application/json; charset=utf-16', Buffer.from('{"a":1}', 'utf16le')],
  ['nonsense', '{}'],
];

/** Every kind of bad request the route takes, weighted towards the ones with most to vary. */
function attempts(route: string, spec: RouteSpec, valid: Valid, caller: Account | undefined): fc.Arbitrary<Attempt> {
  const method = route.split(' ')[0] as Method;
  const kinds: fc.WeightedArbitrary<Attempt>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Attempt>) => kinds.push({ arbitrary, weight });

  if (spec.body) {
    const fields = spec.body;
    const validBody = valid.body ?? {};
    add(
      5,
      fc.tuple(brokenRecord(validBody, fields), fc.boolean()).map(([body, asMultipart]) =>
        attempt(route, valid, caller, {
          what: 'broken body',
          body:
            spec.form && asMultipart && multipartable(body) ? { form: body, files: valid.files ?? {} } : { json: body },
        }),
      ),
    );
    const garbage = fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      fc.string({ maxLength: 20 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
    );
    add(
      1,
      garbage.map((json) => attempt(route, valid, caller, { what: 'body is no object', body: { json } })),
    );
    const contentTypes = WRONG_CONTENT_TYPES.filter(([type]) => !(spec.optionalBody && type.startsWith('multipart/')));
    add(
      1,
      fc
        .constantFrom(...contentTypes)
        .map(([contentType, raw]) =>
          attempt(route, valid, caller, { what: 'wrong content type', body: { raw, contentType } }),
        ),
    );
  }
  if (method !== 'GET') {
    const validText = JSON.stringify(valid.body ?? { a: 1 });
    const malformed = fc.oneof(
      fc.constantFrom(...MALFORMED_JSON),
      fc.nat({ max: validText.length - 1 }).map((n) => validText.slice(0, n)),
    );
    add(
      2,
      malformed.map((raw) =>
        attempt(route, valid, caller, { what: 'malformed JSON', body: { raw, contentType: 'application/json' } }),
      ),
    );
  }
  if (spec.query) {
    const bad = spec.query;
    add(
      4,
      brokenRecord(valid.query ?? {}, bad, false)
        .chain((query) =>
          fc
            .dictionary(junkKey(Object.keys(bad)), fc.oneof(injection, fc.string({ maxLength: 10 })), { maxKeys: 2 })
            .map((junk) => ({ ...junk, ...query }) as Query),
        )
        .map((query) => attempt(route, valid, caller, { what: 'broken query', query })),
    );
  }
  if (spec.params) {
    const params = spec.params;
    add(
      4,
      fc
        .constantFrom(...Object.keys(params))
        .chain((name) => badParam(params[name] as ParamSpec).map((bad) => ({ name, ...bad })))
        .map(({ name, value, expect, raw }) =>
          attempt(route, valid, caller, {
            what: `bad :${name}`,
            params: { [name]: value },
            ...(raw ? { rawPath: true } : {}),
            expect,
          }),
        ),
    );
  }
  if (method === 'GET' && !spec.writes) {
    const known = Object.keys(spec.query ?? {});
    add(
      1,
      fc
        .dictionary(junkKey(known), fc.oneof(injection, fc.string({ maxLength: 20 })), { minKeys: 1, maxKeys: 3 })
        .map((junk) =>
          attempt(route, valid, caller, {
            what: 'query parameters it does not read',
            query: { ...junk, ...valid.query },
            expect: 'answered',
          }),
        ),
    );
    add(
      1,
      fc
        .constantFrom(...RAW_QUERIES)
        .map((rawQuery) =>
          attempt(route, valid, caller, { what: 'malformed query string', rawQuery, expect: 'either' }),
        ),
    );
  }

  if (spec.keyword) {
    const keyword = fc
      .oneof(
        injection,
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: fc.constantFrom(...'%_\\*:!&|()<>\'"-+~ ابتث'), maxLength: 30 }),
        fc.constantFrom('سامسونج جلاكسي', 'iphone 15 pro', '!!!', ':*', "a' & b", '\\', '%'),
      )
      .filter((k) => !k.includes('\u0000') && k.trim().length <= 200);
    add(
      2,
      keyword.map((value) =>
        attempt(route, valid, caller, {
          what: 'hostile but valid keyword',
          query: { ...valid.query, keyword: value },
          expect: 'answered',
        }),
      ),
    );
  }
  return fc.oneof(...kinds);
}

// ---------------------------------------------------------------------------------------------
// What must hold
// ---------------------------------------------------------------------------------------------

/**
 * Tables a refused request may legitimately change: failed sign-ins are counted (per e-mail, even
 * for addresses without an account) so that guessing is throttled, and a rate-limited route counts
 * every request, refused or not (docs/deploy.md § Several processes).
 */
const CHANGED_BY_REFUSALS = new Set(['login_throttle', 'rate_limit_windows']);

/** A digest of every row of every shop table (rows counted, contents hashed). */
async function tableDigests(): Promise<Record<string, string>> {
  const tables = await selectRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digests = tables
    .map(({ name }) => name)
    .filter((name) => !CHANGED_BY_REFUSALS.has(name))
    .map(
      (name) =>
        sql`select ${name}::text as name, count(*)::int as rows,
            md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
            from ${sql.identifier(name)} x`,
    );
  const rows = await selectRows<{ name: string; rows: number; digest: string }>(
    t.database.db,
    sql.join(digests, sql` union all `),
  );
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows} rows, ${row.digest}`]));
}

const send = (request: Attempt) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });

async function judge(request: Attempt) {
  const res = await send(request);
  const context = `${String(request[fc.toStringMethod]())}\n→ ${res.statusCode} ${preview(res.body)}`;
  if (process.env.FUZZ_DEBUG) console.log(context);
  if (request.expect === 'answered' || (request.expect === 'either' && res.statusCode < 400)) {
    expect(res.statusCode, context).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, context).toBeLessThan(300);
  } else {
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, context).toBeLessThan(500);
    expectClientError(res);
  }
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1_000_000 });
  const [admin, customer, other] = await Promise.all([
    createAccount(t, 'admin'),
    createAccount(t, 'user'),
    createAccount(t, 'user'),
  ]);
  const category = await newCategory();
  const brand = await newBrand();
  const subcategory = await newSubcategory(category.id);
  const foreignSubcategory = await newSubcategory((await newCategory()).id);
  const coupon = await insertCoupon(t);
  const expired = await insertCoupon(t, { expire: new Date(Date.now() - 86_400_000) });
  const refs = { categoryId: category.id, brandId: brand.id };
  const [product, othersFavourite, soldOut] = [
    await insertProduct(t, refs, { quantity: 1000 }),
    await insertProduct(t, refs, { quantity: 1000 }),
    await insertProduct(t, refs, { quantity: 0 }),
  ];
  w = {
    admin,
    customer,
    other,
    png: await pngImage(20, 20),
    categoryId: category.id,
    categoryName: category.name,
    brandId: brand.id,
    brandName: brand.name,
    subcategoryId: subcategory.id,
    subcategoryName: subcategory.name,
    foreignSubcategoryId: foreignSubcategory.id,
    productId: product.id,
    othersFavouriteId: othersFavourite.id,
    soldOutId: soldOut.id,
    couponName: coupon.name,
    expiredCouponName: expired.name,
    customerOrderId: '',
    customerCheckoutId: '',
    zoneId: '',
    zoneCity: unique('مدينة'),
    defaultZoneId: '',
    pool: [],
  };
  // A shop registered for VAT, so its orders have tax invoices (docs/invoices.md).
  await storeSettingsOf(t.database.db, t.config);
  await t.database.db.update(storeSettings).set(SAUDI_SELLER);
  // Orders and reviews go through the API (they need the world above).
  w.customerOrderId = await newOrder(customer);
  w.customerCheckoutId = await newCheckout(customer);
  const otherCheckoutId = await newCheckout(other);
  // The other customer's things: an order, a review, an address, a cart line and a favourite.
  const otherOrderId = await newOrder(other);
  const otherReviewId = await newReview(other);
  const otherAddressId = await newAddress(other);
  const otherLine = await cartLine(other);
  await t.database.db.insert(wishlistItems).values({ userId: other.id, productId: othersFavourite.id });
  const [zone] = await t.database.db
    .insert(shippingZones)
    .values({ name: unique('منطقة'), cities: [w.zoneCity] })
    .returning();
  w.zoneId = zone?.id ?? '';
  w.defaultZoneId = (await shippingZonesOf(t.database.db)).find((z) => z.isDefault)?.id ?? '';
  w.pool = [
    { kind: 'product', id: product.id },
    { kind: 'category', id: category.id },
    { kind: 'brand', id: brand.id },
    { kind: 'subcategory', id: subcategory.id },
    { kind: 'coupon', id: coupon.id },
    { kind: 'user', id: customer.id },
    { kind: 'user', id: admin.id },
    { kind: 'order', id: otherOrderId, other: true },
    { kind: 'review', id: otherReviewId, other: true },
    { kind: 'address', id: otherAddressId, other: true },
    { kind: 'cart', id: otherLine.cartId, other: true },
    { kind: 'cartItem', id: otherLine.itemId, other: true },
    { kind: 'checkout', id: otherCheckoutId, other: true },
    { kind: 'zone', id: w.zoneId },
  ];
}, 120_000);
afterAll(() => t.close());

describe('the route table', () => {
  it('has a fuzzing spec for every /api/v1 route, and none for a route that does not exist', () => {
    expect(Object.keys(specs).map(normaliseRoute).sort()).toEqual(apiRoutes(t.app));
  });
});

describe.each(Object.keys(specs))('%s', (route) => {
  it('refuses bad input with a 4xx in the contract shape and changes nothing', async () => {
    const spec = specs[route] as RouteSpec;
    const valid = (await spec.prepare?.()) ?? {};
    const access = routeAccess[route];
    const caller =
      valid.as ?? (access === 'admin' || access === 'staff' ? w.admin : access === 'public' ? undefined : w.customer);

    // Every malformed body of the list is sent as well, whatever the seed picks.
    const examples: [Attempt][] = route.startsWith('GET ')
      ? []
      : MALFORMED_JSON.map((raw) => [
          attempt(route, valid, caller, { what: 'malformed JSON', body: { raw, contentType: 'application/json' } }),
        ]);
    const before = await tableDigests();
    // Examples count towards numRuns: RUNS generated requests come on top of them.
    await fc.assert(fc.asyncProperty(attempts(route, spec, valid, caller), judge), {
      numRuns: RUNS + examples.length,
      seed: SEED,
      examples,
    });
    expect(await tableDigests()).toEqual(before);

    if (spec.control !== undefined) {
      const control = attempt(route, valid, caller, {
        what: 'the valid request',
        ...(spec.form && valid.files ? { body: { form: valid.body ?? {}, files: valid.files } } : {}),
      });
      const res = await send(control);
      expect(res.statusCode, res.body).toBe(spec.control);
    }
  });
});

describe('JSON nesting', () => {
  const body = (extra: string) => `{"name":"زبون","phone":"0551234567","x":${extra}}`;
  const put = (payload: string) =>
    inject('PUT', '/users/updateMe', {
      token: w.customer.token,
      payload,
      headers: { 'content-type': 'application/json' },
    });

  it(`is refused past ${MAX_JSON_DEPTH} levels (with a 400, not the 500 of an overflowing stack)`, async () => {
    // The body itself is the first level.
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect((await put(body(nested(MAX_JSON_DEPTH - 1)))).statusCode).toBe(200);
    expectFail(await put(body(nested(MAX_JSON_DEPTH))), 400, m.invalidJson);
    expectFail(await put(body(nested(200_000))), 400, m.invalidJson);
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const text = JSON.stringify(`"${'['.repeat(100)}\\"{{{`);
    const res = await put(body(text));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('fields nobody asked for, on a valid body', () => {
  /** Fields a client might hope to set, and others; none may change anything. */
  const extraFields = (known: string[]) =>
    fc.record({
      privileged: fc.record(
        {
          role: fc.constant('admin'),
          tokenVersion: fc.integer(),
          passwordHash: fc.string(),
          id: later(() => w.other.id),
          _id: fc.uuid({ version: 4 }),
          userId: later(() => w.other.id),
          user: later(() => w.other.id),
          productId: later(() => w.productId),
          product: later(() => w.productId),
          createdAt: fc.constant('2000-01-01T00:00:00Z'),
        },
        { requiredKeys: [] },
      ),
      junk: fc.dictionary(
        junkKey(known).filter((key) => key !== '__proto__'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      ),
    });
  const userRow = async (id: string) => {
    const [row] = await selectRows<{ role: string; token_version: number; password_hash: string }>(
      t.database.db,
      sql`select role, token_version, password_hash from users where id = ${id}`,
    );
    return row;
  };

  it('PUT /users/updateMe: a customer stays a customer, with the same sessions and password', async () => {
    const me = await createAccount(t);
    const before = await userRow(me.id);
    const otherBefore = await userRow(w.other.id);
    await fc.assert(
      fc.asyncProperty(extraFields(['name', 'phone', 'email']), async ({ privileged, junk }) => {
        const payload = Object.fromEntries([
          ...Object.entries(junk),
          ...Object.entries(privileged),
          ['name', 'زبون'],
          ['phone', '0551234567'],
        ]);
        const res = await inject('PUT', '/users/updateMe', { token: me.token, payload });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.user).toMatchObject({ _id: me.id, role: 'user' });
      }),
      { numRuns: 10, seed: SEED },
    );
    expect(await userRow(me.id)).toEqual(before);
    expect(await userRow(w.other.id)).toEqual(otherBefore);
  });

  it('POST /addresses: the address is the caller’s, whatever owner the body names', async () => {
    const me = await createAccount(t);
    await fc.assert(
      fc.asyncProperty(extraFields(Object.keys(validAddress())), async ({ privileged, junk }) => {
        const payload = Object.fromEntries([
          ...Object.entries(junk),
          ...Object.entries(privileged),
          ...Object.entries(validAddress()),
        ]);
        const res = await inject('POST', '/addresses', { token: me.token, payload });
        expect(res.statusCode, res.body).toBe(200);
      }),
      { numRuns: 10, seed: SEED },
    );
    const owners = await selectRows<{ user_id: string; n: number }>(
      t.database.db,
      sql`select user_id, count(*)::int as n from addresses where user_id in (${me.id}, ${w.other.id}) group by user_id`,
    );
    expect(Object.fromEntries(owners.map((row) => [row.user_id, row.n]))).toEqual({ [me.id]: 10, [w.other.id]: 1 });
  });

  it('PUT /reviews/:id: the review keeps its author and product', async () => {
    const reviewId = await newReview(w.customer);
    const where = sql`select user_id, product_id from reviews where id = ${reviewId}`;
    const [before] = await selectRows<{ user_id: string; product_id: string }>(t.database.db, where);
    await fc.assert(
      fc.asyncProperty(extraFields(['review', 'rating']), async ({ privileged, junk }) => {
        const payload = Object.fromEntries([
          ...Object.entries(junk),
          ...Object.entries(privileged),
          ['review', 'رأي معدل'],
          ['rating', 3.5],
        ]);
        const res = await inject('PUT', `/reviews/${reviewId}`, { token: w.customer.token, payload });
        expect(res.statusCode, res.body).toBe(200);
      }),
      { numRuns: 10, seed: SEED },
    );
    expect(await selectRows(t.database.db, where)).toEqual([before]);
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid one-colour PNG (1 bit per pixel, every pixel the palette's red)
 * of width × height pixels, whose zeros deflate to almost nothing (20000 × 20000 is 49 kB).
 */
function pngBomb(width: number, height: number): FilePart {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 3; // palette
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0, then palette index 0
  const data = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('PLTE', Buffer.from([0xff, 0, 0])),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { filename: 'bomb.png', contentType: 'image/png', data };
}

/** Every file the media store holds. */
function mediaFiles(): string[] {
  const root = path.join(t.config.dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
}

/** A full garbage collection, for measuring what is really kept (not yet collected garbage). */
function collectGarbage() {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Memory held by JavaScript objects and buffers, after a full collection. */
function heldMemory() {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const MB = 1024 * 1024;

describe('uploads', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a decompression bomb (a 49 kB PNG of 20000 × 20000 pixels) is refused at once, without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.data.length).toBeLessThan(100_000);
    const beforeRows = await tableDigests();
    const beforeMedia = mediaFiles();
    for (const [url, form] of [
      ['/categories', multipart({ name: unique('قسم') }, { image: bomb })],
      [
        '/products',
        multipart(
          { title: unique('منتج'), description: 'وصف', quantity: '1', price: '10', category: w.categoryId },
          { imageCover: bomb },
        ),
      ],
    ] as const) {
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 2);
      const started = Date.now();
      const res = await inject('POST', url, { token: w.admin.token, ...form });
      const elapsed = Date.now() - started;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      expectFail(res, 413);
      // Decoded, it would take 400 MB and seconds.
      expect(elapsed).toBeLessThan(3_000);
      expect(peakRss - rssBefore).toBeLessThan(40 * MB);
    }
    expect(await tableDigests()).toEqual(beforeRows);
    expect(mediaFiles()).toEqual(beforeMedia);
  });

  it('a 50 MB file is refused with 413 before it has all arrived, holding a few MB at most', async () => {
    const beforeRows = await tableDigests();
    const beforeMedia = mediaFiles();
    const boundary = `----fuzz-${randomUUID()}`;
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const filePart = (field: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const textPart = (field: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
    const uploads = [
      { url: '/api/v1/categories', head: textPart('name', unique('قسم')) + filePart('image') },
      {
        url: '/api/v1/products',
        head:
          textPart('title', unique('منتج')) +
          textPart('description', 'وصف') +
          textPart('quantity', '1') +
          textPart('price', '10') +
          textPart('category', w.categoryId) +
          filePart('imageCover'),
      },
    ];
    for (const { url, head } of uploads) {
      const headers = {
        authorization: `Bearer ${w.admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      };
      const res = await streamPost(origin, url, headers, { head: Buffer.from(head), size: 50 * MB, tail }, heldMemory);
      expect(res.status, res.body).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ status: 'fail', message: expect.any(String), code: expect.any(String) });
      // Answered once the 5 MB limit was passed (plus what sat in socket buffers), not at 50 MB.
      expect(res.sentWhenAnswered).toBeLessThan(30 * MB);
      expect(res.ms).toBeLessThan(10_000);
      expect(res.peak).toBeLessThan(40 * MB);
    }
    // A 50 MB JSON body: its Content-Length alone is enough to refuse it.
    const json = await streamPost(
      origin,
      '/api/v1/subcategories',
      {
        authorization: `Bearer ${w.admin.token}`,
        'content-type': 'application/json',
        'content-length': String(50 * MB + 2),
      },
      { head: Buffer.from('"'), size: 50 * MB, tail: Buffer.from('"') },
      heldMemory,
    );
    expect(json.status, json.body).toBe(413);
    expect(json.sentWhenAnswered).toBeLessThan(30 * MB);
    expect(json.peak).toBeLessThan(40 * MB);
    // The server goes on answering.
    expect((await fetch(`${origin}/api/v1/categories`)).status).toBe(200);
    expect(await tableDigests()).toEqual(beforeRows);
    expect(mediaFiles()).toEqual(beforeMedia);
  });

  it('files that are no image, or a broken one, are refused with a 4xx and store nothing', async () => {
    const source = (await noisyPng(48, 48)).data;
    const images = await Promise.all(
      (['png', 'jpeg', 'webp', 'gif', 'avif'] as const).map((format) => sharp(source).toFormat(format).toBuffer()),
    );
    const magic = [
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '),
      Buffer.from('\u0000\u0000\u0000\u001cftypavif'),
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('PK\u0003\u0004'),
      Buffer.from('<html><body>'),
    ];
    const svg = (inside: string) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">${inside}</svg>`);
    const file = fc.oneof(
      fc
        .tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 4_000 }))
        .map(([start, rest]) => Buffer.concat([start, Buffer.from(rest)])),
      // An image cut short anywhere (never empty: an empty file part means "no file").
      fc
        .tuple(fc.constantFrom(...images), fc.double({ min: 0, max: 0.97, noNaN: true }))
        .map(([image, share]) => image.subarray(0, Math.max(1, Math.floor(image.length * share)))),
      fc.constantFrom(
        svg('<script>alert(document.cookie)</script><rect width="40" height="40" fill="red"/>'),
        svg('<image href="file:///etc/passwd" width="40" height="40"/>'),
        svg('<foreignObject><iframe src="javascript:alert(1)"/></foreignObject>'),
      ),
    );
    const beforeRows = await tableDigests();
    const beforeMedia = mediaFiles();
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/plain'),
        async (data, type) => {
          const form = multipart({ name: unique('ماركة') }, { image: { filename: 'x.png', contentType: type, data } });
          expectClientError(await inject('POST', '/brands', { token: w.admin.token, ...form }));
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(await tableDigests()).toEqual(beforeRows);
    expect(mediaFiles()).toEqual(beforeMedia);
  });
});
