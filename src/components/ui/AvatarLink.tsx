import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

export interface AvatarLinkProps {
  /** Where the picture leads: the person's profile (`profilePathOf`). */
  to: string;
  /** The avatar (an `<Avatar alt="">`: the name beside it already says who it is). */
  children: ReactNode;
}

/**
 * An avatar that leads to the person's profile, as their name beside it does. A pointer
 * convenience only: it is out of the tab order and hidden from assistive technology, so the
 * name's link is the one stop per person for keyboards and screen readers.
 */
export function AvatarLink({ to, children }: AvatarLinkProps) {
  return (
    <Anchor to={to} tabIndex={-1} aria-hidden="true">
      {children}
    </Anchor>
  );
}

const Anchor = styled(Link)`
  display: block;
  flex: none;
  align-self: flex-start;
  border-radius: ${({ theme }) => theme.radii.round};
  line-height: 0;
  transition: opacity ${({ theme }) => theme.transition};

  &:hover {
    opacity: 0.85;
  }
`;
