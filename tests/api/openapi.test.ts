import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from '../../src/server/web.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { API_PREFIX, apiRoutes, normaliseRoute, routeAccess } from '../helpers/routes.js';

/*
 * The OpenAPI document (/api/docs/json) against Fastify's own route table: every /api/v1 operation
 * is documented with its request body, its success answer, the failures it can answer with and
 * its security, so a new route fails this file until it declares them (src/server/http/openapi.ts
 * adds what follows from the route's guard, body and rate limit by itself).
 */

type Schema = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  description?: string;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
};

/** Calls that send nothing to read: signing out is the bearer token alone, a basket's merge its key header. */
const WITHOUT_BODY = new Set([
  'POST /auth/logout',
  'POST /cart/merge',
  'POST /e-invoicing/production',
  'POST /e-invoicing/documents/:number/correction',
]);
/** Deletes that say why: staff deleting a review give the reason the moderation log keeps. */
const DELETE_WITH_BODY = new Set(['DELETE /admin/reviews/:id']);
/** Rate-limited calls (the auth routes' `config.rateLimit`). */
const RATE_LIMITED = new Set([
  'POST /auth/signup',
  'POST /auth/login',
  'POST /auth/forgotPasswords',
  'POST /auth/verifyResetCode',
  'PUT /auth/resetPassword',
  'GET /orders/checkout-session/:param',
]);
/** Calls on an id that answer without looking it up: removing a favourite that is not there is done. */
const NO_LOOKUP = new Set(['DELETE /wishlist/:productId']);

let t: TestApp;
let doc: Document;
/** `METHOD /path` (as apiRoutes names it) → its operation in the document. */
const operations = new Map<string, Operation>();

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${API_PREFIX}/`)) continue;
    const route = path.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(item)) {
      operations.set(normaliseRoute(`${method.toUpperCase()} ${route}`), operation);
    }
  }
});
afterAll(() => t.close());

/** A schema, or the component it refers to. */
function resolve(schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return doc.components.schemas[ref.slice(ref.lastIndexOf('/') + 1)];
}

const jsonSchemaOf = (response: Response | undefined) => resolve(response?.content?.['application/json']?.schema);

/** The failure statuses a route can answer with, from who may call it and what it takes. */
function expectedFailures(route: string): string[] {
  const access = routeAccess[route];
  const takesBody = !route.startsWith('GET ') && !route.startsWith('DELETE ') && !WITHOUT_BODY.has(route);
  const statuses = [400, 503];
  if (access !== 'public') statuses.push(401);
  if (access === 'customer' || access === 'admin' || access === 'staff') statuses.push(403);
  if (takesBody) statuses.push(413, 415);
  if (RATE_LIMITED.has(route)) statuses.push(429);
  if (route.includes('/:') && !NO_LOOKUP.has(route)) statuses.push(404);
  return statuses.map(String);
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme, and its reference page renders at /api/docs', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const script = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });

  it('documents every /api/v1 route of the route table, and nothing else', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(60);
    expect([...operations.keys()].sort()).toEqual(routes);
  });

  it.each(Object.keys(routeAccess))('%s: request body, success answer, failures and security', (route) => {
    const operation = operations.get(normaliseRoute(route));
    expect(operation, `${route} is not documented`).toBeDefined();
    if (!operation) return;
    const problems: string[] = [];

    const takesBody =
      DELETE_WITH_BODY.has(route) ||
      (!route.startsWith('GET ') && !route.startsWith('DELETE ') && !WITHOUT_BODY.has(route));
    const bodies = Object.values(operation.requestBody?.content ?? {});
    if (takesBody && (bodies.length === 0 || bodies.some((body) => !resolve(body.schema))))
      problems.push('no request body');
    if (!takesBody && operation.requestBody) problems.push('a request body it does not read');

    const statuses = Object.keys(operation.responses);
    const successes = statuses.filter((status) => status.startsWith('2'));
    if (successes.length !== 1) problems.push(`success answers ${successes.join(', ') || 'none'}`);
    for (const status of successes) {
      const schema = jsonSchemaOf(operation.responses[status]);
      if (status === '204' ? operation.responses[status]?.content : !schema?.type) {
        problems.push(`${status} without ${status === '204' ? 'an empty body' : 'a schema'}`);
      }
    }

    const missing = expectedFailures(route).filter((status) => !statuses.includes(status));
    if (missing.length > 0) problems.push(`no ${missing.join(', ')} answer`);
    for (const status of statuses.filter((s) => /^[45]/.test(s))) {
      const schema = jsonSchemaOf(operation.responses[status]);
      const shapes = (schema?.anyOf as Schema[] | undefined) ?? [schema];
      const properties = shapes.map((shape) => Object.keys((shape?.properties as Schema | undefined) ?? {}).sort());
      const failShape = properties.some((keys) => ['code', 'message', 'status'].every((key) => keys.includes(key)));
      const validationShape = properties.some((keys) => keys.includes('errors'));
      if (!failShape || (status === '400') !== validationShape) problems.push(`${status} is not the failure body`);
    }

    const bearer = JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]);
    if (routeAccess[route] === 'public' && operation.security) problems.push('claims security on a public route');
    if (routeAccess[route] !== 'public' && !bearer) problems.push('no bearer security');

    expect(problems).toEqual([]);
  });

  it('names the items once, as components, and every reference points at one', () => {
    const text = JSON.stringify(doc);
    const references = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]));
    expect([...references].filter((name) => name && !doc.components.schemas[name])).toEqual([]);
    for (const name of ['Product', 'Order', 'Cart', 'User', 'Review', 'Coupon', 'Address', 'FieldError']) {
      expect(references.has(name), name).toBe(true);
    }
    // Every resource, embedded ones too, carries both ids.
    for (const name of ['Product', 'Order', 'User', 'Review', 'Coupon', 'Address', 'CategoryOrBrand', 'Subcategory']) {
      expect(doc.components.schemas[name]?.required, name).toEqual(expect.arrayContaining(['_id', 'id']));
    }
  });

  it('describes the multipart forms with their files', () => {
    const form = (route: string) =>
      resolve(operations.get(route)?.requestBody?.content?.['multipart/form-data']?.schema)?.properties as
        | Record<string, Schema>
        | undefined;
    expect(form('POST /products')?.imageCover).toMatchObject({ type: 'string', format: 'binary' });
    expect(form('POST /products')?.images).toMatchObject({ type: 'array', items: { format: 'binary' } });
    expect(Object.keys(form('POST /products') ?? {})).toEqual(
      expect.arrayContaining(['title', 'description', 'quantity', 'price', 'category', 'availableColors']),
    );
    expect(operations.get('POST /products')?.requestBody?.content?.['application/json']).toBeUndefined();
    for (const route of ['POST /categories', 'PUT /categories/:param', 'POST /brands', 'PUT /brands/:param']) {
      expect(form(route)?.image, route).toMatchObject({ type: 'string', format: 'binary' });
      expect(form(route)?.name, route).toMatchObject({ type: 'string' });
    }
    expect(form('PUT /products/:param')?.imageCover).toMatchObject({ format: 'binary' });
  });

  it('marks the bodies a client may leave out as optional (order flags), the others as required', () => {
    expect(operations.get('PUT /orders/:param/pay')?.requestBody?.required).toBe(false);
    expect(operations.get('PUT /orders/:param/deliver')?.requestBody?.required).toBe(false);
    expect(operations.get('POST /auth/login')?.requestBody?.required).toBe(true);
  });

  it('documents the refund’s optional Idempotency-Key header', () => {
    const refund = operations.get('POST /orders/:param/refunds');
    const header = refund?.parameters?.find((parameter) => parameter.in === 'header');
    expect(header).toMatchObject({ name: 'idempotency-key', required: false });
    expect(refund?.description).toMatch(/Idempotency-Key: 1 to 200 visible ASCII characters/);
  });
});

describe('embedded resources', () => {
  /** Every object schema anywhere in `schema` (properties, items, unions, components). */
  function* objects(schema: unknown, seen = new Set<unknown>()): Generator<Schema> {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const node = schema as Schema;
    if (typeof node.$ref === 'string') yield* objects(resolve(node), seen);
    if (node.properties && typeof node.properties === 'object') yield node;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) yield* objects(item, seen);
      else if (value && typeof value === 'object') yield* objects(value, seen);
    }
  }

  it('every object with an `_id` has an `id` beside it, in every answer (docs/api-compatibility.md)', () => {
    const missing: string[] = [];
    for (const [route, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const object of objects(response.content?.['application/json']?.schema)) {
          const properties = object.properties as Schema;
          if ('_id' in properties && !('id' in properties)) {
            missing.push(`${route} ${status}: ${Object.keys(properties).join(', ')}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the whole server (API and pages)', () => {
  it('lists no catch-all route (the pages’ `/{*}`, the API’s not-found `/api/{*}`) as an operation', async () => {
    const whole = await createTestApp({}, (app, config) => registerWeb(app, config, 'production'));
    try {
      const res = await whole.app.inject({ url: '/api/docs/json' });
      const paths = Object.keys((res.json() as Document).paths);
      expect(paths.filter((path) => !path.startsWith(`${API_PREFIX}/`))).toEqual([]);
      // Both catch-alls still answer: the API's not-found shape, and the pages.
      expect((await whole.app.inject({ url: '/api/nothing-here' })).json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    } finally {
      await whole.close();
    }
  }, 300_000);
});
