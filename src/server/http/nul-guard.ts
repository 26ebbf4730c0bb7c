import type { FastifyRequest } from 'fastify';
import { type FieldError, fieldError } from '../errors.js';

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Bytes are not text: a web form's raw body (src/server/http/form-body.ts) is parsed by its page,
  // and walking a Buffer entry by entry took seconds a megabyte.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Refuses NUL characters anywhere in a request's body or query, before any handler sees them. */
export function rejectNul(source: unknown, location: FieldError['location']) {
  const path = findNul(source);
  if (path) throw fieldError(path.join('.'), 'textHasNul', undefined, location);
}

export async function nulGuard(request: FastifyRequest) {
  rejectNul(request.query, 'query');
  rejectNul(request.params, 'params');
  rejectNul(request.body, 'body');
}
