import type { FastifyReply, FastifyRequest } from 'fastify';
import { withVary } from '../http/vary.js';
import { type CachedPage, chooseEncoding, matchesEtag, type PageCache } from './page-cache.js';

/** A kept answer is made again after this long even when the catalogue did not change. */
export const PAGE_MAX_AGE_MS = 30_000;

/** Every cookie the shop sets starts so (src/contract/web.ts): a session, a basket, a toast, a reset. */
export const SHOP_COOKIE_PREFIX = 'matjar_';

/**
 * A read by a visitor the shop knows nothing of: a GET with none of the shop's cookies and no
 * credentials. Only such a request is answered from, or kept in, the cache (docs/caching.md).
 */
export function isGuestRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.headers.authorization !== undefined) return false;
  const cookies = request.headers.cookie;
  if (!cookies) return true;
  return !cookies.split(';').some((cookie) => cookie.trimStart().startsWith(SHOP_COOKIE_PREFIX));
}

/**
 * A page its route declared the same for everyone it is kept for (`Cache-Control: public`, and
 * neither `private` nor `no-store` beside it), complete and setting no cookie.
 */
export function isPublicPage(response: Response): boolean {
  const directives = (response.headers.get('cache-control') ?? '').split(',').map((part) => part.trim().toLowerCase());
  return (
    response.status === 200 &&
    response.body !== null &&
    directives.includes('public') &&
    !directives.includes('private') &&
    !directives.includes('no-store') &&
    response.headers.getSetCookie().length === 0
  );
}

/** What a kept answer is filed under: the same path on another host or scheme has other absolute links. */
export const cacheKeyOf = (request: FastifyRequest, host = request.host) =>
  `${request.protocol}://${host}${request.url}`;

/** Headers that describe the bytes as they were, not as this answer sends them. */
const RECOMPUTED = new Set(['content-length', 'content-encoding', 'etag', 'vary', 'content-security-policy']);

/**
 * Answers with a kept page or API answer: its headers (and `extraHeaders`, e.g. the policy naming
 * its nonce), its validator (304 when the visitor's copy is the same), and its body in the
 * visitor's encoding, compressed once per answer.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  page: CachedPage,
  extraHeaders: Record<string, string> = {},
) {
  for (const [name, value] of page.headers) {
    if (!RECOMPUTED.has(name)) reply.header(name, value);
  }
  reply.headers(extraHeaders);
  reply.header('etag', page.etag);
  withVary(reply, 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  reply.code(page.status);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.body);
  reply.header('content-encoding', encoding);
  return reply.send(await cache.encoded(key, page, encoding));
}
