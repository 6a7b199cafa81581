/**
 * Every component of the library has a description and every prop it declares is described:
 * Storybook's docs pages and the package's type declarations show exactly these (the component's
 * TSDoc is the page's description, each prop's TSDoc its row in the props table). Read with
 * react-docgen-typescript, the parser Storybook itself uses (.storybook/main.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { withCustomConfig } from 'react-docgen-typescript';
import { describe, expect, it } from 'vitest';

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** styled-components' polymorphic props, which every styled component has and React's own do not. */
const STYLED_PROPS = new Set(['as', 'forwardedAs']);

describe('component docs', () => {
  it('every component and every prop it declares is described (TSDoc)', () => {
    const parser = withCustomConfig('tsconfig.json', {
      savePropValueAsString: true,
      // As in Storybook: the props of React's and the DOM's own types are not the component's.
      propFilter: (prop) => !prop.parent || !prop.parent.fileName.includes('node_modules'),
    });
    const components = parser
      .parse(componentFiles('src/components'))
      .filter((doc) => !doc.displayName.startsWith('use'));
    expect(components.length).toBeGreaterThan(40);

    const gaps = components.flatMap((doc) => {
      const where = `${doc.filePath.replace(`${process.cwd()}/`, '')} ${doc.displayName}`;
      const props = Object.values(doc.props)
        .filter((prop) => !STYLED_PROPS.has(prop.name) && prop.description.trim() === '')
        .map((prop) => `${where}: prop ${prop.name} has no TSDoc`);
      return doc.description.trim() === '' ? [`${where} has no TSDoc`, ...props] : props;
    });
    expect(gaps).toEqual([]);
  }, 120_000);
});
