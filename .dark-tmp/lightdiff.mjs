// For every story whose light layout differs from its baseline: is the difference only the
// theme switch (lines inserted, none changed or removed)?
import { readdirSync, readFileSync, existsSync } from 'node:fs';
const B = 'tests/visual/__baselines__/', D = 'tests/visual/__diff_output__/';
const switchLine = /^\s*(fieldset \||legend \| "Theme"|label \| @|input \| value="(light|dark|system)"|svg \| @|span \| "(Light|Dark|System)"|label\[title=|label \| |fieldset)/;
const out = [];
for (const f of readdirSync(D).filter((f) => f.endsWith('.layout.txt') && !f.includes('.dark.'))) {
  const before = readFileSync(B + f, 'utf8').split('\n');
  const after = readFileSync(D + f, 'utf8').split('\n');
  // remove switch blocks from after: a fieldset line and its deeper-indented children
  const kept = [];
  for (let i = 0; i < after.length; i++) {
    const line = after[i];
    if (/^\s*fieldset \|/.test(line) && after[i + 1]?.includes('legend | "Theme"')) {
      const depth = line.match(/^\s*/)[0].length;
      i++;
      while (i < after.length && after[i].match(/^\s*/)[0].length > depth) i++;
      i--;
      continue;
    }
    kept.push(line);
  }
  const same = kept.join('\n') === before.join('\n');
  out.push(`${same ? 'ONLY-SWITCH' : 'OTHER-CHANGE'} ${f}`);
}
console.log(out.sort().join('\n'));
