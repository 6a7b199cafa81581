import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSeedState } from '../../../src/seed/seed';
import { ARGON2_OPTIONS, serverPasswords } from '../../../src/server/passwords';
import { DEFAULT_RATE_LIMITS } from '../../../src/server/rateLimit';
import { readSettings } from '../../../src/server/settings';
import { ConfigError, resolveTokenSecret, SECRET_FILE } from '../../../src/server/tokenSecret';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'murmur-data-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the token secret', () => {
  it('is made once, at random, into a file only its owner reads, and reused after', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = resolveTokenSecret({ dataDir });
    const file = path.join(dataDir, SECRET_FILE);
    expect(first).toEqual({ secret: expect.any(String) as unknown, source: 'created', file });
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);

    const second = resolveTokenSecret({ dataDir });
    expect(second).toEqual({ secret: first.secret, source: 'file', file });
    // Another data folder, another secret.
    expect(resolveTokenSecret({ dataDir: tempDir() }).secret).not.toBe(first.secret);
  });

  it('comes from TOKEN_SECRET when set, which must be at least 32 characters', () => {
    const dataDir = tempDir();
    const secret = 'x'.repeat(32);
    expect(resolveTokenSecret({ envSecret: secret, dataDir })).toEqual({ secret, source: 'env' });
    expect(() => resolveTokenSecret({ envSecret: 'too short', dataDir })).toThrow(ConfigError);
    expect(() => resolveTokenSecret({ envSecret: 'x'.repeat(31), dataDir })).toThrow(
      'TOKEN_SECRET is 31 characters long; it must be at least 32',
    );
  });

  it('is refused from a file others can read, or one too short', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, SECRET_FILE);
    writeFileSync(file, 'y'.repeat(40), { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(() => resolveTokenSecret({ dataDir })).toThrow(/chmod 600/);
    writeFileSync(file, 'short\n');
    chmodSync(file, 0o600);
    expect(() => resolveTokenSecret({ dataDir })).toThrow(/at least 32/);
  });
});

describe('passwords on the server', () => {
  it('hashes with argon2id at OWASP parameters, with a new salt each time', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const one = await serverPasswords.hash('correct horse');
    const two = await serverPasswords.hash('correct horse');
    expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);
    expect(two).not.toBe(one);
    expect(await serverPasswords.verify('correct horse', one)).toBe(true);
    expect(await serverPasswords.verify('correct horsf', one)).toBe(false);
    expect(await serverPasswords.verify('correct horse', '$argon2id$garbage')).toBe(false);
  });

  it("verifies the seed's PBKDF2 hashes (the seed's passwords are public)", async () => {
    const guest = createSeedState().users.find((user) => user.username === 'guest');
    expect(guest?.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    expect(await serverPasswords.verify('guest1234', guest?.passwordHash ?? '')).toBe(true);
    expect(await serverPasswords.verify('guest12345', guest?.passwordHash ?? '')).toBe(false);
  });
});

describe('settings from the environment', () => {
  it('has defaults for everything', () => {
    expect(readSettings({})).toEqual({
      port: 8080,
      host: undefined,
      databaseUrl: undefined,
      dataDir: 'data',
      staticDir: 'dist-server/app',
      tokenSecret: undefined,
      seedDemo: false,
      demoReset: false,
      trustProxy: false,
      rateLimits: DEFAULT_RATE_LIMITS,
      shutdownTimeoutMs: 10_000,
      logLevel: 'info',
      webConcurrency: 1,
    });
    // The compiled server passes the app folder beside itself (main.ts).
    expect(readSettings({}, { staticDir: '/srv/murmur/app' }).staticDir).toBe('/srv/murmur/app');
    expect(readSettings({ STATIC_DIR: 'elsewhere' }, { staticDir: '/srv/app' }).staticDir).toBe(
      'elsewhere',
    );
  });

  it('reads each variable, and refuses a value it cannot read, naming it', () => {
    const settings = readSettings({
      PORT: '3000',
      DATABASE_URL: 'postgres://murmur@db/murmur',
      DEMO_RESET: '1',
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT: '5/30',
      SIGNUP_RATE_LIMIT: '2 / 3600',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '4',
    });
    expect(settings).toMatchObject({
      port: 3000,
      databaseUrl: 'postgres://murmur@db/murmur',
      demoReset: true,
      trustProxy: true,
      rateLimits: { login: { points: 5, seconds: 30 }, signup: { points: 2, seconds: 3600 } },
      logLevel: 'warn',
      webConcurrency: 4,
    });
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readSettings({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => readSettings({ DEMO_RESET: 'yes' })).toThrow(/DEMO_RESET must be 1 or 0/);
    expect(() => readSettings({ LOGIN_RATE_LIMIT: '10' })).toThrow(/LOGIN_RATE_LIMIT/);
    expect(() => readSettings({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
  });
});
