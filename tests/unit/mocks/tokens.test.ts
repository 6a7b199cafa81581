/**
 * Session tokens (src/service/tokens.ts): a token verified once is remembered until it expires,
 * and remembering never makes a bad token good or an expired one valid.
 */
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../../src/service/tokens';

const claims = { userId: 'user-1', username: 'maya', sessionId: 'session-1' };

function clock(start: string) {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), pass: (seconds: number) => (at += seconds * 1000) };
}

describe('session tokens', () => {
  it('verify what they signed, and refuse a token signed with another secret', async () => {
    const tokens = createTokenService({ secret: 'a'.repeat(32) });
    const other = createTokenService({ secret: 'b'.repeat(32) });
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await other.verify(token)).toBeNull();
  });

  it('refuse a token changed by one character after it was verified', async () => {
    const tokens = createTokenService();
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await tokens.verify(`${token.slice(0, -2)}${last}${token.slice(-1)}`)).toBeNull();
  });

  it('refuse a remembered token once it has expired', async () => {
    const time = clock('2026-01-01T00:00:00Z');
    const tokens = createTokenService({ ttlSeconds: 60, now: time.now });
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    time.pass(59);
    expect(await tokens.verify(token)).toEqual(claims);
    time.pass(1);
    expect(await tokens.verify(token)).toBeNull();
    // Refused again the second time, when it is no longer remembered.
    expect(await tokens.verify(token)).toBeNull();
  });
});
