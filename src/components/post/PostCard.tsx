import { memo, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { TextToken } from '../../api/richText';
import type { Post } from '../../api/types';
import type { TextVerdict } from '../../api/rules';
import { Avatar, AvatarLink, RichText } from '../ui';
import { besideAvatar, cardSurface, headerRow } from '../ui/mixins';
import { AuthorLine } from './AuthorLine';
import { CommentComposer } from './CommentComposer';
import { CommentList } from './CommentList';
import { PostActions } from './PostActions';
import { PostImage } from './PostImage';
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
  /** A comment was posted (trimmed, passing the comment rule). */
  onAddComment(postId: string, text: string): void;
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
   * Show the comments from the start (otherwise the Comment action opens them).
   * @default false
   */
  defaultCommentsOpen?: boolean;
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
  editingCommentId,
  commentsHeadingLevel = 2,
}: PostCardProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const commentsId = `${id}-comments`;
  const [commentsOpen, setCommentsOpen] = useState(defaultCommentsOpen);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const commentInputRef = useRef<HTMLInputElement>(null);
  const name = `${post.firstName} ${post.lastName}`;

  const toggleComments = () => {
    setCommentsOpen(!commentsOpen);
    if (!commentsOpen) commentInputRef.current?.focus();
  };

  return (
    <Card aria-labelledby={nameId} aria-busy={view.deleting || undefined}>
      {view.authorPath === undefined ? (
        <Avatar src={post.profile} alt="" size="md" />
      ) : (
        <AvatarLink to={view.authorPath}>
          <Avatar src={post.profile} alt="" size="md" />
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
          />
          {view.canEdit && (
            <PostMenu
              deleting={view.deleting}
              onEdit={() => actions.onEdit(post._id)}
              onAskDelete={() => setConfirmingDelete(true)}
            />
          )}
        </Header>

        <Content dir="auto">
          <RichText tokens={view.content ?? [{ kind: 'text', text: post.content }]} />
        </Content>

        {post.imgContent && (
          <PostImage
            src={post.imgContent}
            alt={post.imgAlt?.trim() || `Image attached by ${name}`}
          />
        )}

        <PostActions
          likedByMe={view.likedByMe}
          likeCount={post.likes.likeCount}
          likePending={view.likePending}
          commentCount={post.comments.length}
          commentsOpen={commentsOpen}
          commentsId={commentsId}
          bookmarked={view.bookmarked}
          bookmarkPending={view.bookmarkPending}
          onToggleLike={() => actions.onToggleLike(post._id)}
          onToggleComments={toggleComments}
          onToggleBookmark={() => actions.onToggleBookmark(post._id)}
        />

        <Comments id={commentsId} hidden={!commentsOpen}>
          <CommentList
            comments={post.comments}
            views={view.comments}
            checkComment={checkComment}
            label={`Comments on ${name}'s post`}
            editingCommentId={editingCommentId}
            headingLevel={commentsHeadingLevel}
            onEditComment={(commentId, text) => actions.onEditComment(post._id, commentId, text)}
            onDeleteComment={(commentId) => actions.onDeleteComment(post._id, commentId)}
            onUpvoteComment={(commentId) => actions.onUpvoteComment(post._id, commentId)}
            onDownvoteComment={(commentId) => actions.onDownvoteComment(post._id, commentId)}
          />
        </Comments>

        <CommentComposer
          inputRef={commentInputRef}
          check={checkComment}
          onSubmit={(text) => {
            setCommentsOpen(true);
            actions.onAddComment(post._id, text);
          }}
        />
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

const Content = styled.p`
  margin-top: -${({ theme }) => theme.space.xxs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Comments = styled.div`
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  &[hidden] {
    display: none;
  }
`;
