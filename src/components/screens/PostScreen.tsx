import { CircleAlert, FileX, House, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PATHS } from '../../paths';
import { Button, ButtonLink, EmptyState, Spinner } from '../ui';
import { cardSurface, screenColumn } from '../ui/mixins';

/** What a post's page can show: the post, or why not yet (or not at all). */
export type PostScreenStatus = 'loaded' | 'loading' | 'not-found' | 'failed';

export interface PostScreenProps {
  /** The post is there, being read, not there at all, or could not be read. */
  status: PostScreenStatus;
  /** The post's card with its whole thread (loaded). */
  post?: ReactNode;
  /** 'Retry' in the failed state. */
  onRetry?: () => void;
}

/**
 * `/post/:id`: one post and its whole conversation. While it loads, a spinner; when there is no
 * such post (a mistyped link, or a post deleted since), a not-found state with a way home; when
 * it could not be read, a message with 'Retry'.
 */
export function PostScreen({ status, post, onRetry }: PostScreenProps) {
  if (status === 'loaded') {
    return (
      <Screen>
        <Title>Post</Title>
        {post}
      </Screen>
    );
  }
  if (status === 'loading') {
    return (
      <Centre>
        <Spinner size="lg" label="Loading post" showLabel />
      </Centre>
    );
  }
  if (status === 'failed') {
    return (
      <Card>
        <EmptyState
          headingLevel={1}
          icon={<CircleAlert />}
          title="This post could not be loaded"
          message="Check your connection and try again."
          action={
            onRetry && (
              <Button variant="secondary" icon={<RotateCcw aria-hidden="true" />} onClick={onRetry}>
                Retry
              </Button>
            )
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <EmptyState
        headingLevel={1}
        icon={<FileX />}
        title="This post doesn't exist"
        message="The link may be mistyped, or the post may have been deleted."
        action={
          <ButtonLink to={PATHS.home} icon={<House aria-hidden="true" />}>
            Go to Home
          </ButtonLink>
        }
      />
    </Card>
  );
}

const Screen = styled.div`
  ${screenColumn}
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
`;

const Card = styled.div`
  ${cardSurface}
`;
