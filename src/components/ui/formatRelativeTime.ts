/** Formatting for RelativeTime; pure, so it is unit-tested without a browser. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * One formatter per kind and time zone, made once: making an `Intl.DateTimeFormat` costs far more
 * than using one, and every card's time asks for three (it was the largest single cost of
 * drawing a feed's first page).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  kind: 'monthDay' | 'monthDayYear' | 'full' | 'year',
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-US', { ...FORMATS[kind], timeZone });
    formatters.set(key, found);
  }
  return found;
}

const FORMATS: Record<Parameters<typeof formatter>[0], Intl.DateTimeFormatOptions> = {
  monthDay: { month: 'short', day: 'numeric' },
  monthDayYear: { month: 'short', day: 'numeric', year: 'numeric' },
  full: { dateStyle: 'medium', timeStyle: 'short' },
  year: { year: 'numeric' },
};

export interface TimeFormatOptions {
  /** IANA zone for calendar dates; default the user's own (the test browser runs in UTC). */
  timeZone?: string;
}

/**
 * Short relative text for a timestamp: "now" (under a minute, or in the future), "5m", "3h",
 * "2d" (under a week), then the date: "Mar 4" in the current year, "Mar 4, 2025" otherwise.
 * An unparseable timestamp gives "".
 */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  { timeZone }: TimeFormatOptions = {},
): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d`;
  const sameYear = yearOf(time, timeZone) === yearOf(now, timeZone);
  return formatter(sameYear ? 'monthDay' : 'monthDayYear', timeZone).format(time);
}

/** The full date and time for a tooltip: "Mar 14, 2026, 12:00 PM". "" when unparseable. */
export function formatFullDate(iso: string, { timeZone }: TimeFormatOptions = {}): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return formatter('full', timeZone).format(time);
}

function yearOf(time: number, timeZone: string | undefined): string {
  return formatter('year', timeZone).format(time);
}
