import { House } from 'lucide-react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS } from '../../paths';
import { MessagePage } from '../layout/MessagePage';

export interface NotFoundScreenProps {
  /** Where the way-out link goes; Home by default (which sends a signed-out visitor to login). */
  homeHref?: string;
}

/** The page for any unknown route: what happened and a link back home. */
export function NotFoundScreen({ homeHref = PATHS.home }: NotFoundScreenProps) {
  return (
    <MessagePage mark="404" heading="Page not found">
      <Text>
        There is nothing at this address. The link may be mistyped, or the page may have moved.
      </Text>
      <HomeLink to={homeHref}>
        <House aria-hidden="true" />
        Go to Home
      </HomeLink>
    </MessagePage>
  );
}

const Text = styled.p`
  max-width: 26rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A link that looks like the primary button (ui has no link-button). */
const HomeLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 3rem;
  margin-top: ${({ theme }) => theme.space.xs};
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
