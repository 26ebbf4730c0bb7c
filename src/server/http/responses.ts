import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { codeOf } from '../../contract/messages.js';
import { HttpError } from '../errors.js';

/** The JSON a value becomes: undefined fields gone, dates as strings. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The path of the first place where `after` differs from `before` (a field dropped, a value changed). */
function firstDifference(before: unknown, after: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(before, after)) return undefined;
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const found = firstDifference(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        `${path}/${key}`,
      );
      if (found !== undefined) return found;
    }
  }
  return path || '/';
}

/**
 * Fastify's serializer for the routes' zod response schemas: every answer is parsed by the schema
 * of its status, then written as JSON. Fields the schema does not declare are left out, and an
 * answer that does not fit its schema is a 500 (logged) rather than a shape no client expects.
 * The parse costs a few microseconds per answer (docs/architecture.md, "Responses").
 *
 * `lossless` (the tests) also refuses an answer that the schema would change, so a field a
 * serializer adds without declaring it fails loudly instead of silently disappearing; the 500's
 * message names the route and the field.
 */
export function responseSerializer(options: { lossless?: boolean } = {}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) {
      throw new Error(`${method} ${url}: the ${httpStatus} response schema is not a zod schema`);
    }
    const route = `${method} ${url} ${httpStatus}`;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const problem = `${route}: the answer does not fit its schema: ${z.prettifyError(result.error)}`;
        throw options.lossless ? new HttpError(500, problem, codeOf('internalError')) : new Error(problem);
      }
      if (options.lossless) {
        const lost = firstDifference(asJson(data), asJson(result.data));
        if (lost !== undefined) {
          throw new HttpError(500, `${route}: the schema drops or changes ${lost}`, codeOf('internalError'));
        }
      }
      return JSON.stringify(result.data);
    };
  };
}
