/**
 * The secret that signs session tokens (HS256, src/service/tokens.ts). From `TOKEN_SECRET` when
 * set; otherwise one made once, at random, and kept in `<dataDir>/token-secret` (mode 0600), so
 * sessions survive a restart. Several processes behind one load balancer must share it: set
 * `TOKEN_SECRET`, or let them share the data folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** HS256 wants a key at least as long as its hash: 32 bytes. */
export const MIN_SECRET_LENGTH = 32;
export const SECRET_FILE = 'token-secret';

/** A setting the server refuses to start with; main.ts prints the message and exits. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface TokenSecret {
  secret: string;
  /** Where it came from: the environment, a file made now, or a file made before. */
  source: 'env' | 'created' | 'file';
  /** The file, when it came from one. */
  file?: string;
}

function checked(secret: string, where: string): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${where} is ${secret.length} characters long; it must be at least ${MIN_SECRET_LENGTH} ` +
        '(for example: openssl rand -base64 48).',
    );
  }
  return secret;
}

/** `envSecret` when given (checked), else the one in `dataDir`, made there the first time. */
export function resolveTokenSecret({
  envSecret,
  dataDir,
}: {
  envSecret?: string | undefined;
  dataDir: string;
}): TokenSecret {
  if (envSecret !== undefined && envSecret !== '') {
    return { secret: checked(envSecret, 'TOKEN_SECRET'), source: 'env' };
  }
  const file = path.resolve(dataDir, SECRET_FILE);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = randomBytes(48).toString('base64url');
  try {
    // `wx`: only if there is none yet, so two processes starting at once keep the first one's.
    writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
    return { secret: made, source: 'created', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    throw new ConfigError(
      `${file} can be read by other users of this machine; make it private (chmod 600 ${file}).`,
    );
  }
  return { secret: checked(readFileSync(file, 'utf8').trim(), file), source: 'file', file };
}
