import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../contract/web.js';

/** The sign-in token in the web's session cookie, if the visitor has one. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
