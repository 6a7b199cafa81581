/**
 * A new record id such as `post-m7x2k1-3f9a0c1e`: readable prefix, time, random part.
 * Uses getRandomValues (available on plain-http pages too, unlike randomUUID).
 */
export function createId(prefix: 'user' | 'post' | 'comment' | 'session', now: Date): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return `${prefix}-${now.getTime().toString(36)}-${random}`;
}
