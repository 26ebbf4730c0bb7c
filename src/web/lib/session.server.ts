import { RESET_CODE_TTL_MS, RESET_TOKEN_TTL_MS } from '../../contract/constants.js';
import { cookieValue } from '../../contract/cookies.js';
import { SESSION_COOKIE } from '../../contract/web.js';

/** The web keeps the JWT in an httpOnly cookie (the SESSION_COOKIE); client JS never sees it. */
export { SESSION_COOKIE };
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The e-mail of a password recovery in progress, so the code and reset steps need not ask again. */
export const RESET_EMAIL_COOKIE = 'matjar_reset_email';
const RESET_EMAIL_MAX_AGE_SECONDS = RESET_CODE_TTL_MS / 1000;

export const readCookie = (request: Request, name: string) => cookieValue(request.headers.get('cookie'), name);

/** A `Set-Cookie` value: httpOnly, SameSite=Lax, whole site; Secure when the visitor came over https. */
export function serializeCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === 'https:';
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export const readSessionToken = (request: Request) => readCookie(request, SESSION_COOKIE);

export const setSessionCookie = (request: Request, token: string) =>
  serializeCookie(request, SESSION_COOKIE, token, SESSION_MAX_AGE_SECONDS);

export const clearSessionCookie = (request: Request) => serializeCookie(request, SESSION_COOKIE, '', 0);

export const readResetEmail = (request: Request) => readCookie(request, RESET_EMAIL_COOKIE);

export const setResetEmailCookie = (request: Request, email: string) =>
  serializeCookie(request, RESET_EMAIL_COOKIE, email, RESET_EMAIL_MAX_AGE_SECONDS);

export const clearResetEmailCookie = (request: Request) => serializeCookie(request, RESET_EMAIL_COOKIE, '', 0);

/** The proof a verified code earned, for the new-password step (docs/decisions/0001-password-reset-proof.md). */
export const RESET_PROOF_COOKIE = 'matjar_reset_proof';

export const readResetProof = (request: Request) => readCookie(request, RESET_PROOF_COOKIE);

export const setResetProofCookie = (request: Request, resetToken: string) =>
  serializeCookie(request, RESET_PROOF_COOKIE, resetToken, RESET_TOKEN_TTL_MS / 1000);

export const clearResetProofCookie = (request: Request) => serializeCookie(request, RESET_PROOF_COOKIE, '', 0);
