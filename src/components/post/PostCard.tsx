import { memo, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TextToken } from '../../api/richText';
import type { Comment, Post } from '../../api/types';
import type { TextVerdict } from '../../api/rules';
import { Avatar, AvatarLink, RichText, Spinner } from '../ui';
import { besideAvatar, cardSurface, headerRow } from '../ui/mixins';
import { AuthorLine } from './AuthorLine';
import { CommentComposer } from './CommentComposer';
import { CommentList } from './CommentList';
import { CommentThread, type CommentThreadEntry } from './CommentThread';
import { PostActions } from './PostActions';
import { PostImage, type PostImageView } from './PostImage';
import { ConfirmDeletePost, PostMenu } from './PostMenu';

/** The current user's vote on a comment. */
export type CommentVoteState = 'up' | 'down' | null;

/** What the current user may do with one comment, and how they voted on it. */
export interface CommentView {
  /** The current user wrote it: Edit in its menu. */
  canEdit: boolean;
  /** They wrote it or the post: Delete in its menu. */
  canDelete: boolean;
  /** Their vote: the matching button is pressed. */
  myVote: CommentVoteState;
  /** The text with its links (`richTextOf`); without it the text shows plain. */
  text?: readonly TextToken[];
  /** The author's profile: their name and avatar link there. Omitted, they do not. */
  authorPath?: string;
  /** The author's avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  authorAvatar?: string | undefined;
}

/**
 * Everything on a card that depends on who is looking, computed by the machines' selectors and
 * passed in: the card applies no rules of its own.
 */
export interface PostCardView {
  /** The current user likes the post: Like is pressed. */
  likedByMe: boolean;
  /** The current user bookmarked the post: Bookmark is pressed. */
  bookmarked: boolean;
  /** The current user wrote the post: the 'Post options' menu (Edit, Delete) shows. */
  canEdit: boolean;
  /** A like change is in flight: Like keeps its optimistic state but ignores presses. */
  likePending: boolean;
  /** A bookmark change is in flight: Bookmark keeps its optimistic state but ignores presses. */
  bookmarkPending: boolean;
  /** The post is being deleted: the card is marked busy, a spinner replaces its menu. */
  deleting: boolean;
  /** Keyed by comment _id; a comment missing here shows no menu and no vote. */
  comments: Readonly<Record<string, CommentView>>;
  /** The post's text with its links (`richTextOf`); without it the text shows plain. */
  content?: readonly TextToken[];
  /** The author's profile: their name and avatar link there. Omitted, they do not. */
  authorPath?: string;
  /** The author's avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  authorAvatar?: string | undefined;
  /** How many comments the post has, replies included (the Comment count). */
  commentCount: number;
  /** The newest comment: all a feed's card shows of the conversation. Absent, there is none. */
  latestComment?: Comment;
  /** The post's own page: the time links there, the text opens it, 'View all' goes there. */
  postPath?: string;
  /**
   * The picture's sources, sides and placeholder (`postImageOf`); without it the picture shows
   * from `imgContent` alone, growing once it has loaded.
   */
  image?: PostImageView;
}

/** One stable object for a whole feed; every callback takes ids. */
export interface PostCardActions {
  /** Like pressed: like the post, or take the like back. */
  onToggleLike(postId: string): void;
  /** Bookmark pressed: bookmark the post, or remove the bookmark. */
  onToggleBookmark(postId: string): void;
  /** 'Edit' chosen in the post's menu: open the post dialog in edit mode. */
  onEdit(postId: string): void;
  /** Called only after the person confirmed the deletion. */
  onDelete(postId: string): void;
  /** A comment was posted (trimmed, passing the comment rule); a reply names its thread. */
  onAddComment(postId: string, text: string, parentId?: string): void;
  /** The post's text was clicked (not to select it, not on a link): open its page. */
  onOpenPost(postId: string): void;
  /** 'Copy link' chosen in the post's menu. */
  onCopyLink(postId: string): void;
  /** A comment's new text was saved in its inline editor. */
  onEditComment(postId: string, commentId: string, text: string): void;
  /** A comment's deletion was confirmed. */
  onDeleteComment(postId: string, commentId: string): void;
  /** A comment's 'Upvote' was pressed. */
  onUpvoteComment(postId: string, commentId: string): void;
  /** A comment's 'Downvote' was pressed. */
  onDownvoteComment(postId: string, commentId: string): void;
}

// Defaults are also written as @default tags: the docs' props table cannot read them from the
// parameters of a function wrapped in memo().
export interface PostCardProps {
  /** The post, as the API answers it: author, text, image, likes and comments. */
  post: Post;
  /** What the current user sees on it: pressed toggles, menus, work in flight (see PostCardView). */
  view: PostCardView;
  /** What the card's controls call, with the post's id (one object for a whole feed). */
  actions: PostCardActions;
  /** The comment rule, for the composer and the inline editor. */
  checkComment: (text: string) => TextVerdict;
  /**
   * Show the comment input from the start (otherwise the Comment action opens it).
   * @default false
   */
  defaultCommentsOpen?: boolean;
  /**
   * The post's page: the whole conversation as threads, with Reply, in place of the latest
   * comment; the comment input always shows there.
   */
  thread?: readonly CommentThreadEntry[];
  /**
   * On the post's page, the thread is still being read (the post came from a feed, which carries
   * only its newest comment): 'Loading comments' shows in its place, never a thread cut short.
   * @default false
   */
  threadLoading?: boolean;
  /** A comment whose reply input starts open on the post's page (stories). */
  defaultReplyingTo?: string;
  /** A comment that starts in its inline editor (stories). */
  editingCommentId?: string;
  /**
   * Level of the 'Comments' heading, to fit the page outline (the feed's).
   * @default 2
   */
  commentsHeadingLevel?: 2 | 3;
}

/**
 * A post as an `<article>` named by its author: avatar, name, username, relative time, the text
 * with its line breaks, the optional image, Like / Comment / Bookmark, the comments with their
 * input, and the 'Post options' menu on the current user's posts. Memoised: a card re-renders
 * only when its own props change.
 */
export const PostCard = memo(function PostCard({
  post,
  view,
  actions,
  checkComment,
  defaultCommentsOpen = false,
  threadLoading = false,
  editingCommentId,
  commentsHeadingLevel = 2,
  thread,
  defaultReplyingTo,
}: PostCardProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const composerId = `${id}-composer`;
  const onPage = thread !== undefined;
  const [composerOpen, setComposerOpen] = useState(defaultCommentsOpen || onPage);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const commentInputRef = useRef<HTMLInputElement>(null);
  const name = `${post.firstName} ${post.lastName}`;
  const { postPath, latestComment } = view;

  // The input opens in place and takes focus; on the post's page it is always there. Focus moves
  // in the commit that draws it, not a frame later: a page that draws no frame for a while (a
  // busy phone, a background tab) would otherwise leave it on the button.
  const [focusAsked, setFocusAsked] = useState(0);
  useLayoutEffect(() => {
    if (focusAsked > 0) commentInputRef.current?.focus();
  }, [focusAsked]);
  const toggleComposer = () => {
    if (onPage || !composerOpen) {
      setComposerOpen(true);
      setFocusAsked((count) => count + 1);
    } else {
      setComposerOpen(false);
    }
  };

  // A click on the text opens the post, unless it selected text or pressed a link inside it.
  const openFromText = (event: MouseEvent<HTMLElement>) => {
    if (postPath === undefined || onPage) return;
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    actions.onOpenPost(post._id);
  };

  const commentActions = {
    onEditComment: (commentId: string, text: string) =>
      actions.onEditComment(post._id, commentId, text),
    onDeleteComment: (commentId: string) => actions.onDeleteComment(post._id, commentId),
    onUpvoteComment: (commentId: string) => actions.onUpvoteComment(post._id, commentId),
    onDownvoteComment: (commentId: string) => actions.onDownvoteComment(post._id, commentId),
  };

  return (
    <Card aria-labelledby={nameId} aria-busy={view.deleting || undefined}>
      {view.authorPath === undefined ? (
        <Avatar src={post.profile} srcSet={view.authorAvatar} alt="" size="md" />
      ) : (
        <AvatarLink to={view.authorPath}>
          <Avatar src={post.profile} srcSet={view.authorAvatar} alt="" size="md" />
        </AvatarLink>
      )}
      <Main>
        <Header>
          <AuthorLine
            author={post}
            createdAt={post.createdAt}
            editedAt={post.editedAt}
            nameId={nameId}
            href={view.authorPath}
            timeHref={onPage ? undefined : postPath}
          />
          <PostMenu
            deleting={view.deleting}
            canEdit={view.canEdit}
            onCopyLink={() => actions.onCopyLink(post._id)}
            onEdit={() => actions.onEdit(post._id)}
            onAskDelete={() => setConfirmingDelete(true)}
          />
        </Header>

        {/* The time link is the keyboard's way to the post; this click is a shortcut for the mouse. */}
        <Content dir="auto" onClick={openFromText} $opens={postPath !== undefined && !onPage}>
          <RichText tokens={view.content ?? [{ kind: 'text', text: post.content }]} />
        </Content>

        {post.imgContent && (
          <PostImage
            {...(view.image ?? { src: post.imgContent })}
            alt={post.imgAlt?.trim() || `Image attached by ${name}`}
          />
        )}

        <PostActions
          likedByMe={view.likedByMe}
          likeCount={post.likes.likeCount}
          likePending={view.likePending}
          commentCount={view.commentCount}
          commentsOpen={composerOpen}
          commentsId={composerId}
          bookmarked={view.bookmarked}
          bookmarkPending={view.bookmarkPending}
          onToggleLike={() => actions.onToggleLike(post._id)}
          onToggleComments={toggleComposer}
          onToggleBookmark={() => actions.onToggleBookmark(post._id)}
        />

        {thread !== undefined && threadLoading ? (
          <Comments>
            <Spinner label="Loading comments" showLabel />
          </Comments>
        ) : thread !== undefined ? (
          <Comments>
            <CommentThread
              threads={thread}
              views={view.comments}
              checkComment={checkComment}
              label={`Comments on ${name}'s post`}
              defaultReplyingTo={defaultReplyingTo}
              onReply={(parentId, text) => actions.onAddComment(post._id, text, parentId)}
              {...commentActions}
            />
          </Comments>
        ) : (
          // With the input open the region stays, so a deleted last comment hands focus to its heading.
          (latestComment !== undefined || composerOpen) && (
            <Comments>
              <CommentList
                comments={latestComment === undefined ? [] : [latestComment]}
                views={view.comments}
                checkComment={checkComment}
                label={`Latest comment on ${name}'s post`}
                editingCommentId={editingCommentId}
                headingLevel={commentsHeadingLevel}
                {...commentActions}
              />
              {view.commentCount > 1 && postPath !== undefined && (
                <ViewAll to={postPath}>View all {view.commentCount} comments</ViewAll>
              )}
            </Comments>
          )
        )}

        <div id={composerId} hidden={!composerOpen}>
          <CommentComposer
            inputRef={commentInputRef}
            check={checkComment}
            onSubmit={(text) => actions.onAddComment(post._id, text)}
          />
        </div>
      </Main>

      <ConfirmDeletePost
        open={confirmingDelete}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          actions.onDelete(post._id);
        }}
      />
    </Card>
  );
});

const Card = styled.article`
  ${besideAvatar}
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  ${cardSurface}
`;

const Main = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  flex: 1 1 auto;
  min-width: 0;
`;

const Header = styled.div`
  ${headerRow}
  min-height: 2rem;
`;

const Content = styled.p<{ $opens: boolean }>`
  margin-top: -${({ theme }) => theme.space.xxs};
  cursor: ${({ $opens }) => ($opens ? 'pointer' : 'auto')};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Comments = styled.div`
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const ViewAll = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
