import type { FastifyReply, FastifyRequest } from 'fastify';
import { withVary } from './vary.js';

/** Every method of /api/v1 (all updates are PUT; there is no PATCH route). */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
/** A bearer token, a JSON content type and a guest basket's key; multipart and plain GETs need nothing more. */
const ALLOWED_HEADERS = 'authorization, content-type, x-basket-key';
/** How long a browser may reuse a preflight's answer: two hours, Chromium's own cap. */
const PREFLIGHT_MAX_AGE_SECONDS = 2 * 60 * 60;

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');
const isMedia = (request: FastifyRequest) =>
  request.url.startsWith('/media/') && (request.method === 'GET' || request.method === 'HEAD');

/**
 * Cross-origin access for the browser apps named in CORS_ORIGINS (none by default; SECURITY.md
 * § 4): the API and media files answer those exact origins with `Access-Control-Allow-Origin`,
 * their errors included (else a browser hides the error body from the app), and the API answers
 * their preflights in `onRequest`, before any route, guard or rate limit. No credentials are
 * allowed: the API takes bearer tokens, which a page sends itself, never cookies. The web pages
 * and their actions, which work by the session cookie, stay same-origin: nothing here touches them.
 */
export function createCors(origins: readonly string[]) {
  const allowed = new Set(origins);

  /**
   * Marks an API or media answer for a listed origin; true when the origin is one. Also used for
   * paths the router cannot look up (Fastify's frameworkErrors), which run no hooks.
   */
  function annotate(request: FastifyRequest, reply: FastifyReply): boolean {
    if (allowed.size === 0 || (!isApi(request) && !isMedia(request))) return false;
    // The answer depends on the Origin header, so no cache may hand one origin's answer to another.
    withVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return false;
    reply.header('access-control-allow-origin', origin);
    return true;
  }

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!annotate(request, reply) || !isApi(request)) return;
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return;
    reply.headers({
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    });
    // A listed origin served from a public site may call a shop on a private address (Chromium's
    // Private Network Access asks first); the owner listed it, so it may.
    if (request.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
    return reply.code(204).send();
  }

  return { annotate, onRequest };
}
