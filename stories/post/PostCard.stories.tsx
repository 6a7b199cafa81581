import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Post } from '../../src/api/types';
import { PostCard } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { withColumn } from './decorators';
import {
  checkComment,
  commentsPost,
  hebrewPost,
  imagePost,
  LARGE_IMAGE,
  largeImagePost,
  longNamePost,
  longPost,
  othersLikedPost,
  ownPost,
  postCardActions,
  smallImagePost,
  textPost,
  viewer,
  viewOf,
} from './fixtures';

/** A post the guest liked, with two other likes. */
const likedTextPost = {
  ...textPost,
  likes: { ...textPost.likes, likeCount: 3, likedBy: [viewer] },
};

const actions = postCardActions();

const meta = {
  title: 'Post/PostCard',
  component: PostCard,
  decorators: [withColumn],
  args: { post: textPost, view: viewOf(textPost), actions, checkComment },
} satisfies Meta<typeof PostCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Someone else's text post, not liked, not bookmarked, without comments: no comments and no
 * comment input show (the calm card); its time links to the post's page.
 */
export const TextOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: 'Sofia Martins' });
    await expect(card).toHaveTextContent('@sofia_bakes');
    const time = canvas.getByText('5m');
    await expect(time).toHaveAttribute('dateTime', textPost.createdAt);
    await expect(time.closest('a')).toHaveAttribute('href', `/post/${textPost._id}`);
    await expect(canvas.queryByRole('list', { name: /comment/i })).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();

    const like = canvas.getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleDescription('0 likes');
    await userEvent.click(like);
    await expect(actions.onToggleLike).toHaveBeenCalledWith('post-sofia-scones');

    const bookmark = canvas.getByRole('button', { name: 'Bookmark' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bookmark);
    await expect(actions.onToggleBookmark).toHaveBeenCalledWith('post-sofia-scones');
  },
};

/**
 * A post with an attached picture that its author did not describe: its alt text names the
 * author, and it is a button that opens the picture larger. Never edited: no 'edited' mark.
 */
export const WithImage: Story = {
  args: { post: imagePost, view: viewOf(imagePost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Image attached by Liam Chen' })).toBeVisible();
    const opener = canvas.getByRole('button', { name: 'Image attached by Liam Chen' });
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(opener).toHaveAccessibleDescription('View larger');
    await expect(canvas.queryByText('edited')).toBeNull();
  },
};

/** The guest's picture post, edited since, whose image the guest described. */
const editedPost = {
  ...imagePost,
  imgAlt: 'Layered blue mountain ridges under an orange sunrise',
  editedAt: '2026-03-14T11:50:00+00:00',
};

/**
 * An edited post says 'edited' beside its time (the date of the edit in its tooltip and its
 * `<time>`), and its image uses the author's description as its alt text.
 */
export const EditedWithAltText: Story = {
  args: { post: editedPost, view: viewOf(editedPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: 'Liam Chen' });
    const edited = within(card).getByText('edited');
    await expect(edited.tagName).toBe('TIME');
    await expect(edited).toHaveAttribute('dateTime', editedPost.editedAt);
    await expect(edited).toHaveAttribute('title', expect.stringMatching(/^Edited Mar 14, 2026/));
    await expect(
      within(card).getByRole('img', {
        name: 'Layered blue mountain ridges under an orange sunrise',
      }),
    ).toBeVisible();
    await expect(
      within(card).queryByRole('img', { name: 'Image attached by Liam Chen' }),
    ).toBeNull();
  },
};

/** The picture's drawn size: its content box, without the hairline border. */
function drawnSize(image: HTMLImageElement) {
  return { width: image.clientWidth, height: image.clientHeight };
}

/** A 64 × 48 picture is drawn at 64 × 48: not stretched to the column's width, not blurred. */
export const SmallImageAtItsOwnSize: Story = {
  args: { post: smallImagePost, view: viewOf(smallImagePost) },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole<HTMLImageElement>('img', {
      name: 'Image attached by Sofia Martins',
    });
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
    await expect({ width: image.naturalWidth, height: image.naturalHeight }).toEqual({
      width: 64,
      height: 48,
    });
    await expect(drawnSize(image)).toEqual({ width: 64, height: 48 });
  },
};

/** A 1600 × 900 picture is scaled down to the column's width, its ratio kept. */
export const LargeImageCappedAtTheColumn: Story = {
  args: { post: largeImagePost, view: viewOf(largeImagePost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByRole<HTMLImageElement>('img', {
      name: 'Image attached by Sofia Martins',
    });
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
    await expect(image.naturalWidth).toBe(1600);
    const column = canvas.getByRole('button', { name: 'Image attached by Sofia Martins' });
    const { width, height } = image.getBoundingClientRect();
    // As wide as the column (the button spans it), and no wider.
    await expect(width).toBeCloseTo(column.getBoundingClientRect().width, 0);
    await expect(width).toBeLessThan(1600);
    const drawn = drawnSize(image);
    await expect(drawn.width / drawn.height).toBeCloseTo(16 / 9, 1);
    await expect(height).toBeLessThan(image.naturalHeight);
  },
};

/** An uploaded picture whose file is still on its way (the story's network never answers it). */
const arrivingImagePost: Post = {
  ...largeImagePost,
  _id: 'post-arriving-image',
  content: 'A picture on a slow network.',
  imgContent: '/api/media/SlowSlowSlowSlowSlowSlowSlowSlow.webp',
  imgWidth: 1600,
  imgHeight: 900,
  // A dusk sky over dark hills, as ThumbHash keeps it.
  imgPlaceholder: '4CgSPI6Xdnd/h4h1hod3f6r4eA==',
};

/**
 * Holds the picture's file back until the story lets it through (the story's own network). Made
 * anew before each render, so a release that comes before the browser has asked for the file is
 * kept, not lost.
 */
let pictureGate = Promise.withResolvers<undefined>();

/**
 * Before a byte of the picture arrives, its box already has its size (from the post's width and
 * height) and shows its placeholder, a blurred likeness; once it arrives, nothing moves.
 */
export const ImageBoxBeforeItLoads: Story = {
  // Not on the docs page: there its held-back file would be asked of the mock, which has none.
  tags: ['!autodocs'],
  args: { post: arrivingImagePost, view: viewOf(arrivingImagePost) },
  beforeEach: () => {
    pictureGate = Promise.withResolvers<undefined>();
  },
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/media/:name', async () => {
          await pictureGate.promise;
          const svg = await (await fetch(LARGE_IMAGE)).blob();
          return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole<HTMLImageElement>('img', {
      name: 'Image attached by Sofia Martins',
    });
    await expect(image.complete && image.naturalWidth > 0).toBe(false);
    const before = image.getBoundingClientRect();
    await expect(before.width).toBeGreaterThan(200);
    // The border's 2px aside, the box is the picture's 16:9.
    await expect((before.width - 2) / (before.height - 2)).toBeCloseTo(16 / 9, 1);
    await waitFor(() => expect(image.style.backgroundImage).toMatch(/^url\("data:image\/png/));

    pictureGate.resolve(undefined);
    // The file goes through the service worker and is decoded: allow a slow machine its time.
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true), {
      timeout: 5000,
    });
    const after = image.getBoundingClientRect();
    await expect({ width: after.width, height: after.height, top: after.top }).toEqual({
      width: before.width,
      height: before.height,
      top: before.top,
    });
    await waitFor(() => expect(image.style.backgroundImage).toBe(''));
  },
};

/**
 * The picture opens larger from the keyboard (Enter): a modal dialog with the picture, its alt
 * text and Close. Focus stays inside it (Tab), Escape closes it and focus is back on the picture.
 */
export const ImageViewerFromTheKeyboard: Story = {
  args: { post: largeImagePost, view: viewOf(largeImagePost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Image attached by Sofia Martins' });
    opener.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    const viewer = await canvas.findByRole('dialog', { name: 'Image' });
    await expect(viewer).toHaveAccessibleDescription('Image attached by Sofia Martins');
    const large = within(viewer).getByRole<HTMLImageElement>('img', {
      name: 'Image attached by Sofia Martins',
    });
    await expect(large).toBeVisible();
    await expect(within(viewer).getByText('Image attached by Sofia Martins')).toBeVisible();
    const close = within(viewer).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    // Larger than on the card.
    await expect(large.getBoundingClientRect().width).toBeGreaterThan(
      opener.getBoundingClientRect().width,
    );
    // Focus is trapped: Tab and Shift+Tab stay in the dialog.
    await userEvent.tab();
    await expect(viewer).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement);
    await userEvent.tab({ shift: true });
    await expect(viewer).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
    await expect(opener).toHaveStyle({ outlineStyle: 'none' });
    // The ring is drawn on the picture itself.
    await expect(
      within(opener).getByRole('img', { name: 'Image attached by Sofia Martins' }),
    ).toHaveStyle({ outlineStyle: 'solid' });
  },
};

/** A click on the picture opens the viewer; the Close button closes it and focus returns. */
export const ImageViewerOpen: Story = {
  args: { post: imagePost, view: viewOf(imagePost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Image attached by Liam Chen' });
    await userEvent.click(within(opener).getByRole('img'));
    let viewer = await canvas.findByRole('dialog', { name: 'Image' });
    await userEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
    // Open again and leave it open for the picture.
    await userEvent.click(within(opener).getByRole('img'));
    viewer = await canvas.findByRole('dialog', { name: 'Image' });
    await expect(
      within(viewer).getByRole('img', { name: 'Image attached by Liam Chen' }),
    ).toBeVisible();
  },
};

/** The viewer at phone width: the picture fits the screen. */
export const PhoneImageViewerOpen: Story = {
  ...phoneStory,
  args: { post: largeImagePost, view: viewOf(largeImagePost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Image attached by Sofia Martins' });
    await userEvent.click(within(opener).getByRole('img'));
    const viewer = await canvas.findByRole('dialog', { name: 'Image' });
    const large = within(viewer).getByRole('img', { name: 'Image attached by Sofia Martins' });
    await expect(large.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The direction of an element, as the browser lays it out. */
const directionOf = (element: Element) => getComputedStyle(element).direction;

/** How far the text's right edge is from the right edge of the room it has (0: right-aligned). */
function gapOnTheRight(element: Element): number {
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  const room = element.parentElement ?? element;
  const style = getComputedStyle(room);
  const right =
    room.getBoundingClientRect().right -
    parseFloat(style.paddingRight) -
    parseFloat(style.borderRightWidth);
  return right - range.getBoundingClientRect().right;
}

/**
 * A Hebrew post and comment: each reads right to left (`dir="auto"`), right-aligned, so the
 * '!' and '?' end the sentences on the left, where a Hebrew reader expects them.
 */
export const HebrewPostAndComment: Story = {
  args: { post: hebrewPost, view: viewOf(hebrewPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const post = canvas.getByText('שלום עולם! מה שלומכם?');
    await expect(post).toHaveAttribute('dir', 'auto');
    await expect(directionOf(post)).toBe('rtl');
    await expect(Math.abs(gapOnTheRight(post))).toBeLessThan(1);
    const comment = canvas.getByText('תודה, הכול טוב!');
    await expect(directionOf(comment)).toBe('rtl');
    await expect(Math.abs(gapOnTheRight(comment))).toBeLessThan(1);
    // The rest of the card keeps the page's direction.
    await expect(directionOf(canvas.getByRole('article'))).toBe('ltr');
    // What is typed follows its text too.
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(input, 'כל הכבוד');
    await expect(directionOf(input)).toBe('rtl');
    await userEvent.clear(input);
    input.blur();
  },
};

/** The height of one line of an element's text. */
const oneLineHeight = (element: Element) => parseFloat(getComputedStyle(element).lineHeight);

/**
 * A 40 + 35-character name at phone width: on one line in the post's and the comment's
 * header, cut with an ellipsis, the full name in its tooltip; the time still shows. The comment's
 * narrow header leaves out the @username.
 */
export const PhoneLongestName: Story = {
  ...phoneStory,
  args: { post: longNamePost, view: viewOf(longNamePost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const full = 'Bartholomew-Maximilian-Alexander-Augusto Vandersteenhoven-Castellanos-Rivera';
    const article = canvas.getByRole('article', { name: full });
    const names = canvas.getAllByTitle(full);
    await expect(names).toHaveLength(2); // the post's and the comment's
    for (const name of names) {
      await expect(name).toHaveTextContent(full);
      await expect(name.getBoundingClientRect().height).toBeCloseTo(oneLineHeight(name), 0);
      await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth); // cut, with an ellipsis
      await expect(name).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    }
    // The post's @username is on its line too; the comment's, in a bubble this narrow, is left
    // out rather than cut to a few letters.
    const [postHandle, commentHandle] = canvas.getAllByTitle('@bartholomew_augusto');
    if (postHandle === undefined) throw new Error("No @username in the post's header");
    await expect(postHandle.getBoundingClientRect().height).toBeCloseTo(
      oneLineHeight(postHandle),
      0,
    );
    await expect(commentHandle).not.toBeVisible();
    for (const time of canvas.getAllByText(/^(5m|2m)$/)) await expect(time).toBeVisible();
    await expect(article.scrollWidth).toBeLessThanOrEqual(article.clientWidth);
  },
};

/** Long text with paragraphs, a long link and a very long word: it wraps inside the card. */
export const LongText: Story = {
  args: { post: longPost, view: viewOf(longPost) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    // Line breaks in the text are kept.
    await expect(within(card).getByText(/^Notes from this week/)).toHaveStyle({
      whiteSpace: 'pre-wrap',
    });
  },
};

/** The current user liked it: Like is pressed; pressing it again sends the toggle (the machine unlikes). */
export const LikedByMe: Story = {
  args: { post: longPost, view: viewOf(longPost) },
  play: async ({ canvasElement }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(like);
    await expect(actions.onToggleLike).toHaveBeenCalledTimes(1);
    await expect(actions.onToggleLike).toHaveBeenCalledWith('post-long');
  },
};

/** Liked by others but not by the current user: Like is not pressed. */
export const LikedByOthersOnly: Story = {
  args: { post: othersLikedPost, view: viewOf(othersLikedPost) },
  play: async ({ canvasElement }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleDescription('3 likes');
  },
};

/** A like in flight: the optimistic state shows, further presses are ignored. */
export const LikePending: Story = {
  args: {
    post: likedTextPost,
    view: viewOf(likedTextPost, { likePending: true }),
  },
  play: async ({ canvasElement }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(like);
    await expect(actions.onToggleLike).not.toHaveBeenCalled();
  },
};

/** In the current user's bookmarks: Bookmark is pressed; pressing sends the toggle. */
export const Bookmarked: Story = {
  args: { post: imagePost, view: viewOf(imagePost, { bookmarks: [imagePost] }) },
  play: async ({ canvasElement }) => {
    const bookmark = within(canvasElement).getByRole('button', { name: 'Bookmark' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(bookmark);
    await expect(actions.onToggleBookmark).toHaveBeenCalledWith('post-liam-ridge');
  },
};

/** The current user's own post: 'Post options' opens with the keyboard; Edit hands the post id up. */
export const OwnPostMenu: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const options = canvas.getByRole('button', { name: 'Post options' });
    options.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    const menu = canvas.getByRole('menu', { name: 'Post options' });
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Copy link', 'Delete']);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(actions.onEdit).toHaveBeenCalledWith(ownPost._id);
    await expect(options).toHaveFocus();
    // Open again and leave it open for the picture.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
  },
};

/** Delete asks first: the confirmation is open, nothing deleted yet. */
export const DeleteConfirmation: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(actions.onDelete).not.toHaveBeenCalled();
  },
};

/** Cancelling (Escape) deletes nothing and returns focus to the menu button. */
export const DeleteCancelled: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const options = canvas.getByRole('button', { name: 'Post options' });
    await userEvent.click(options);
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(options).toHaveFocus();
    await expect(actions.onDelete).not.toHaveBeenCalled();
  },
};

/** Confirming deletes the post by its id. */
export const DeleteConfirmed: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(actions.onDelete).toHaveBeenCalledWith('post-guest-hello');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** The post is being deleted: busy, a spinner in place of its menu. */
export const Deleting: Story = {
  args: { post: ownPost, view: viewOf(ownPost, { deleting: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Deleting post');
    await expect(canvas.queryByRole('button', { name: 'Post options' })).toBeNull();
  },
};

/**
 * Comments open on someone else's post: the current user's own comment has 'Comment options'
 * (Edit, Delete); the others have none. Votes show counts; my upvote is pressed.
 */
export const WithComments: Story = {
  args: { post: commentsPost, view: viewOf(commentsPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Comment' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Comment' })).toHaveAccessibleDescription(
      '2 comments',
    );
    // The card shows the latest comment only (the guest's); the rest is on the post's page.
    const comments = within(canvas.getByRole('list', { name: /^Latest comment/ })).getAllByRole(
      'listitem',
    );
    await expect(comments).toHaveLength(1);
    const [mine] = comments as [HTMLElement];
    await expect(mine).toHaveTextContent('Saving this for our next sprint.');
    await expect(within(mine).getByRole('button', { name: 'Comment options' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View all 2 comments' })).toHaveAttribute(
      'href',
      '/post/post-maya-launch',
    );

    const up = within(mine).getByRole('button', { name: 'Upvote' });
    await userEvent.click(up);
    await expect(actions.onUpvoteComment).toHaveBeenCalledWith(
      'post-maya-launch',
      'comment-launch-sprint',
    );
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * The post author sees Delete (not Edit) on others' comments of their post; it asks first,
 * then deletes the comment by its ids.
 */
export const CommentMenuOnOwnPost: Story = {
  args: { post: ownPost, view: viewOf(ownPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    const items = canvas.getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Delete']);
    await userEvent.click(items[0] as HTMLElement);
    const confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    await expect(actions.onDeleteComment).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(actions.onDeleteComment).toHaveBeenCalledWith(
      'post-guest-hello',
      'comment-hello-welcome',
    );
  },
};

/** Editing a comment inline: Save is disabled when blank, Escape cancels, Save sends the text. */
export const CommentBeingEdited: Story = {
  args: {
    post: commentsPost,
    view: viewOf(commentsPost),
    defaultCommentsOpen: true,
    editingCommentId: 'comment-launch-sprint',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Edit comment' });
    await expect(editor).toHaveValue('Saving this for our next sprint.');
    await userEvent.clear(editor);
    await userEvent.type(editor, '   ');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Saving this for the next sprint.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(actions.onEditComment).toHaveBeenCalledWith(
      'post-maya-launch',
      'comment-launch-sprint',
      'Saving this for the next sprint.',
    );
    // Back to the comment, then open the editor again from the menu for the picture.
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Edit comment' })).toHaveFocus(),
    );
  },
};

/** The Comment action opens the card's comment input in place, focused; a comment posts. */
export const AddingAComment: Story = {
  args: { post: commentsPost, view: viewOf(commentsPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Comment' }));
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, '  Congratulations!  {Enter}');
    await expect(actions.onAddComment).toHaveBeenCalledWith('post-maya-launch', 'Congratulations!');
    await expect(input).toHaveValue('');
  },
};

/** A post with one comment: it shows, with no 'View all' (there is nothing more to see). */
export const OneLatestComment: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: /^Latest comment/ });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.queryByRole('link', { name: /^View all/ })).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
  },
};

/** The comment input opened at phone width. */
export const PhoneCommentInputOpened: Story = {
  ...phoneStory,
  args: { post: commentsPost, view: viewOf(commentsPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment' }));
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(input).toHaveFocus());
    const card = canvas.getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/**
 * A click on the text opens the post's page; a click on a link inside it does not (the link
 * does its own thing). 'Copy link' is in every post's menu.
 */
export const TextOpensThePost: Story = {
  args: { post: textPost, view: viewOf(textPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText(textPost.content.slice(0, 12), { exact: false }));
    await expect(actions.onOpenPost).toHaveBeenCalledWith(textPost._id);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    const items = canvas.getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Copy link']);
    await userEvent.click(items[0] as HTMLElement);
    await expect(actions.onCopyLink).toHaveBeenCalledWith(textPost._id);
  },
};

/** At phone width, with an image and comments open. */
export const Phone: Story = {
  ...phoneStory,
  args: {
    post: imagePost,
    view: viewOf(imagePost, { bookmarks: [imagePost] }),
    defaultCommentsOpen: true,
  },
};

/** Long text at phone width: still no overflow. */
export const PhoneLongText: Story = {
  ...phoneStory,
  args: { post: longPost, view: viewOf(longPost) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/** Own post with comments open at phone width, the menu open. */
export const PhoneOwnPostWithComments: Story = {
  ...phoneStory,
  args: { post: commentsPost, view: viewOf(commentsPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    await expect(canvas.getByRole('menu', { name: 'Comment options' })).toBeVisible();
  },
};
