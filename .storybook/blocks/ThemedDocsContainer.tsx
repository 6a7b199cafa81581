import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { PropsWithChildren } from 'react';
import { murmurDark, murmurLight } from '../brand';
import { pointIframesAt } from '../docs';
import { useThemeGlobal } from '../themeGlobal';

/**
 * A boolean control in the props table draws its unchosen word ('False' or 'True') in
 * half-transparent text, below the contrast axe asks of every docs page: both words are drawn in
 * the table's text colour; the chosen one keeps its raised background.
 */
const BOOLEAN_CONTROL_CONTRAST = `
  .docblock-argstable label > input[type='checkbox'] ~ span { color: inherit; }
`;

/**
 * Docs pages in the toolbar's theme: Murmur's light or dark docs theme (brand.ts) around the page,
 * and the stories on it drawn in Murmur's matching theme. Inline stories follow by themselves
 * (the preview's decorator reads the global); stories in iframes are given the theme in their
 * address, and the page is drawn again when the theme changes, so they reload in it.
 */
export function ThemedDocsContainer({
  context,
  children,
}: PropsWithChildren<Pick<DocsContainerProps, 'context'>>) {
  const scheme = useThemeGlobal(context.channel);
  pointIframesAt(scheme);
  return (
    <DocsContainer context={context} theme={scheme === 'dark' ? murmurDark : murmurLight}>
      <style>{BOOLEAN_CONTROL_CONTRAST}</style>
      <div key={scheme}>{children}</div>
    </DocsContainer>
  );
}
