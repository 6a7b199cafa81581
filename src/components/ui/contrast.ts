import type { ThemeColors } from './theme';

type ColourName = keyof ThemeColors;

/** A foreground colour the components draw on a background colour, and where. */
export interface ColourPair {
  foreground: ColourName;
  background: ColourName;
  /** 'text' needs 4.5:1 (WCAG 1.4.3); 'control' (borders, focus rings) 3:1 (WCAG 1.4.11). */
  kind: 'text' | 'control';
  where: string;
}

/** The contrast each kind of pair needs, at least. */
export const MINIMUM_CONTRAST = { text: 4.5, control: 3 } as const;

/**
 * Every pair of theme colours the components put one on the other. The design-tokens page shows
 * each with its contrast in both themes, computed from them; a unit test holds each to its minimum
 * in the light theme and in the dark one.
 */
export const COLOUR_PAIRS: readonly ColourPair[] = [
  { foreground: 'text', background: 'surface', kind: 'text', where: 'cards, dialogs, fields' },
  { foreground: 'text', background: 'background', kind: 'text', where: 'the page' },
  {
    foreground: 'text',
    background: 'surfaceSunken',
    kind: 'text',
    where: 'comments, hovered buttons',
  },
  {
    foreground: 'text',
    background: 'primarySoft',
    kind: 'text',
    where: 'empty states, landing, the login notice',
  },
  {
    foreground: 'textMuted',
    background: 'surface',
    kind: 'text',
    where: '@usernames, times, counters',
  },
  { foreground: 'textMuted', background: 'background', kind: 'text', where: 'hints on the page' },
  {
    foreground: 'textMuted',
    background: 'surfaceRaised',
    kind: 'text',
    where: 'dialog messages, the image viewer’s caption',
  },
  { foreground: 'textMuted', background: 'surfaceSunken', kind: 'text', where: 'a comment’s time' },
  { foreground: 'primary', background: 'surface', kind: 'text', where: 'links, Comment count' },
  { foreground: 'primary', background: 'background', kind: 'text', where: 'links on the page' },
  {
    foreground: 'primaryStrong',
    background: 'primarySoft',
    kind: 'text',
    where: 'the current page in the navigation',
  },
  { foreground: 'onPrimary', background: 'primary', kind: 'text', where: 'primary buttons' },
  {
    foreground: 'onPrimary',
    background: 'primaryStrong',
    kind: 'text',
    where: 'hovered primary buttons',
  },
  { foreground: 'onPrimary', background: 'danger', kind: 'text', where: 'danger buttons' },
  { foreground: 'danger', background: 'surface', kind: 'text', where: 'field errors' },
  {
    foreground: 'danger',
    background: 'dangerSoft',
    kind: 'text',
    where: 'form messages, Delete in menus',
  },
  {
    foreground: 'text',
    background: 'surfaceRaised',
    kind: 'text',
    where: 'dialogs, menus, toasts',
  },
  {
    foreground: 'primary',
    background: 'surfaceRaised',
    kind: 'text',
    where: 'links in dialogs, info toasts',
  },
  {
    foreground: 'danger',
    background: 'surfaceRaised',
    kind: 'text',
    where: 'Delete in menus, error toasts, errors in dialogs',
  },
  { foreground: 'success', background: 'surface', kind: 'text', where: 'success messages' },
  { foreground: 'success', background: 'surfaceRaised', kind: 'text', where: 'success toasts' },
  { foreground: 'accentLike', background: 'surface', kind: 'text', where: 'Like when liked' },
  {
    foreground: 'borderStrong',
    background: 'surface',
    kind: 'control',
    where: 'field and secondary-button borders',
  },
  {
    foreground: 'borderStrong',
    background: 'surfaceRaised',
    kind: 'control',
    where: 'field borders in dialogs',
  },
  { foreground: 'focus', background: 'surface', kind: 'control', where: 'the focus ring on cards' },
  {
    foreground: 'focus',
    background: 'surfaceRaised',
    kind: 'control',
    where: 'the focus ring in dialogs and menus',
  },
  {
    foreground: 'focus',
    background: 'surfaceSunken',
    kind: 'control',
    where: 'the focus ring on comments',
  },
  {
    foreground: 'focus',
    background: 'background',
    kind: 'control',
    where: 'the focus ring on the page',
  },
];

/** `#rgb` or `#rrggbb` as 0–255 channels. */
function channels(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG 2.1 relative luminance of a hex colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const s = value / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two hex colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [relativeLuminance(foreground), relativeLuminance(background)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
