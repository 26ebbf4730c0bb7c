import { createHmac, timingSafeEqual } from 'node:crypto';

/** Webhook signatures in Stripe's format: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signPayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** True when one v1 signature matches and the timestamp is within `toleranceSeconds` of now. */
export function verifySignature(header: string | undefined, payload: string, secret: string, toleranceSeconds = 300) {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
