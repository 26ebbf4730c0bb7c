import type { FastifyInstance } from 'fastify';
import { failure } from '../errors.js';

/**
 * Far deeper than any body the API takes (an order's address is two levels). A 1 MB body can nest
 * half a million arrays; JSON.parse copes, but every recursive walk after it (the NUL guard,
 * String() of a form field, serialising the error that echoes the value) overflows the stack,
 * which answered 500.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests arrays and objects deeper than `limit` (brackets in strings do not count). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused), after a check of the nesting depth. */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(failure('invalidJson'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
