import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FailBody, type FieldFailure, fieldFailuresOf, type IssueLike } from '../contract/errors.js';
import { type ApiErrorCode, type ApiFailureKey, apiFailures, codeOf } from '../contract/messages.js';
import { isDatabaseUnavailable } from './db-errors.js';
import type { StorageCode, StorageMonitor } from './storage.js';

export type FieldError = FieldFailure;

type Failures = typeof apiFailures;
/** Catalogue entries answered as `{ status, message, code }` (they have a status). */
export type FailKey = { [K in ApiFailureKey]: Failures[K] extends { status: number } ? K : never }[ApiFailureKey];
/** Catalogue entries answered as a validation error on a field. */
export type FieldKey = { [K in ApiFailureKey]: Failures[K] extends { field: true } ? K : never }[ApiFailureKey];

/**
 * A failure with the contract's `{ status, message }` body and the stable machine-readable `code`
 * of the catalogue (src/contract/messages.ts); `details` adds fields beside it. Prefer `failure`,
 * which takes all three from the catalogue.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ApiErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The catalogue's failure `key`, with its status, message and code. */
export function failure(key: FailKey, details?: Record<string, unknown>): HttpError {
  const { status, message } = apiFailures[key];
  return new HttpError(status, message, codeOf(key), details);
}

/** A failure with the contract's `{ errors: [...] }` body (always 400). */
export class ValidationError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.msg ?? 'Validation failed');
  }
}

/** One field's catalogue failure `key` as a validation error. */
export const fieldError = (param: string, key: FieldKey, value: unknown, location: FieldError['location'] = 'body') =>
  new ValidationError([{ value, msg: apiFailures[key].message, param, location, code: codeOf(key) }]);

/** The issues of a failed zod parse of `source` as the contract's validation error. */
export const issuesError = (issues: readonly IssueLike[], source: unknown, location: FieldError['location']) =>
  new ValidationError(fieldFailuresOf(issues, source, location));

const locations = { body: 'body', querystring: 'query', params: 'params', headers: 'query' } as const;

const failBody = (statusCode: number, message: string, code: ApiErrorCode): FailBody => ({
  status: statusCode >= 500 ? 'error' : 'fail',
  message,
  code,
});

/** The catalogue's body of `key`, answered with `statusCode`. */
export const catalogueBody = (statusCode: number, key: ApiFailureKey, message: string = apiFailures[key].message) =>
  failBody(statusCode, message, codeOf(key));

/**
 * Fastify's own 4xx (bad JSON, body too large, wrong content type, rate limit…) by its code or,
 * for the rest, its status.
 */
function frameworkFailure(error: FastifyError, statusCode: number): ApiFailureKey {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalidJson';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'bodyTooLarge';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupportedMediaType';
  }
  if (statusCode === 404) return 'routeNotFound';
  if (statusCode === 408) return 'requestTimeout';
  if (statusCode === 413) return 'bodyTooLarge';
  if (statusCode === 415) return 'unsupportedMediaType';
  if (statusCode === 429) return 'tooManyRequests';
  return 'requestInvalid';
}

/** The catalogue entry of a storage failure the monitor recognised. */
export const storageFailureKey = (code: StorageCode) =>
  code === 'STORAGE_FULL' ? 'storageFull' : 'storageUnavailable';

/** Seconds to wait after a storage failure: longer than a reconnect (5), a full disk needs someone. */
const RETRY_AFTER_STORAGE = 30;

export function registerErrorHandling(app: FastifyInstance, storage: StorageMonitor) {
  app.setErrorHandler((error: FastifyError | HttpError | ValidationError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(400).send({ errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error.validationContext ?? 'body') as keyof typeof locations;
      const source = context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
      const issues = error.validation.map((item) => ({
        code: item.keyword,
        message: item.message ?? '',
        path: item.instancePath.split('/').filter(Boolean),
        origin: (item.params as { origin?: unknown }).origin,
      }));
      return reply.code(400).send({ errors: issuesError(issues, source, locations[context]).errors });
    }
    if (error instanceof HttpError) {
      // A service that did not answer (the media store): soon again, as after a database reconnect.
      if (error.statusCode === 503) reply.header('retry-after', '5');
      return reply
        .code(error.statusCode)
        .send({ ...failBody(error.statusCode, error.message, error.code), ...error.details });
    }
    // Before the database check: a stopped embedded database is unavailable *because* its disk is full.
    const storageCode = storage.note(error);
    if (storageCode) {
      // Short: while the disk is full every write lands here (the monitor logged the first in full).
      request.log.warn({ code: storageCode, reason: (error as Error).message }, 'write refused: storage failing');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_STORAGE))
        .send(catalogueBody(503, storageFailureKey(storageCode)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(catalogueBody(503, 'serviceUnavailable'));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(catalogueBody(500, 'internalError'));
    }
    return reply.code(statusCode).send(catalogueBody(statusCode, frameworkFailure(error, statusCode)));
  });

  app.setNotFoundHandler(answerRouteNotFound);
}

/** 404 for a path no route serves, naming the path. */
export function answerRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(catalogueBody(404, 'routeNotFound', `${apiFailures.routeNotFound.message}: ${request.url}`));
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot even look up (broken percent-encoding, or
 * a segment longer than its 100-character limit, which no id is) names no route. Without this
 * Fastify answers in its own shape ({ statusCode, code, error, message }), not the contract's.
 */
export function answerUnroutable(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  answerRouteNotFound(request, reply);
}
