/**
 * Session tokens, signed and verified: HS256 JWTs signed with a fixed demo secret via `jose`. The secret ships in
 * the bundle, which is fine for a mock server that lives in the visitor's browser and guards only
 * demo data; the point is that a tampered, expired or forged token is refused.
 */
import { SignJWT, jwtVerify } from 'jose';

export const DEMO_JWT_SECRET = 'murmur-demo-secret: signs mock API tokens, not for production';
const ALGORITHM = 'HS256';
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60;
/** How many verified tokens are remembered (the oldest goes first): a few MB at most. */
const VERIFIED_KEPT = 10_000;

export interface TokenClaims {
  userId: string;
  username: string;
  /** The session the token belongs to (`sid`): logging out or a password change ends it. */
  sessionId: string;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, garbage). */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService({
  secret = DEMO_JWT_SECRET,
  ttlSeconds = DEFAULT_TTL_SECONDS,
  now = () => new Date(),
}: { secret?: string; ttlSeconds?: number; now?: () => Date } = {}): TokenService {
  const secretBytes = new TextEncoder().encode(secret);
  // The HMAC key imported once: given as bytes, jose imports it again for every token.
  const hmacKey = crypto.subtle.importKey(
    'raw',
    secretBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Tokens verified lately and when each expires: a signed-in call's token is checked again on
  // every call, and a signature check costs more than the page the call reads. Whether its
  // session is still open is the store's question, asked every time (auth.ts).
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const nowSeconds = () => now().getTime() / 1000;
  return {
    sign: async ({ userId, username, sessionId }) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ username, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await hmacKey);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known !== undefined) {
        if (nowSeconds() < known.expiresAt) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await hmacKey, {
          algorithms: [ALGORITHM],
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const { sub, username, sid, exp } = payload;
        if (
          typeof sub !== 'string' ||
          typeof username !== 'string' ||
          typeof sid !== 'string' ||
          exp === undefined
        ) {
          return null;
        }
        const claims = { userId: sub, username, sessionId: sid };
        if (verified.size >= VERIFIED_KEPT) {
          const oldest = verified.keys().next();
          if (oldest.done !== true) verified.delete(oldest.value);
        }
        verified.set(token, { claims, expiresAt: exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
