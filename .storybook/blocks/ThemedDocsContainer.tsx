import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { PropsWithChildren } from 'react';
import { themes } from 'storybook/theming';
import { pointIframesAt } from '../docs';
import { useThemeGlobal } from '../themeGlobal';

/**
 * Docs pages in the toolbar's theme: Storybook's own light or dark docs theme around the page,
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
    <DocsContainer context={context} theme={scheme === 'dark' ? themes.dark : themes.light}>
      <div key={scheme}>{children}</div>
    </DocsContainer>
  );
}
