/** The API's timestamp format: `YYYY-MM-DDTHH:mm:ss+00:00` (always UTC). */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
