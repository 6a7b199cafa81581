import { describe, expect, it } from 'vitest';
import { formatFullDate, formatRelativeTime } from '../../../src/components/ui/formatRelativeTime';

const NOW = Date.parse('2026-03-14T12:00:00.000Z');
const utc = { timeZone: 'UTC' };
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says "now" under a minute, and for times in the future', () => {
    expect(formatRelativeTime(ago(0), NOW, utc)).toBe('now');
    expect(formatRelativeTime(ago(59 * SECOND), NOW, utc)).toBe('now');
    expect(formatRelativeTime(ago(-5 * MINUTE), NOW, utc)).toBe('now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(ago(MINUTE), NOW, utc)).toBe('1m');
    expect(formatRelativeTime(ago(5 * MINUTE + 59 * SECOND), NOW, utc)).toBe('5m');
    expect(formatRelativeTime(ago(59 * MINUTE), NOW, utc)).toBe('59m');
  });

  it('counts whole hours under a day', () => {
    expect(formatRelativeTime(ago(HOUR), NOW, utc)).toBe('1h');
    expect(formatRelativeTime(ago(3 * HOUR + 30 * MINUTE), NOW, utc)).toBe('3h');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), NOW, utc)).toBe('23h');
  });

  it('counts whole days under a week', () => {
    expect(formatRelativeTime(ago(DAY), NOW, utc)).toBe('1d');
    expect(formatRelativeTime(ago(2 * DAY + 5 * HOUR), NOW, utc)).toBe('2d');
    expect(formatRelativeTime(ago(7 * DAY - MINUTE), NOW, utc)).toBe('6d');
  });

  it('shows month and day from a week on, within the same year', () => {
    expect(formatRelativeTime(ago(7 * DAY), NOW, utc)).toBe('Mar 7');
    expect(formatRelativeTime('2026-03-04T09:30:00.000Z', NOW, utc)).toBe('Mar 4');
    expect(formatRelativeTime('2026-01-01T00:00:00.000Z', NOW, utc)).toBe('Jan 1');
  });

  it('adds the year for other years', () => {
    expect(formatRelativeTime('2025-03-04T09:30:00.000Z', NOW, utc)).toBe('Mar 4, 2025');
    expect(formatRelativeTime('2025-12-31T23:59:59.000Z', NOW, utc)).toBe('Dec 31, 2025');
  });

  it('uses the calendar of the given time zone', () => {
    // 23:30 UTC on Dec 31 is already Jan 1 in Tokyo, the same year as "now".
    const newYear = Date.parse('2026-01-10T00:00:00.000Z');
    expect(formatRelativeTime('2025-12-31T23:30:00.000Z', newYear, utc)).toBe('Dec 31, 2025');
    expect(
      formatRelativeTime('2025-12-31T23:30:00.000Z', newYear, { timeZone: 'Asia/Tokyo' }),
    ).toBe('Jan 1');
  });

  it('gives an empty string for an unparseable timestamp', () => {
    expect(formatRelativeTime('not a date', NOW, utc)).toBe('');
  });

  it('defaults "now" to the clock', () => {
    expect(formatRelativeTime(new Date().toISOString())).toBe('now');
  });
});

describe('formatFullDate', () => {
  it('writes the date and time in full', () => {
    expect(formatFullDate('2026-03-04T09:30:00.000Z', utc)).toBe('Mar 4, 2026, 9:30 AM');
  });

  it('gives an empty string for an unparseable timestamp', () => {
    expect(formatFullDate('nope', utc)).toBe('');
  });
});
