import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { NewPostButton } from './NewPostButton';
import { PhoneTopBar } from './PhoneTopBar';
import { SideNav } from './SideNav';
import { TAB_BAR_HEIGHT } from './sizes';

export interface AppLayoutProps {
  /** The signed-in user, shown small at the foot of the navigation; null while unknown. */
  user: UserSummary | null;
  /** Opens the post dialog: the 'New Post' button, and the "New post" plus button on phones. */
  onNewPost: () => void;
  /** Disables both new-post buttons (the page passes true on the bookmark page). */
  newPostDisabled?: boolean;
  /** The right side panel ('Who to follow'); omitted, the column is left out. */
  aside?: ReactNode;
  /** The main column: the page's own content. */
  children: ReactNode;
}

/**
 * The frame of every signed-in page: the left navigation (brand, the four links with the active
 * one highlighted, 'New Post', the current user), the main column and the 'Who to follow' panel.
 * On phones: a sticky app title at the top, the links as a bottom tab bar, and a round "New post"
 * button above it in place of 'New Post'; the side panel follows the main column.
 */
export function AppLayout({
  user,
  onNewPost,
  newPostDisabled = false,
  aside,
  children,
}: AppLayoutProps) {
  return (
    <Frame>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      <PhoneTopBar />
      <SideNav user={user} onNewPost={onNewPost} newPostDisabled={newPostDisabled} />
      <Columns>
        <Main id="main-content" tabIndex={-1}>
          {children}
        </Main>
        {aside ? <Aside aria-label="Who to follow">{aside}</Aside> : null}
      </Columns>
      <NewPostButton place="floating" disabled={newPostDisabled} onClick={onNewPost} />
    </Frame>
  );
}

const MAIN_MAX = '40rem';
const ASIDE_WIDTH = '20rem';

const Frame = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  min-height: 100vh;
  padding: 0 ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.phone} {
    flex-direction: column;
    justify-content: flex-start;
    gap: 0;
    padding: 0;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: ${({ theme }) => theme.space.md};
  z-index: ${({ theme }) => theme.zIndex.dialog};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  transform: translateY(-200%);

  &:focus-visible {
    transform: none;
  }
`;

const Columns = styled.div`
  flex: 0 1 calc(${MAIN_MAX} + ${ASIDE_WIDTH} + ${({ theme }) => theme.space.lg});
  min-width: 0;
  display: flex;
  flex-wrap: wrap;
  align-content: flex-start;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg} 0;

  ${({ theme }) => theme.media.phone} {
    flex: 1 0 auto;
    flex-direction: column;
    flex-wrap: nowrap;
    gap: ${({ theme }) => theme.space.lg};
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md}
      calc(${TAB_BAR_HEIGHT} + ${({ theme }) => theme.space.xxl});
  }
`;

const Main = styled.main`
  flex: 1 1 28rem;
  max-width: ${MAIN_MAX};
  min-width: 0;

  &:focus {
    outline: none;
  }

  ${({ theme }) => theme.media.phone} {
    flex: none;
    max-width: none;
  }
`;

const Aside = styled.aside`
  flex: 1 1 16rem;
  max-width: ${ASIDE_WIDTH};
  min-width: 0;

  > * {
    position: sticky;
    top: ${({ theme }) => theme.space.lg};
  }

  ${({ theme }) => theme.media.phone} {
    flex: none;
    max-width: none;

    > * {
      position: static;
    }
  }
`;
