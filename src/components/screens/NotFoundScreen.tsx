import { House } from 'lucide-react';
import styled from 'styled-components';
import { PATHS } from '../../paths';
import { MessagePage } from '../layout/MessagePage';
import { ButtonLink } from '../ui/ButtonLink';

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
      <HomeLink to={homeHref} size="lg" icon={<House aria-hidden="true" />}>
        Go to Home
      </HomeLink>
    </MessagePage>
  );
}

const Text = styled.p`
  max-width: 26rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const HomeLink = styled(ButtonLink)`
  margin-top: ${({ theme }) => theme.space.xs};
`;
