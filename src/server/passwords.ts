/**
 * The server's password hasher: argon2id, the slow, memory-hard KDF OWASP recommends, for every
 * password set on the server (sign-up). The seed's accounts come with the browser demo's PBKDF2
 * hashes (src/service/passwords.ts); those are checked as they are. Their passwords are public
 * (the login page offers `guest` / `guest1234`), so a weaker hash guards nothing secret there.
 */
import { hash, verify } from '@node-rs/argon2';
import { demoPasswords, type PasswordHasher } from '../service/passwords';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/**
 * OWASP's Password Storage Cheat Sheet, first argon2id line: 19 MiB of memory, 2 iterations,
 * 1 degree of parallelism (about 20 ms a hash here; a guesser pays the same per guess).
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

const ARGON2_PREFIX = '$argon2';

/** argon2id for new passwords; `verify` reads argon2 hashes and the seed's PBKDF2 ones. */
export const serverPasswords: PasswordHasher = {
  hash: (password) => hash(password, ARGON2_OPTIONS),
  async verify(password, stored) {
    if (!stored.startsWith(ARGON2_PREFIX)) return demoPasswords.verify(password, stored);
    try {
      return await verify(stored, password);
    } catch {
      // A stored value argon2 cannot parse is a refusal, like a wrong password.
      return false;
    }
  },
};
