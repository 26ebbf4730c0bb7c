/**
 * The web's session cookie, which holds the sign-in token (src/web/lib/session.server.ts); the
 * server sends `Cache-Control: no-store` on every page to a visitor who has one.
 */
export const SESSION_COOKIE = 'matjar_session';
