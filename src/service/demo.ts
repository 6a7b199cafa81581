/** The demo's own endpoint: 'Reset demo data' puts the seed back. */
import type { DemoResetResponse } from '../api/types';
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
  await ctx.store.read((reads) => requireActor(reads, actorId));
  if (!ctx.demoReset) throw new HttpError(403, MESSAGES.demoResetOff);
  await ctx.store.reset();
  return { message: DEMO_RESTORED };
}
