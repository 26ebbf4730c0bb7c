import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages } from '../contract/messages.js';
import { isDatabaseUnavailable } from './db-errors.js';
import type { StorageMonitor } from './storage.js';

export type FieldError = { value: unknown; msg: string; param: string; location: 'body' | 'query' | 'params' };

/**
 * A failure with the contract's `{ status, message }` body; `code` is a stable machine-readable
 * name (SCREAMING_SNAKE) that clients may branch on, and `details` adds fields beside it.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A failure with the contract's `{ errors: [...] }` body (always 400). */
export class ValidationError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.msg ?? 'Validation failed');
  }
}

export const fieldError = (param: string, msg: string, value: unknown, location: FieldError['location'] = 'body') =>
  new ValidationError([{ value, msg, param, location }]);

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

const locations = { body: 'body', querystring: 'query', params: 'params', headers: 'query' } as const;

function valueAt(source: unknown, path: string[]): unknown {
  let current = source;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const failBody = (statusCode: number, message: string, code?: string, details?: Record<string, unknown>) => ({
  status: statusCode >= 500 ? 'error' : 'fail',
  message,
  ...(code ? { code } : {}),
  ...details,
});

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
      const errors = error.validation.map((issue) => {
        const path = issue.instancePath.split('/').filter(Boolean);
        return {
          value: valueAt(source, path),
          msg: issue.message,
          param: path.join('.'),
          location: locations[context],
        };
      });
      return reply.code(400).send({ errors });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(failBody(error.statusCode, error.message, error.code, error.details));
    }
    // Before the database check: a stopped embedded database is unavailable *because* its disk is full.
    const storageCode = storage.note(error);
    if (storageCode) {
      // Short: while the disk is full every write lands here (the monitor logged the first in full).
      request.log.warn({ code: storageCode, reason: (error as Error).message }, 'write refused: storage failing');
      const message = storageCode === 'STORAGE_FULL' ? apiMessages.storageFull : apiMessages.storageUnavailable;
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_STORAGE))
        .send(failBody(503, message, storageCode));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(failBody(503, apiMessages.serviceUnavailable));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(failBody(500, apiMessages.internal));
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type, rate limit…).
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? apiMessages.invalidJson
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? apiMessages.bodyTooLarge
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? apiMessages.unsupportedMediaType
            : error.message;
    return reply.code(statusCode).send(failBody(statusCode, message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failBody(404, `${apiMessages.routeNotFound}: ${request.url}`));
  });
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot even look up (broken percent-encoding, or
 * a segment longer than its 100-character limit, which no id is) names no route. Without this
 * Fastify answers in its own shape ({ statusCode, code, error, message }), not the contract's.
 */
export function answerUnroutable(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.code(404).send(failBody(404, `${apiMessages.routeNotFound}: ${request.url}`));
}
