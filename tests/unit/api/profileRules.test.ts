/**
 * The profile form's rules as a person meets them: a website typed without a scheme is completed
 * with https://, and a display name is held to the sign-up limits, in words.
 */
import { describe, expect, it } from 'vitest';
import {
  checkNameField,
  checkWebsiteField,
  completeWebsite,
  PERSON_MESSAGES,
  safeWebsite,
  websiteMessage,
} from '../../../src/api/rules';

describe('completeWebsite: an address without a scheme gets https://', () => {
  it.each([
    ['maya.example.org', 'https://maya.example.org'],
    ['  maya.example.org/work  ', 'https://maya.example.org/work'],
    ['www.example.com', 'https://www.example.com'],
    ['//example.com', 'https://example.com'],
    ['localhost:8080', 'https://localhost:8080'],
    ['https://example.com', 'https://example.com'],
    ['HTTP://example.com', 'HTTP://example.com'],
    ['', ''],
    ['   ', ''],
  ])('%j is kept as %j', (typed, kept) => {
    expect(completeWebsite(typed)).toBe(kept);
  });

  it('leaves a scheme that was typed alone, so the rule still refuses what is not http(s)', () => {
    for (const link of ['javascript:alert(1)', 'mailto:maya@example.com', 'ftp://example.com']) {
      expect(completeWebsite(link)).toBe(link);
      expect(websiteMessage(link)).toBe(PERSON_MESSAGES.website);
    }
  });

  it('accepts and links what it completed; refuses what is still no address', () => {
    expect(websiteMessage('maya.example.org')).toBeNull();
    expect(safeWebsite('maya.example.org')?.href).toBe('https://maya.example.org/');
    expect(websiteMessage('not a url')).toBe(PERSON_MESSAGES.website);
    expect(websiteMessage('https://')).toBe(PERSON_MESSAGES.website);
    expect(websiteMessage('my portfolio')).toBe(PERSON_MESSAGES.website);
    expect(websiteMessage('maya.example.org/my work')).toBeNull();
    expect(websiteMessage('http://[::1]:8080/')).toBeNull();
    expect(websiteMessage('localhost:8080')).toBeNull();
    expect(websiteMessage('https://bücher.example')).toBeNull();
  });

  it('checkWebsiteField: what will be kept, and its problem in words', () => {
    expect(checkWebsiteField(' example.com ')).toEqual({
      link: 'https://example.com',
      message: null,
    });
    expect(checkWebsiteField('')).toEqual({ link: '', message: null });
    expect(checkWebsiteField('ftp://x.org').message).toBe(PERSON_MESSAGES.website);
  });
});

describe('checkNameField: a display name by the sign-up limits', () => {
  it('counts what a person sees, up to 40, trimmed', () => {
    expect(checkNameField('firstName', '  Maya  ')).toMatchObject({
      length: 4,
      max: 40,
      message: null,
    });
    expect(checkNameField('lastName', '👩‍👩‍👧'.repeat(40)).message).toBeNull();
  });

  it('says what is wrong in words under the field', () => {
    expect(checkNameField('firstName', '   ').message).toBe(PERSON_MESSAGES.required.firstName);
    expect(checkNameField('lastName', '').message).toBe(PERSON_MESSAGES.required.lastName);
    expect(checkNameField('lastName', 'x'.repeat(41)).message).toBe(
      'Last name can be at most 40 characters.',
    );
  });
});
