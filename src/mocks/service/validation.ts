/**
 * Request-body checks (decisions F10, F12 and the limits). Each takes an unknown value and the
 * field's name as the client sent it (`postData.content`), returns a typed, normalised value or
 * throws 400 with a message naming that field.
 */
import { LIMITS } from '../../api/types';
import { badRequest } from './errors';

export type Fields = Record<string, unknown>;

export function requireObject(value: unknown, field: string): Fields {
  if (value === undefined || value === null) throw badRequest(`${field} is required`);
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`${field} must be an object`);
  }
  return value as Fields;
}

export function requireString(value: unknown, field: string): string {
  if (value === undefined || value === null) throw badRequest(`${field} is required`);
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  return value;
}

export function optionalString(value: unknown, field: string): string | undefined {
  return value === undefined ? undefined : requireString(value, field);
}

/** Trimmed text of `min`–`max` characters. */
export function checkText(
  value: string,
  field: string,
  { min = 0, max }: { min?: number; max: number },
): string {
  const text = value.trim();
  if (text.length < min) {
    throw badRequest(min === 1 ? `${field} must not be empty` : `${field} is too short`);
  }
  if (text.length > max) throw badRequest(`${field} must be at most ${max} characters`);
  return text;
}

export function checkName(value: unknown, field: string): string {
  return checkText(requireString(value, field), field, LIMITS.name);
}

export function checkUsername(value: unknown): string {
  const username = requireString(value, 'username').trim();
  const { min, max, pattern } = LIMITS.username;
  if (username.length < min || username.length > max || !pattern.test(username)) {
    throw badRequest(`username must be ${min} to ${max} characters: letters, digits or _`);
  }
  return username;
}

export function checkPassword(value: unknown): string {
  const password = requireString(value, 'password');
  if (password.length < LIMITS.password.min) {
    throw badRequest(`password must be at least ${LIMITS.password.min} characters`);
  }
  return password;
}

/** F12: an http(s) URL, or empty for "no website". */
export function checkLink(value: unknown, field: string): string {
  const link = requireString(value, field).trim();
  if (link === '') return '';
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw badRequest(`${field} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`${field} must be an http(s) URL`);
  }
  return link;
}

const DATA_URL = /^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s;

/** Bytes the data URL's payload decodes to (base64 or percent-encoded text). */
function payloadBytes(parameters: string, payload: string): number {
  if (/;base64$/i.test(parameters)) {
    const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
    return Math.floor((payload.length * 3) / 4) - padding;
  }
  // Percent-encoded bytes count once; everything else is at most its UTF-16 length in bytes.
  return payload.replace(/%[0-9a-f]{2}/gi, '_').length;
}

/** An image (image/* data URL, at most LIMITS.image.maxBytes), or empty for "none". */
export function checkImage(value: unknown, field: string): string {
  const image = requireString(value, field);
  if (image === '') return '';
  const match = DATA_URL.exec(image);
  const mime = match?.[1]?.toLowerCase() ?? '';
  if (match === null || !mime.startsWith(LIMITS.image.mimePrefix)) {
    throw badRequest(`${field} must be an image data URL`);
  }
  if (payloadBytes(match[2] ?? '', match[3] ?? '') > LIMITS.image.maxBytes) {
    throw badRequest(`${field} must be at most ${LIMITS.image.maxBytes / 1024 / 1024} MB`);
  }
  return image;
}
