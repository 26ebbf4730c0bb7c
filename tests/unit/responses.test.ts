import Fastify, { type FastifySchema, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noContentSchema } from '../../src/contract/common.js';
import { HttpError, registerErrorHandling } from '../../src/server/errors.js';
import { completeApiRoute, failing } from '../../src/server/http/openapi.js';
import { responseSerializer } from '../../src/server/http/responses.js';

/** An app whose one route answers `answer` through the schema `{ name }` (404: the failure body). */
async function appAnswering(answer: () => unknown, lossless: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ lossless }));
  registerErrorHandling(app, { note: () => undefined, check: async () => undefined });
  const response = { 200: z.object({ name: z.string() }), 204: noContentSchema, ...failing(404) };
  app.get('/thing', { schema: { response } }, async (_request, reply) => {
    const value = answer();
    return value === undefined ? reply.code(204).send() : value;
  });
  await app.ready();
  return app;
}

describe('responses follow their schema', () => {
  it('leaves out what the schema does not declare (the running shop)', async () => {
    const app = await appAnswering(() => ({ name: 'x', passwordHash: 'secret' }), false);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'x' });
  });

  it('in the tests, a field the schema does not declare is a 500 naming it instead of disappearing', async () => {
    const app = await appAnswering(() => ({ name: 'x', extra: 1 }), true);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('GET /thing 200: the schema drops or changes /extra');
  });

  it('an answer that does not fit its schema is a 500, never a shape no client expects', async () => {
    for (const lossless of [false, true]) {
      const app = await appAnswering(() => ({ name: 42 }), lossless);
      const res = await app.inject({ url: '/thing' });
      expect(res.statusCode).toBe(500);
      expect(res.json().status).toBe('error');
    }
  });

  it('a failure keeps its code and details; 204 has no body', async () => {
    const failing = await appAnswering(() => {
      throw new HttpError(404, 'Thing not found', 'PRODUCT_NOT_FOUND', { thing: { id: 't1' } });
    }, true);
    const res = await failing.inject({ url: '/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 'fail',
      message: 'Thing not found',
      code: 'PRODUCT_NOT_FOUND',
      thing: { id: 't1' },
    });

    const empty = await appAnswering(() => undefined, true);
    const none = await empty.inject({ url: '/thing' });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
  });
});

describe('completeApiRoute', () => {
  const guard = () => async () => {};
  const guards: Parameters<typeof completeApiRoute>[0] = {
    signedIn: guard(),
    customer: guard(),
    admin: guard(),
    staff: guard(),
  };

  /** The schema a route ends up with once the hook has run. */
  async function completed(options: Partial<RouteOptions>): Promise<FastifySchema> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer());
    let schema: FastifySchema = {};
    app.addHook('onRoute', completeApiRoute(guards));
    app.addHook('onRoute', (route) => {
      schema = route.schema ?? {};
    });
    app.route({ method: 'POST', url: '/api/v1/thing', handler: async () => ({}), ...options });
    await app.ready();
    return schema;
  }

  const statuses = (schema: FastifySchema) =>
    Object.keys(schema.response ?? {})
      .map(Number)
      .sort();

  it('a new guarded route gets the bearer security and the guard’s failures by itself', async () => {
    const staff = await completed({ onRequest: guards.admin, schema: { response: { 201: z.object({}) } } });
    expect(staff.security).toEqual([{ bearer: [] }]);
    expect(statuses(staff)).toEqual([201, 400, 401, 403, 503]);

    const signedIn = await completed({ onRequest: [guards.signedIn], schema: { response: { 200: z.object({}) } } });
    expect(signedIn.security).toEqual([{ bearer: [] }]);
    expect(statuses(signedIn)).toEqual([200, 400, 401, 503]);
  });

  it('a public route claims no security; a body adds 413 and 415, a rate limit 429', async () => {
    const open = await completed({
      schema: { body: z.object({ a: z.string() }), response: { 200: z.object({}) } },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    });
    expect(open.security).toBeUndefined();
    expect(statuses(open)).toEqual([200, 400, 413, 415, 429, 503]);
  });
});
