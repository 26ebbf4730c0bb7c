import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { userId: string; version: number };

/** User ids are UUIDs; anything else in `sub` would reach the database as an invalid uuid. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenService(secret: string, expiresIn: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: TokenClaims) =>
      new SignJWT({ v: claims.version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    /** Returns null for any token that is malformed, forged or expired. */
    verify: async (token: string): Promise<TokenClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.v !== 'number') return null;
        return { userId: payload.sub, version: payload.v };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
