/**
 * The random sequences of property.test.ts, but calling the service functions directly (no MSW,
 * no HTTP), so that thousands of sequences fit the time budget. The acting user is resolved as
 * the handlers do it — `authenticate` turns a token into a user id that the service function
 * gets — but mostly the step hands the id over directly: the seed's users, people who signed up,
 * and an id that names nobody. Some steps send a token instead: a signed-up person's real one,
 * or a missing, garbled or forged one.
 *
 * After every step: anything thrown is an HttpError with a 4xx status (anything else would be
 * the handlers' 500), a refused call changed nothing, and the database invariants hold.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createDatabase } from '../../../src/mocks/db/database';
import type { DatabaseState } from '../../../src/service/records';
import { mockServiceContext } from '../../../src/mocks/handlers';
import { auth } from '../../../src/service';
import type { ServiceContext } from '../../../src/service/context';
import { HttpError } from '../../../src/service/errors';
import { createTokenService } from '../../../src/service/tokens';
import { checkInvariants, pick, stepArbitrary, type Step } from '../../contract/invariants';
import { callService } from './serviceCall';

/**
 * 2 000 runs of 5–20 steps: about 25 000 calls in ~5 s on 2 cores. A call costs well under a
 * millisecond; only a sign-up that passes validation hashes a password (PBKDF2, ~3 ms), and with
 * the six sign-up choices that is a few hundred times in all.
 */
const RUNS = 2000;

/** Bodies the HTTP client would never send, but a service function must refuse cleanly. */
const ODD_BODIES: readonly unknown[] = [
  undefined,
  null,
  'text',
  [],
  {},
  { postData: 'text', userData: 'text', commentData: 42 },
  { postData: { content: 42 }, userData: { bio: 42 } },
  { postData: { content: 'With a picture', imgContent: 'data:text/plain,hello' } },
  { postData: { content: 'With a picture', imgContent: 'data:image/png;base64,iVBORw0KGgo=' } },
  { userData: { firstName: '   ', link: 'ftp://files.example' } },
  { userData: { profile: 'https://not-a-data-url.example/a.png' } },
];

/** -1 (mostly), or an index into a list of odd choices. */
const sometimes = (max: number, odds: number) =>
  fc.oneof(
    { weight: odds - 1, arbitrary: fc.constant(-1) },
    { weight: 1, arbitrary: fc.nat({ max }) },
  );

const step = fc.record({
  call: stepArbitrary(),
  /** An index into ODD_BODIES, or -1 for the step's own body. */
  body: sometimes(ODD_BODIES.length - 1, 5),
  /** An index into the bad callers, or -1 for one of the people who exist. */
  badCaller: sometimes(4, 6),
});

type ServiceStep = Step & { body: number };

/** How a step says who acts: a user id straight away, or a token for `authenticate`. */
type Caller = { userId: string } | { token: string };

const forger = createTokenService({ secret: 'not the demo secret' });

/** Issues one step's call; ids, bodies and callers may be wrong on purpose. */
async function call(
  ctx: ServiceContext,
  state: DatabaseState,
  caller: Caller,
  s: ServiceStep,
): Promise<unknown> {
  const odd = s.body >= 0 ? ODD_BODIES[s.body] : undefined;
  const body = (normal: unknown): unknown => (s.body >= 0 ? odd : normal);
  // Sign-up and a person's posts need no caller: a bad token must not refuse them.
  if (s.action === 'signup' || s.action === 'getUserPosts')
    return callService(ctx, state, '', s, body);
  const actorId =
    'token' in caller ? (await auth.authenticate(ctx, caller.token)).userId : caller.userId;
  return callService(ctx, state, actorId, s, body);
}

/** Everyone who may act now: every stored user by id, and the signed-up people by token. */
function callers(state: DatabaseState, tokens: readonly Caller[]): Caller[] {
  return [...state.users.map((user) => ({ userId: user._id })), ...tokens];
}

it(
  'keeps every invariant over thousands of random service calls',
  { timeout: 60_000 },
  async () => {
    const db = createDatabase();
    const ctx = mockServiceContext(db);
    const forged = await forger.sign({
      userId: 'user-unknown',
      username: 'guest',
      sessionId: 'session-unknown',
    });
    const badCallers: Caller[] = [
      { userId: 'user-unknown' },
      { token: '' },
      { token: 'not-a-token' },
      { token: forged },
    ];
    // A token for someone who exists, but whose username in the token is not theirs.
    const seedId = db.state.users[0]?._id ?? '';
    badCallers.push({
      token: await ctx.tokens.sign({
        userId: seedId,
        username: 'someone_else',
        sessionId: 'session-unknown',
      }),
    });

    const counts = { steps: 0, refused: 0, signups: 0, byToken: 0 };
    const refusedStatuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 20 }), async (sequence) => {
        await db.reset();
        const signedUp: Caller[] = [];
        for (const { call: base, body: bodyIndex, badCaller } of sequence) {
          const s: ServiceStep = { ...base, body: bodyIndex };
          const caller =
            badCaller >= 0
              ? pick(badCallers, badCaller)
              : pick(callers(db.state, signedUp), s.actor);
          const before = JSON.stringify(db.state);
          counts.steps += 1;
          if ('token' in caller) counts.byToken += 1;
          try {
            const result = await call(ctx, db.state, caller, s);
            expect(JSON.stringify(result)).not.toMatch(/password/i);
            if (s.action === 'signup') {
              counts.signups += 1;
              signedUp.push({ token: (result as { encodedToken: string }).encodedToken });
            }
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            const where = `${s.action}: ${error.status} ${error.message}`;
            expect(error.status, where).toBeGreaterThanOrEqual(400);
            expect(error.status, where).toBeLessThan(500);
            expect(JSON.stringify(db.state), `refused ${s.action} changed nothing`).toBe(before);
            counts.refused += 1;
            refusedStatuses.add(error.status);
          }
          checkInvariants(db.state);
        }
      }),
      { numRuns: RUNS },
    );
    expect(counts.steps).toBeGreaterThanOrEqual(RUNS * 5);
    // Both kinds of call were exercised in earnest, and so were tokens and sign-ups.
    expect(counts.refused).toBeGreaterThan(counts.steps / 10);
    expect(counts.refused).toBeLessThan(counts.steps * 0.9);
    expect(counts.byToken).toBeGreaterThan(counts.steps / 20);
    expect(counts.signups).toBeGreaterThan(RUNS / 20);
    expect([...refusedStatuses].sort((a, b) => a - b)).toEqual([400, 401, 404, 422]);
  },
);
