import type { FallbackProps } from 'react-error-boundary';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MessagePage } from '../../components/layout/MessagePage';
import { Button } from '../../components/ui/Button';
import { PATHS } from '../../paths';

/**
 * What a person sees if a screen fails to render or its code fails to load (a new deploy, a lost
 * connection): what happened and two ways on, never a blank page.
 */
export function RouteError({ error }: FallbackProps) {
  const detail = error instanceof Error ? error.message : 'Unknown error';
  return (
    <MessagePage mark="!" heading="Something went wrong!">
      <Text>This page could not be shown. Reloading usually helps.</Text>
      <Actions>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Link to={PATHS.home}>Go to Home</Link>
      </Actions>
      <Detail>{detail}</Detail>
    </MessagePage>
  );
}

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
`;
const Detail = styled.code`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
