/**
 * The pinned clock for stories: before every story `Date` is set back to STORY_NOW and then ticks
 * with real time, so relative times ("5m", "3h", "Mar 4") render the same on any day and in any
 * order of stories, and records created in a story still sort after older ones. The seed's
 * timestamps lie before STORY_NOW.
 */
export const STORY_NOW = '2026-03-14T12:00:00.000Z';

const RealDate = Date;
let offset = 0;
const now = () => RealDate.now() + offset;

class PinnedDate extends RealDate {
  constructor(...args: [] | ConstructorParameters<DateConstructor>) {
    if (args.length === 0) super(now());
    else super(...args);
  }
  static override now(): number {
    return now();
  }
}

/** Sets the clock to `iso` (STORY_NOW by default); it ticks on from there. */
export function pinClock(iso: string = STORY_NOW): void {
  offset = new RealDate(iso).getTime() - RealDate.now();
  // Calling Date() without `new` still returns the real time string; nothing here relies on it.
  globalThis.Date = PinnedDate as DateConstructor;
}
