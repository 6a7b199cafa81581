/** The demo's own endpoints: what it offers ('GET /api/demo'), and 'Reset demo data'. */
import { GUEST_CREDENTIALS, type DemoInfoResponse, type DemoResetResponse } from '../api/types';
import type { ServiceContext } from './context';
import { HttpError } from './errors';
import { requireActor } from './lookup';
import { MESSAGES } from './messages';

export const DEMO_RESTORED = 'Demo data restored.';

/**
 * Back to the seed, for everyone. Asked by a signed-in person (the button lives on their
 * profile); every session ends with it, since the people it spoke for may be gone. A server that
 * people share switches it off (`demoReset: false`): then it is refused and nothing changes.
 */
export async function resetDemoData(
  ctx: ServiceContext,
  actorId: string,
): Promise<DemoResetResponse> {
  await ctx.store.readEach((reads) => requireActor(reads, actorId));
  if (!ctx.demoReset) throw new HttpError(403, MESSAGES.demoResetOff);
  await ctx.store.reset();
  return { message: DEMO_RESTORED };
}

/** What this server offers for trying the app: the guest account, and the demo reset. */
export async function demoInfo(ctx: ServiceContext): Promise<DemoInfoResponse> {
  const guest = await ctx.store.readEach((reads) =>
    reads.users.byUsername(GUEST_CREDENTIALS.username),
  );
  return { guest: guest !== undefined, reset: ctx.demoReset };
}
