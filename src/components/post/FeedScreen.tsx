import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { screenColumn, screenTitle } from '../ui/mixins';
import { PostFeed } from './PostFeed';
import type { PostFeedProps } from './PostFeed';

export interface FeedScreenProps {
  /** The page title (h1). Omit it when the heading comes from elsewhere (Profile's card). */
  title?: string;
  /** Controls beside the title, e.g. Explore's 'Trending' / 'Latest'. */
  actions?: ReactNode;
  /** Content between the title and the feed: Home's compose box, Profile's card. */
  intro?: ReactNode;
  /** A heading of its own for the feed, when the title does not name it (Profile's 'Posts'). */
  feedHeading?: string;
  /** The feed under the title: its posts, state, words and callbacks (see PostFeed). */
  feed: PostFeedProps;
}

/**
 * The main column of the four feed screens (Home, Explore, Bookmarks, Profile): the title row,
 * an optional intro, and the PostFeed with its loading, failed, empty and list states. The
 * heading that names the feed (the feed's own, else the title) takes focus when the last post
 * that held it was deleted.
 */
export function FeedScreen({ title, actions, intro, feedHeading, feed }: FeedScreenProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const feedHeadingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Screen>
      {(title !== undefined || actions !== undefined) && (
        <TitleRow>
          {title !== undefined && (
            <Title ref={titleRef} tabIndex={-1}>
              {title}
            </Title>
          )}
          {actions}
        </TitleRow>
      )}
      {intro}
      {feedHeading !== undefined && (
        <FeedHeading ref={feedHeadingRef} tabIndex={-1}>
          {feedHeading}
        </FeedHeading>
      )}
      <PostFeed
        {...feed}
        headingLevel={feedHeading !== undefined ? 3 : 2}
        headingRef={feedHeading !== undefined ? feedHeadingRef : titleRef}
      />
    </Screen>
  );
}

const Screen = styled.div`
  ${screenColumn}
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h1`
  ${screenTitle}
`;

const FeedHeading = styled.h2`
  width: fit-content;
  margin-top: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
