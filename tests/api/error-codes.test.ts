import Fastify, { type FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { registerErrorHandling } from '../../src/server/errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectFail, firstError } from '../helpers/shopping.js';

/*
 * Failures the framework answers rather than a route carry the catalogue's codes like any other
 * (docs/api-errors.md); every route's own refusals are held to the same by tests/api/bad-input.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: string, contentType: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } });

describe('Fastify’s own refusals', () => {
  it('broken or empty JSON, a body over 1 MB, an unknown content type, an unknown route', async () => {
    expectFail(await post('{"email":', 'application/json'), 400, m.invalidJson);
    expect((await post('', 'application/json')).json()).toMatchObject({ code: 'INVALID_JSON' });
    expectFail(await post(`"${'x'.repeat(1024 * 1024)}"`, 'application/json'), 413, m.bodyTooLarge);
    expectFail(await post('email=a', 'text/csv'), 415, m.unsupportedMediaType);
    const unknown = await t.app.inject({ url: '/api/v1/nothing-here' });
    expectFail(unknown, 404, `${m.routeNotFound}: /api/v1/nothing-here`);
    expect(unknown.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('a validation error names its code beside each field, first error first', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'x' } });
    const first = firstError(res);
    expect(first).toMatchObject({ param: 'name', msg: m.nameRequired, code: 'NAME_REQUIRED' });
    expect(res.json().errors.map((error: { code: string }) => error.code)).toContain('EMAIL_INVALID');
  });
});

describe('failures no request should cause', () => {
  const bare = async () => {
    const app = Fastify({ logger: false });
    // A storage monitor that recognises nothing: these failures are not the disk's.
    registerErrorHandling(app, { note: () => undefined, check: async () => undefined });
    app.get('/crash', async () => {
      throw new Error('a bug');
    });
    app.get('/odd', async () => {
      const error = new Error('Fastify’s own wording') as FastifyError;
      error.code = 'FST_ERR_SOMETHING_NEW';
      error.statusCode = 400;
      throw error;
    });
    return app;
  };

  it('a bug answers 500 with status error and INTERNAL_ERROR, never its own message', async () => {
    const app = await bare();
    const res = await app.inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: m.internalError, code: 'INTERNAL_ERROR' });
    await app.close();
  });

  it('another refusal of the framework keeps its status, with REQUEST_INVALID instead of its English', async () => {
    const app = await bare();
    expectFail(await app.inject({ url: '/odd' }), 400, 'The request could not be read');
    await app.close();
  });
});
