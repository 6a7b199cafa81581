/** The demo's own endpoint: 'Reset demo data' puts the seed back. */
import type { DemoResetResponse } from '../../api/types';
import type { ServiceContext } from './context';
import { findActor } from './lookup';

export const DEMO_RESTORED = 'Demo data restored.';

/**
 * Back to the seed, for everyone. Asked by a signed-in person (the button lives on their
 * profile); every session ends with it, since the people it spoke for may be gone.
 */
export async function resetDemoData(
  ctx: ServiceContext,
  actorId: string,
): Promise<DemoResetResponse> {
  findActor(ctx.db.state, actorId);
  await ctx.db.reset();
  return { message: DEMO_RESTORED };
}
