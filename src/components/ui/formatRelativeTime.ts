/** Formatting for RelativeTime; pure, so it is unit-tested without a browser. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

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
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: sameYear ? undefined : 'numeric',
    timeZone,
  }).format(time);
}

/** The full date and time for a tooltip: "Mar 14, 2026, 12:00 PM". "" when unparseable. */
export function formatFullDate(iso: string, { timeZone }: TimeFormatOptions = {}): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(time);
}

function yearOf(time: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(time);
}
