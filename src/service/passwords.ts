/**
 * Password hashing for the mock database (no password is ever stored or answered in clear): PBKDF2-SHA-256 through WebCrypto, which exists in
 * browsers and in Node 20 alike. Stored as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`.
 *
 * Honesty note: 10 000 iterations is far below what a real server should use (OWASP suggests
 * 600 000 for PBKDF2-SHA-256). This is a demo database living in the visitor's own browser; the
 * count is kept low so that sign-up, login and the test suite stay fast. The point is only that no
 * password is ever stored or returned in clear text.
 */
/** How the service hashes and checks passwords: the demo's PBKDF2 here, argon2id on the server. */
export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  /** False for a wrong password and for a stored value it cannot read. */
  verify: (password: string, stored: string) => Promise<boolean>;
}

import { base64ToBytes, bytesToBase64 } from './base64';

const ALGORITHM = 'pbkdf2-sha256';
const ITERATIONS = 10_000;
const HASH_BITS = 256;
const SALT_BYTES = 16;

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** Hashes a password with a random salt (or the given one: the seed uses fixed salts). */
export async function hashPassword(
  password: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
): Promise<string> {
  const hash = await derive(password, salt, ITERATIONS);
  return [ALGORITHM, String(ITERATIONS), bytesToBase64(salt), bytesToBase64(hash)].join('$');
}

/** True when `password` matches the stored hash; false for a wrong password or a bad record. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || iterations < 1) return false;
  if (saltText === undefined || hashText === undefined) return false;
  let salt: Uint8Array<ArrayBuffer>;
  let expected: Uint8Array;
  try {
    salt = base64ToBytes(saltText);
    expected = base64ToBytes(hashText);
  } catch {
    return false;
  }
  const actual = await derive(password, salt, iterations);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i += 1) difference |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}

/** The browser mock's hasher (the seed's hashes are of this kind too). */
export const demoPasswords: PasswordHasher = {
  hash: (password) => hashPassword(password),
  verify: verifyPassword,
};
