import { UserRoundCheck, UserRoundPlus } from 'lucide-react';
import { Button, type ButtonSize } from '../ui/Button';

export interface FollowButtonProps {
  /** Whose follow it is: the accessible name adds it ("Follow Maya Okafor"). */
  name: string;
  /** The current user follows them: the button reads Unfollow. */
  following: boolean;
  /** A follow or unfollow of them is on its way: the button is busy and ignores presses. */
  pending: boolean;
  /** Pressed: the machines decide follow or unfollow from the current state. */
  onToggle: () => void;
  /** 'sm' in lists of people, 'md' on a profile card. Default 'sm'. */
  size?: ButtonSize;
}

/**
 * Follow / Unfollow for one person: primary 'Follow' when not following, secondary 'Unfollow'
 * when following. The visible text is the verb; the accessible name adds the person, so a list
 * of them can be told apart.
 */
export function FollowButton({
  name,
  following,
  pending,
  onToggle,
  size = 'sm',
}: FollowButtonProps) {
  return following ? (
    <Button
      variant="secondary"
      size={size}
      busy={pending}
      icon={size === 'sm' ? undefined : <UserRoundCheck aria-hidden="true" />}
      aria-label={`Unfollow ${name}`}
      onClick={onToggle}
    >
      Unfollow
    </Button>
  ) : (
    <Button
      variant="primary"
      size={size}
      busy={pending}
      icon={<UserRoundPlus aria-hidden="true" />}
      aria-label={`Follow ${name}`}
      onClick={onToggle}
    >
      Follow
    </Button>
  );
}
