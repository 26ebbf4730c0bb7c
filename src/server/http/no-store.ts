import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../contract/cookies.js';
import { BASKET_COOKIE } from '../../contract/web.js';
import { sessionTokenOf } from './session-cookie.js';

/**
 * Answers meant for one person are kept by no cache, the browser's or a shared one (OWASP ASVS
 * 8.2.1): a proxy or a shared computer's browser must not hand someone's cart, orders or address
 * to the next visitor. SECURITY.md § 4.
 */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** A hook for a scope whose every answer is personal (sign-in, sign-up and reset hand out tokens). */
export async function noStoreAnswers(_request: FastifyRequest, reply: FastifyReply) {
  noStore(reply);
}

/** API: every answer to a request that carries credentials. (Guarded routes add it themselves.) */
export async function noStoreWithCredentials(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.authorization !== undefined) noStore(reply);
}

/**
 * Web: whether the visitor holds a session cookie (a signed-in page, or its `.data` request) or a
 * guest basket's (its pages show that basket).
 */
export const hasPersonalCookie = (request: FastifyRequest) =>
  sessionTokenOf(request) !== undefined || cookieValue(request.headers.cookie, BASKET_COOKIE) !== undefined;
