import { ImagePlus, PenLine, UserPlus } from 'lucide-react';
import styled from 'styled-components';
import { cardSurface } from '../ui/mixins';
import type { UserSummary } from '../../api/types';
import { FeedScreen } from '../post';
import type { ScreenFeedProps } from '../post';
import { Avatar, Button } from '../ui';
import { WHO_TO_FOLLOW_ID } from '../layout/sizes';

export interface HomeScreenProps extends ScreenFeedProps {
  /** The signed-in user, for the compose box's avatar; null while unknown. */
  viewer: UserSummary | null;
  /** The viewer's avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  viewerAvatar?: string | undefined;
  /** The 'Write something interesting...' box and the empty feed's button: open the post dialog. */
  onCompose: () => void;
}

/**
 * Home: the title, the box that opens the post dialog, and the feed of the user's own posts and
 * those of the people they follow (the page passes them newest first).
 */
export function HomeScreen({ viewer, viewerAvatar, onCompose, ...feed }: HomeScreenProps) {
  return (
    <FeedScreen
      title="Home"
      intro={
        <Composer>
          <Avatar src={viewer?.profile} srcSet={viewerAvatar} alt="" size="md" />
          <ComposeButton type="button" onClick={onCompose}>
            <span>Write something interesting...</span>
            <ImagePlus aria-hidden="true" />
          </ComposeButton>
        </Composer>
      }
      feed={{
        ...feed,
        label: 'Home feed',
        empty: {
          icon: <UserPlus />,
          title: 'Your feed is waiting',
          message: (
            // On a phone the panel is a screen below: the words lead there (AppLayout's id).
            <>
              Write your first post, or follow someone from{' '}
              <a href={`#${WHO_TO_FOLLOW_ID}`}>Who to follow</a> to see their posts here.
            </>
          ),
          action: (
            <Button icon={<PenLine aria-hidden="true" />} onClick={onCompose}>
              Write a post
            </Button>
          ),
        },
      }}
    />
  );
}

const Composer = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  ${cardSurface}

  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.sm};
  }
`;

const ComposeButton = styled.button`
  flex: 1 1 auto;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.md};
  text-align: left;
  cursor: pointer;
  transition:
    background ${({ theme }) => theme.transition},
    border-color ${({ theme }) => theme.transition};

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  svg {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    color: ${({ theme }) => theme.colors.primary};
  }

  ${({ theme }) => theme.media.phone} {
    padding: 0 ${({ theme }) => theme.space.sm};

    svg {
      display: none;
    }
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
`;
