/**
 * Session tokens, signed and verified: HS256 JWTs signed with a fixed demo secret via `jose`. The secret ships in
 * the bundle, which is fine for a mock server that lives in the visitor's browser and guards only
 * demo data; the point is that a tampered, expired or forged token is refused.
 */
import { SignJWT, jwtVerify } from 'jose';

export const DEMO_JWT_SECRET = 'murmur-demo-secret: signs mock API tokens, not for production';
const ALGORITHM = 'HS256';
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60;

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
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, username, sessionId }) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ username, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const { sub, username, sid } = payload;
        if (typeof sub !== 'string' || typeof username !== 'string' || typeof sid !== 'string') {
          return null;
        }
        return { userId: sub, username, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}
