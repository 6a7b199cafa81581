import { FileX } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { screenColumn, screenTitle } from '../ui/mixins';
import { PageStatus, type PageStatusKind } from './PageStatus';

/** What a post's page can show: the post, or why not yet (or not at all). */
export type PostScreenStatus = 'loaded' | PageStatusKind;

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
  return (
    <PageStatus
      status={status}
      noun="post"
      onRetry={onRetry}
      notFound={{
        icon: <FileX />,
        title: "This post doesn't exist",
        message: 'The link may be mistyped, or the post may have been deleted.',
      }}
    />
  );
}

const Screen = styled.div`
  ${screenColumn}
`;

const Title = styled.h1`
  ${screenTitle}
`;
