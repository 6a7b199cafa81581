import type { Decorator } from '@storybook/react-vite';
import { createGlobalStyle } from 'styled-components';

/**
 * A docs page opens at its top, whatever its stories do as they mount. Some stories start with
 * focus in a field: PostCard's and CommentList's comment editors (`editingCommentId`) have
 * `autoFocus`, as the editor has when a person chooses Edit. In the Canvas that is what the story
 * shows; on a docs page, where the story is one of many, the browser would scroll the page down
 * to that field (PostCard's page opened near its bottom). So on a docs page focus moves without
 * scrolling (`preventScroll`); in the Canvas and in the test-runner it behaves as the browser
 * makes it. (Not only focus on mount: `navigator.userActivation`, which would tell a reader's
 * click apart, is already set while a page loads after a click. What a reader focuses by
 * clicking on a docs page is in view anyway.)
 */
let onDocsPage = false;
/** The story is drawn in the docs page's own document, not in an iframe of its own. */
let inlineOnDocsPage = false;

type Focus = (this: HTMLElement, options?: FocusOptions) => void;
const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')?.value as Focus;
HTMLElement.prototype.focus = function focusWithoutScrollOnDocsPage(options?: FocusOptions) {
  focus.call(this, onDocsPage ? { ...options, preventScroll: true } : options);
};

/**
 * A modal dialog's `showModal()` focuses its first field itself, scrolling as focus does, and
 * takes no `preventScroll`: on a docs page the page is put back where it was. A story in an iframe
 * scrolls the docs page around the iframe too, so that one is put back as well.
 *
 * A dialog drawn inline, in the docs page's own document, opens in place (`show()`, in the flow of
 * its story: see DocsDialogsInPlace) rather than modal: a modal one would cover the whole page and
 * make it inert, and with several dialog stories on one page the reader would find the page under
 * the last one opened, unable to read or scroll it. In an iframe (a screen's story) the dialog is
 * modal within its own document, as in the Canvas.
 */
type ShowModal = (this: HTMLDialogElement) => void;
const showModal = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal')
  ?.value as ShowModal;
HTMLDialogElement.prototype.showModal = function showModalWithoutScrollOnDocsPage() {
  if (!onDocsPage) {
    showModal.call(this);
    return;
  }
  const pages = window.parent === window ? [window] : [window, window.parent];
  const places = pages.map((page) => [page, page.scrollX, page.scrollY] as const);
  if (inlineOnDocsPage) this.show();
  else showModal.call(this);
  for (const [page, x, y] of places) page.scrollTo(x, y);
};

/**
 * An open dialog that is not modal (only a docs page opens one: see above) takes its place in
 * the flow of its story, centred, instead of the browser's absolute position over what follows.
 */
const DocsDialogsInPlace = createGlobalStyle`
  dialog[open]:not(:modal) {
    position: relative;
    inset: auto;
    margin: 1rem auto;
  }
`;

/** Notes whether the story renders on a docs page (inline) or on its own, in the Canvas. */
export const withDocsFocus: Decorator = (Story, { viewMode }) => {
  inlineOnDocsPage = viewMode === 'docs';
  onDocsPage = inlineOnDocsPage || isDocsIframe();
  return (
    <>
      {inlineOnDocsPage && <DocsDialogsInPlace />}
      <Story />
    </>
  );
};

/** A story in an iframe on a docs page: docs.ts points those at `iframe.html?embed=true`. */
function isDocsIframe(): boolean {
  return new URLSearchParams(window.location.search).get('embed') === 'true';
}
