import type { ReactNode } from 'react';
import styled from 'styled-components';
import { cardSurface } from '../ui/mixins';

export interface MessagePageProps {
  /** A large decorative mark above the heading (an icon or a short code such as "404"). */
  mark: ReactNode;
  /** The page heading (h1). */
  heading: string;
  /** The message under the heading: text, and a link or button on to somewhere useful. */
  children: ReactNode;
}

/**
 * A full-page, centred message card: the frame of the not-found and mock-unavailable screens.
 * It is the page's `<main>`; it needs no router and no app navigation.
 */
export function MessagePage({ mark, heading, children }: MessagePageProps) {
  return (
    <Page>
      <Card>
        <Mark aria-hidden="true">{mark}</Mark>
        <Heading>{heading}</Heading>
        {children}
      </Card>
    </Page>
  );
}

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
`;

const Card = styled.div`
  width: 100%;
  max-width: 34rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  text-align: center;
  ${cardSurface}

  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  }
`;

const Mark = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-width: 4.5rem;
  height: 4.5rem;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};

  svg {
    width: 2rem;
    height: 2rem;
  }
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
