import type { FastifyRequest } from 'fastify';
import { cookieValue } from '../../contract/cookies.js';
import { SESSION_COOKIE } from '../../contract/web.js';

/** The sign-in token in the web's session cookie, if the visitor has one. */
export const sessionTokenOf = (request: FastifyRequest) => cookieValue(request.headers.cookie, SESSION_COOKIE);
