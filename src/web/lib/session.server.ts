/** The web keeps the JWT in an httpOnly cookie (PRODUCT-DECISIONS row 10). */
export const SESSION_COOKIE = 'matjar_session';

export function readSessionToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('=')) || undefined;
  }
  return undefined;
}
