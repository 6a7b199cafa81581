// `node scripts/subset-fonts.mjs`: writes src/app/fonts/inter-core-{400,600,700}.woff2, Inter
// (from @fontsource/inter's Latin files) cut down to the characters the app's own text uses:
// printable ASCII and a few marks of punctuation (CORE below), and src/app/fonts.css, which
// declares them for those characters only (the same CORE as its unicode-range), after the whole
// Latin faces, so a page whose text is all of them
// (the login and sign-up pages, most pages) loads about 13 KB a weight instead of 24; a page
// with other Latin letters (a name with an accent) loads the whole face for those as well.
//
// The glyphs are kept as they are (harfbuzz's subsetter, every layout feature kept), so text is
// drawn the same. Run it again after updating @fontsource/inter, and commit the files.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/** The characters of the core faces, as ranges of code points. */
const CORE = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0xa0], // no-break space
  [0xb7, 0xb7], // middle dot ·
  [0x2013, 0x2014], // en and em dashes
  [0x2018, 0x2019], // single quotes
  [0x201c, 0x201d], // double quotes
  [0x2022, 0x2022], // bullet
  [0x2026, 0x2026], // ellipsis
];

const text = CORE.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

const WEIGHTS = ['400', '600', '700'];
const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0');
const unicodeRange = CORE.map(([from, to]) =>
  from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`,
).join(', ');

const require = createRequire(import.meta.url);
for (const weight of WEIGHTS) {
  const source = readFileSync(
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`),
  );
  const core = await subsetFont(source, text, {
    targetFormat: 'woff2',
    preserveNameIds: [0, 1, 2, 3, 4, 5, 6, 13, 14],
  });
  const out = `src/app/fonts/inter-core-${weight}.woff2`;
  writeFileSync(out, core);
  console.log(`${out}: ${core.length} bytes (the Latin face: ${source.length})`);
}

const faces = WEIGHTS.map(
  (weight) => `@font-face {
  font-family: 'Inter';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(./fonts/inter-core-${weight}.woff2) format('woff2');
  unicode-range: ${unicodeRange};
}
`,
);
writeFileSync(
  'src/app/fonts.css',
  `/*
 * Written by scripts/subset-fonts.mjs: run it again rather than editing this file.
 *
 * Inter's core faces for the app: the characters of the app's own text, about 13 KB a weight.
 * Declared after the whole Latin faces (src/components/ui/font.ts), so the browser takes these
 * for their characters and loads a whole face only for a character outside them.
 */
${faces.join('')}`,
);
console.log(`src/app/fonts.css: ${WEIGHTS.length} faces, unicode-range ${unicodeRange}`);
