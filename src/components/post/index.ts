export { PostCard } from './PostCard';
export type {
  CommentView,
  CommentVoteState,
  PostCardActions,
  PostCardProps,
  PostCardView,
} from './PostCard';
export { PostFeed } from './PostFeed';
export type {
  PostFeedEmpty,
  PostFeedMore,
  PostFeedMoreStatus,
  PostFeedProps,
  PostFeedStatus,
  RenderPost,
  ScreenFeedProps,
} from './PostFeed';
export { NewPostsPill } from './NewPostsPill';
export type { NewPostsPillProps } from './NewPostsPill';
export { FeedScreen } from './FeedScreen';
export type { FeedScreenProps } from './FeedScreen';
export { PostDialog } from './PostDialog';
export type { ImageUploadState, PostDialogMode, PostDialogProps } from './PostDialog';
export { CommentComposer } from './CommentComposer';
export type { CommentComposerProps } from './CommentComposer';
export { CommentList } from './CommentList';
export type { CommentListProps } from './CommentList';
export { CommentItem } from './CommentItem';
export type { CommentItemProps } from './CommentItem';
export { AuthorLine } from './AuthorLine';
export type { AuthorLineProps, AuthorLineSize } from './AuthorLine';
export { CommentThread } from './CommentThread';
export type { CommentThreadEntry, CommentThreadProps } from './CommentThread';
