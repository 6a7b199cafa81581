import type { ReactNode } from 'react';
import { PenLine } from 'lucide-react';
import { FeedScreen } from '../post';
import type { ScreenFeedProps } from '../post';
import { Button } from '../ui';

export interface ProfileScreenProps extends ScreenFeedProps {
  /** The profile card (src/components/user ProfileCard); its name is the page's h1. */
  profileCard: ReactNode;
  /** The empty state's 'Write a post' button; omitted, the empty state has no button. */
  onCompose?: () => void;
}

/** Profile: the profile card, then the user's own posts or 'No post yet'. */
export function ProfileScreen({ profileCard, onCompose, ...feed }: ProfileScreenProps) {
  return (
    <FeedScreen
      intro={profileCard}
      feedHeading="Posts"
      feed={{
        ...feed,
        label: 'Your posts',
        empty: {
          icon: <PenLine />,
          title: 'No post yet',
          message: 'What you share shows up here.',
          action: onCompose ? (
            <Button icon={<PenLine aria-hidden="true" />} onClick={onCompose}>
              Write a post
            </Button>
          ) : undefined,
        },
      }}
    />
  );
}
