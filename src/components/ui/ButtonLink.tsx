import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

export interface ButtonLinkProps {
  /** Where it goes (a path in the app). */
  to: string;
  /** A decorative icon before the text (a lucide-react element with aria-hidden). */
  icon?: ReactNode;
  /** The link's text. */
  children: ReactNode;
  /** 'md' (2.5 rem high) or 'lg' (3 rem, a page's one way out). Default 'md'. */
  size?: 'md' | 'lg';
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/**
 * A link drawn as the primary button: for a way on that is navigation, not an action ('Go to
 * Home' on the not-found pages). It stays a link, so it opens in a new tab like any other.
 */
export function ButtonLink({ to, icon, children, size = 'md', className }: ButtonLinkProps) {
  return (
    <Anchor to={to} $size={size} className={className}>
      {icon}
      {children}
    </Anchor>
  );
}

const Anchor = styled(Link)<{ $size: 'md' | 'lg' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ $size }) => ($size === 'lg' ? '3rem' : '2.5rem')};
  padding: 0 ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  transition: background ${({ theme }) => theme.transition};

  svg {
    width: 1.15em;
    height: 1.15em;
  }

  &:hover {
    background: ${({ theme }) => theme.colors.primaryStrong};
  }
`;
