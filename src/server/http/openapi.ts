import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { onRouteHookHandler } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../contract/auth.js';
import { namedItemSchema, productSchema, subcategorySchema, suggestionSchema } from '../../contract/catalog.js';
import { type ErrorStatus, failureFor, fieldErrorSchema, paginationResultSchema } from '../../contract/common.js';
import { reviewSchema } from '../../contract/reviews.js';
import {
  addressSchema,
  cartLineSchema,
  cartSchema,
  checkoutStatusSchema,
  couponSchema,
  orderItemSchema,
  orderSchema,
} from '../../contract/shopping.js';
import type { Guards } from '../auth/guards.js';

/**
 * A body the handler reads itself (multipart forms, signed webhooks): described in the API
 * reference, never validated by Fastify.
 */
export type DocumentedBody = { contentTypes: string[]; schema: z.ZodType; description?: string };

declare module 'fastify' {
  interface FastifySchema {
    /** See DocumentedBody. */
    documentedBody?: DocumentedBody;
  }
}

/** A form read by `readForm` (src/server/http/multipart.ts): multipart, or JSON when no file is sent. */
export const formBody = (
  schema: z.ZodType,
  contentTypes = ['multipart/form-data', 'application/json'],
): DocumentedBody => ({ contentTypes, schema });

/** The response schemas of some failure statuses, to spread into a route's `schema.response`. */
export function failing<const S extends ErrorStatus>(...statuses: S[]) {
  const schemas: Partial<Record<ErrorStatus, ReturnType<typeof failureFor>>> = {};
  for (const status of statuses) schemas[status] = failureFor(status);
  // Every status asked for was just filled in.
  return schemas as Record<S, ReturnType<typeof failureFor>>;
}

/**
 * An onRoute hook that completes every /api/v1 route's schema with what follows from the route
 * itself, so a new route gets it without anyone remembering:
 * - `security: [{ bearer: [] }]` when a guard (src/server/auth/guards.ts) runs on its requests;
 * - the failures such a route can answer with: 400 (any query, id or body can be refused), 401
 *   behind a guard, 403 behind a role's guard, 413 and 415 when it takes a body, 429 when it is
 *   rate limited, 503 when the database is down. The route itself declares its success and its
 *   own failures (404, 409, …).
 * tests/api/openapi.test.ts checks the result on the whole route table.
 */
export function completeApiRoute(
  guards: Pick<Guards, 'signedIn' | 'customer' | 'admin' | 'staff'>,
): onRouteHookHandler {
  const access = new Map<unknown, 'signed in' | 'role'>([
    [guards.signedIn, 'signed in'],
    [guards.customer, 'role'],
    [guards.admin, 'role'],
    [guards.staff, 'role'],
  ]);
  return (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const guard = [route.onRequest ?? []]
      .flat()
      .map((hook) => access.get(hook))
      .find(Boolean);
    const schema = route.schema ?? {};
    const takesBody = schema.body !== undefined || schema.documentedBody !== undefined;
    const statuses: ErrorStatus[] = [400, 503];
    if (guard) statuses.push(401);
    if (guard === 'role') statuses.push(403);
    if (takesBody) statuses.push(413, 415);
    if (route.config?.rateLimit) statuses.push(429);
    // A new object: routes may share the schema objects they were given.
    route.schema = {
      ...schema,
      response: { ...failing(...statuses), ...(schema.response ?? {}) },
      ...(guard ? { security: [{ bearer: [] }] } : {}),
    };
  };
}

/** What each status means, as the API reference says it. */
const meanings: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Invalid input (`{ errors }`) or a request the rules refuse (`{ status, message }`)',
  401: 'No bearer token, or an invalid, expired or outdated one',
  403: 'The caller’s role or ownership does not allow it',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Body or upload too large',
  415: 'Unsupported content type or image format',
  429: 'Too many requests; retry later',
  502: 'The payment provider did not answer',
  503: 'Database unavailable; retry later',
};

/**
 * The items the API reference names once (`#/components/schemas/…`) and refers to wherever they
 * appear. A registry of its own: zod's global one would refuse the same names from a second copy
 * of src/contract in the process (tests, the web in development).
 */
const components = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries({
  User: userSchema,
  Product: productSchema,
  CategoryOrBrand: namedItemSchema,
  Subcategory: subcategorySchema,
  Suggestion: suggestionSchema,
  Review: reviewSchema,
  Cart: cartSchema,
  CartLine: cartLineSchema,
  Coupon: couponSchema,
  Address: addressSchema,
  Order: orderSchema,
  OrderItem: orderItemSchema,
  CheckoutStatus: checkoutStatusSchema,
  PaginationResult: paginationResultSchema,
  FieldError: fieldErrorSchema,
})) {
  components.add(schema, { id });
}
const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/** An operation whose body may be left out (`x-` keys pass through to the document). */
const OPTIONAL_BODY = 'x-optional-body';

type JsonSchema = Record<string, unknown>;

/**
 * The zod provider's transform, plus: a documented body becomes the request body with its content
 * types, every response says what its status means, and a body schema that accepts no body at
 * all is marked optional.
 */
export const openapiTransform: SwaggerTransform = (document) => {
  const { documentedBody, ...schema } = document.schema ?? {};
  const result = zodTransform({
    ...document,
    schema: documentedBody ? { ...schema, body: documentedBody.schema, consumes: documentedBody.contentTypes } : schema,
  });
  const transformed: Record<string, unknown> = { ...result.schema };
  if (documentedBody?.description) {
    transformed.body = { ...(transformed.body as JsonSchema), description: documentedBody.description };
  }
  const response = transformed.response as Record<string, JsonSchema> | undefined;
  if (response) {
    transformed.response = Object.fromEntries(
      Object.entries(response).map(([status, json]) => [status, { ...json, description: meanings[status] }]),
    );
  }
  const body = documentedBody?.schema ?? schema.body;
  if (body instanceof z.ZodType && body.safeParse(undefined).success) transformed[OPTIONAL_BODY] = true;
  return { ...result, schema: transformed };
};

/** Every `$ref` target under a value of the document. */
function referencesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child.slice(child.lastIndexOf('/') + 1));
      else referencesIn(child, found);
    }
  }
  return found;
}

type Operation = { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: boolean };

/**
 * The zod provider's components (kept when something refers to them: response schemas have no
 * input twin worth listing), and optional bodies marked so.
 */
export const openapiTransformObject: SwaggerTransformObject = (input) => {
  const document = zodTransformObject(input);
  if (!('openapi' in document)) return document;
  for (const path of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(path ?? {}) as Operation[]) {
      if (!operation || typeof operation !== 'object' || !operation[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  }
  const schemas = document.components?.schemas;
  if (schemas) {
    const used = referencesIn(document.paths);
    for (const name of used) referencesIn(schemas[name], used);
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return document;
};
