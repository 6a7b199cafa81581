import type { Decorator } from '@storybook/react-vite';

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

type Focus = (this: HTMLElement, options?: FocusOptions) => void;
const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')?.value as Focus;
HTMLElement.prototype.focus = function focusWithoutScrollOnDocsPage(options?: FocusOptions) {
  focus.call(this, onDocsPage ? { ...options, preventScroll: true } : options);
};

/** Notes whether the story renders on a docs page (inline) or on its own, in the Canvas. */
export const withDocsFocus: Decorator = (Story, { viewMode }) => {
  onDocsPage = viewMode === 'docs' || isDocsIframe();
  return <Story />;
};

/** A story in an iframe on a docs page: docs.ts points those at `iframe.html?embed=true`. */
function isDocsIframe(): boolean {
  return new URLSearchParams(window.location.search).get('embed') === 'true';
}
