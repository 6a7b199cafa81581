import { Bookmark, Compass, House, PenLine, PlusCircle, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { Button, IconButton } from '../ui/Button';

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

export const NAV_ITEMS = [
  { to: '/home-page', label: 'Home', icon: House },
  { to: '/explore-page', label: 'Explore', icon: Compass },
  { to: '/bookmark-page', label: 'Bookmark', icon: Bookmark },
  { to: '/profile-page', label: 'Profile', icon: UserRound },
] as const;

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
      <TopBar>
        <TopBarTitle to="/home-page">Murmur</TopBarTitle>
      </TopBar>
      <Sidebar>
        <SidebarInner>
          <Brand>
            <BrandLink to="/home-page">Murmur</BrandLink>
          </Brand>
          <Nav aria-label="Main">
            <NavList>
              {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavItem to={to}>
                    <Icon aria-hidden="true" />
                    <span>{label}</span>
                  </NavItem>
                </li>
              ))}
            </NavList>
          </Nav>
          <NewPostButton
            size="lg"
            fullWidth
            icon={<PenLine aria-hidden="true" />}
            disabled={newPostDisabled}
            onClick={onNewPost}
          >
            New Post
          </NewPostButton>
          {user ? (
            <Me>
              <Avatar src={user.profile} alt="" size="md" />
              <MeText>
                <MeName>
                  {user.firstName} {user.lastName}
                </MeName>
                <MeHandle>@{user.username}</MeHandle>
              </MeText>
            </Me>
          ) : null}
        </SidebarInner>
      </Sidebar>
      <Columns>
        <Main id="main-content" tabIndex={-1}>
          {children}
        </Main>
        {aside ? <Aside aria-label="Who to follow">{aside}</Aside> : null}
      </Columns>
      <FloatingNewPost
        label="New post"
        variant="primary"
        size="lg"
        icon={<PlusCircle aria-hidden="true" />}
        disabled={newPostDisabled}
        onClick={onNewPost}
      />
    </Frame>
  );
}

const SIDEBAR_WIDTH = '16rem';
const MAIN_MAX = '40rem';
const ASIDE_WIDTH = '20rem';
/** Height of the phone's bottom tab bar (icon + label + padding). */
const TAB_BAR_HEIGHT = '4rem';

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

const TopBar = styled.header`
  display: none;

  ${({ theme }) => theme.media.phone} {
    display: flex;
    align-items: center;
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    height: 3.5rem;
    padding: 0 ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const brandText = `
  font-weight: 700;
  letter-spacing: -0.02em;
  text-decoration: none;
  border-radius: 0.375rem;
`;

const TopBarTitle = styled(Link)`
  ${brandText}
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.primary};
`;

const Sidebar = styled.div`
  flex: none;
  width: ${SIDEBAR_WIDTH};

  ${({ theme }) => theme.media.phone} {
    width: auto;
  }
`;

const SidebarInner = styled.div`
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  height: 100vh;
  padding: ${({ theme }) => theme.space.lg} 0;

  ${({ theme }) => theme.media.phone} {
    display: contents;
  }
`;

const Brand = styled.p`
  padding: 0 ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const BrandLink = styled(Link)`
  ${brandText}
  font-size: ${({ theme }) => theme.font.size.xxl};
  color: ${({ theme }) => theme.colors.primary};
`;

const Nav = styled.nav`
  ${({ theme }) => theme.media.phone} {
    position: fixed;
    left: 0;
    right: 0;
    bottom: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    height: ${TAB_BAR_HEIGHT};
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};

  ${({ theme }) => theme.media.phone} {
    flex-direction: row;
    height: 100%;
    gap: 0;

    li {
      flex: 1 1 0;
      display: flex;
    }
  }
`;

const NavItem = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  transition: background ${({ theme }) => theme.transition};

  svg {
    width: 1.5rem;
    height: 1.5rem;
    flex: none;
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryStrong};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }

  ${({ theme }) => theme.media.phone} {
    flex: 1;
    flex-direction: column;
    justify-content: center;
    gap: ${({ theme }) => theme.space.xxs};
    margin: ${({ theme }) => theme.space.xxs};
    padding: ${({ theme }) => theme.space.xxs};
    border-radius: ${({ theme }) => theme.radii.md};
    font-size: ${({ theme }) => theme.font.size.xs};

    svg {
      width: 1.375rem;
      height: 1.375rem;
    }
  }
`;

const NewPostButton = styled(Button)`
  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const Me = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const MeText = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const MeName = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const MeHandle = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
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

const FloatingNewPost = styled(IconButton)`
  display: none;

  ${({ theme }) => theme.media.phone} {
    display: inline-flex;
    position: fixed;
    right: ${({ theme }) => theme.space.md};
    bottom: calc(${TAB_BAR_HEIGHT} + ${({ theme }) => theme.space.md});
    z-index: ${({ theme }) => theme.zIndex.sticky};
    width: 3.5rem;
    min-height: 3.5rem;
    box-shadow: ${({ theme }) => theme.shadows.raised};

    && svg {
      width: 1.75rem;
      height: 1.75rem;
    }
  }
`;
