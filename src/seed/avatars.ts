/**
 * Seed avatars: a small head-and-shoulders figure on a coloured square (the UI crops it round).
 * Drawn without text on purpose: an SVG shown through <img> cannot use the page's bundled font,
 * and a system font would make visual snapshots differ from machine to machine.
 */
import { svgDataUrl } from './svg';

type Hair = 'none' | 'short' | 'long' | 'bun' | 'curly';

interface AvatarLook {
  background: string;
  skin: string;
  hair: string;
  shirt: string;
  style: Hair;
}

const HAIR_BEHIND: Record<Hair, string> = {
  none: '',
  short: '',
  long: "<path d='M18 28a14 14 0 0 1 28 0v16H18z' fill='HAIR'/>",
  bun: "<circle cx='32' cy='11' r='6' fill='HAIR'/>",
  curly: "<circle cx='22' cy='22' r='7' fill='HAIR'/><circle cx='42' cy='22' r='7' fill='HAIR'/>",
};

const HAIR_ON_TOP: Record<Hair, string> = {
  none: '',
  short: "<path d='M20 26a12 12 0 0 1 24 0c-4-4-8-5-12-5s-8 1-12 5z' fill='HAIR'/>",
  long: "<path d='M20 27a12 12 0 0 1 24 0c-5-5-9-6-12-6s-7 1-12 6z' fill='HAIR'/>",
  bun: "<path d='M20 26a12 12 0 0 1 24 0c-4-4-8-5-12-5s-8 1-12 5z' fill='HAIR'/>",
  curly: "<path d='M19 27a13 13 0 0 1 26 0c-3-3-7-7-13-7s-10 4-13 7z' fill='HAIR'/>",
};

function avatar({ background, skin, hair, shirt, style }: AvatarLook): string {
  const markup =
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>" +
    `<rect width='64' height='64' fill='${background}'/>` +
    HAIR_BEHIND[style].replaceAll('HAIR', hair) +
    `<path d='M8 64c0-14 10-22 24-22s24 8 24 22z' fill='${shirt}'/>` +
    `<circle cx='32' cy='28' r='12' fill='${skin}'/>` +
    HAIR_ON_TOP[style].replaceAll('HAIR', hair) +
    '</svg>';
  return svgDataUrl(markup);
}

export const AVATARS = {
  guest: avatar({
    background: '#d9d4ee',
    skin: '#8e89a6',
    hair: '#8e89a6',
    shirt: '#6b6780',
    style: 'none',
  }),
  maya: avatar({
    background: '#f6c7a8',
    skin: '#8d5a3b',
    hair: '#2b1b14',
    shirt: '#5234c9',
    style: 'curly',
  }),
  liam: avatar({
    background: '#b9e0d8',
    skin: '#f1c9a5',
    hair: '#1f1f24',
    shirt: '#0f766e',
    style: 'short',
  }),
  sofia: avatar({
    background: '#f7d774',
    skin: '#e8b894',
    hair: '#7a3e1d',
    shirt: '#be185d',
    style: 'long',
  }),
  noah: avatar({
    background: '#bfd4f6',
    skin: '#c68a5e',
    hair: '#3b2416',
    shirt: '#b42318',
    style: 'bun',
  }),
} as const;
