import { PenLine, PlusCircle } from 'lucide-react';
import styled from 'styled-components';
import { Button, IconButton } from '../ui/Button';
import { FLOATING_BUTTON_GAP, FLOATING_BUTTON_SIZE, TAB_BAR_HEIGHT } from './sizes';

export interface NewPostButtonProps {
  /** 'side': 'New Post' in the side navigation (not on phones). 'floating': the round "New post"
   * button above the phone's tab bar (only on phones). */
  place: 'side' | 'floating';
  /** The page offers no new post (Bookmarks): the button shows, disabled. */
  disabled: boolean;
  /** Opens the post dialog. */
  onClick: () => void;
}

/** Opens the post dialog: one button for wide screens, another for phones. */
export function NewPostButton({ place, disabled, onClick }: NewPostButtonProps) {
  if (place === 'floating') {
    return (
      <Floating
        label="New post"
        variant="primary"
        size="lg"
        icon={<PlusCircle aria-hidden="true" />}
        disabled={disabled}
        onClick={onClick}
      />
    );
  }
  return (
    <Side
      size="lg"
      fullWidth
      icon={<PenLine aria-hidden="true" />}
      disabled={disabled}
      onClick={onClick}
    >
      New Post
    </Side>
  );
}

const Side = styled(Button)`
  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const Floating = styled(IconButton)`
  display: none;

  ${({ theme }) => theme.media.phone} {
    display: inline-flex;
    position: fixed;
    right: ${FLOATING_BUTTON_GAP};
    bottom: calc(${TAB_BAR_HEIGHT} + ${FLOATING_BUTTON_GAP});
    z-index: ${({ theme }) => theme.zIndex.sticky};
    width: ${FLOATING_BUTTON_SIZE};
    min-height: ${FLOATING_BUTTON_SIZE};
    box-shadow: ${({ theme }) => theme.shadows.raised};
    /* Comes back a moment after the typing ends (below), so the tap on Post or Reply that takes
       focus out of the field lands on that button, not on this one appearing over it. */
    transition:
      opacity 150ms ease 400ms,
      visibility 0s linear 400ms;

    /* While a comment, a reply or a form in the page is being typed into, the button steps
       aside: it sits over the bottom right of the screen, where a scrolled composer's Post or
       Reply button passes under it. */
    :root:has(main form :is(textarea, input:not([type='checkbox'], [type='radio'])):focus) & {
      visibility: hidden;
      opacity: 0;
      transition: none;
    }

    && svg {
      width: 1.75rem;
      height: 1.75rem;
    }
  }
`;
