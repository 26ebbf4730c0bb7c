import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The unsubscribe link of a basket reminder (docs/abandoned-baskets.md): `<customer id>.<HMAC>`,
 * the HMAC-SHA256 of the id under the shop's secret (JWT_SECRET) with a purpose of its own, so no
 * other signature of the shop is ever a valid token and no one can make one for another customer.
 * It does not expire: an unsubscribe link must keep working in an old e-mail.
 */

const PURPOSE = 'matjar:basket-reminders:unsubscribe:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: string) => `${userId}.${signatureOf(secret, userId)}`;

/** The customer a token names when its signature is the shop's, else null (altered, forged, malformed). */
export function customerOfToken(secret: string, token: string): string | null {
  const [userId = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(userId)) return null;
  const expected = Buffer.from(signatureOf(secret, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
