import { Bookmark } from 'lucide-react';
import { FeedScreen } from '../post';
import type { ScreenFeedProps } from '../post';

export type BookmarksScreenProps = ScreenFeedProps;

/** Bookmarks: 'Your Bookmarks' and the bookmarked posts, or 'Nothing in bookmark'. */
export function BookmarksScreen(feed: BookmarksScreenProps) {
  return (
    <FeedScreen
      title="Your Bookmarks"
      feed={{
        ...feed,
        label: 'Bookmarked posts',
        empty: {
          icon: <Bookmark />,
          title: 'Nothing in bookmark',
          message: 'Press the bookmark on any post to keep it here for later.',
        },
      }}
    />
  );
}
