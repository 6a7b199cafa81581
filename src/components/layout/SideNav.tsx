import { Bookmark, Compass, House, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { NAV_ITEMS } from '../../paths';
import { ThemeSwitch, type ThemeChoice } from '../ui/ThemeSwitch';
import type { NavKey } from '../../paths';
import { Brand } from './Brand';
import { CurrentUser } from './CurrentUser';
import { NewPostButton } from './NewPostButton';
import { TAB_BAR_HEIGHT } from './sizes';

const NAV_ICONS: Record<NavKey, LucideIcon> = {
  home: House,
  explore: Compass,
  bookmarks: Bookmark,
  profile: UserRound,
};

export interface SideNavProps {
  /**
   * Who is signed in, shown at the foot of the navigation; null before the user is known (their
   * place is kept, empty).
   */
  user: UserSummary | null;
  /** Their avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  userAvatar?: string | undefined;
  /** 'New Post' pressed: open the post dialog. */
  onNewPost: () => void;
  /** The page offers no new post (Bookmarks): 'New Post' shows, disabled. */
  newPostDisabled: boolean;
  /** Light / Dark / System: the choice in force, shown by the switch above the current user. */
  themeChoice: ThemeChoice;
  /** A theme was picked in the switch or the account menu. */
  onThemeChange: (choice: ThemeChoice) => void;
  /** 'Log out' chosen in the account menu (the current user's card). */
  onLogout: () => void;
}

/**
 * The left navigation: brand, the four links with the active one highlighted, 'New Post', and at
 * its foot the theme switch (Light / Dark / System) and the current user, whose card opens the
 * account menu (Profile, theme, Log out). On phones only the
 * links show, as a bottom tab bar (the theme switch is in the top bar there).
 */
export function SideNav({
  user,
  userAvatar,
  onNewPost,
  newPostDisabled,
  themeChoice,
  onThemeChange,
  onLogout,
}: SideNavProps) {
  return (
    <Sidebar>
      <SidebarInner>
        <BrandRow>
          <Brand place="side" />
        </BrandRow>
        <Nav aria-label="Main">
          <NavList>
            {NAV_ITEMS.map(({ key, to, label }) => {
              const Icon = NAV_ICONS[key];
              return (
                <li key={key}>
                  {/* `end`: someone else's page (/profile-page/maya_okafor) is not one's own Profile. */}
                  <NavItem to={to} end>
                    <Icon aria-hidden="true" />
                    <span>{label}</span>
                  </NavItem>
                </li>
              );
            })}
          </NavList>
        </Nav>
        <NewPostButton place="side" disabled={newPostDisabled} onClick={onNewPost} />
        <Foot>
          <ThemeSwitch value={themeChoice} onChange={onThemeChange} />
          <CurrentUser
            user={user}
            avatar={userAvatar}
            themeChoice={themeChoice}
            onThemeChange={onThemeChange}
            onLogout={onLogout}
          />
        </Foot>
      </SidebarInner>
    </Sidebar>
  );
}

const SIDEBAR_WIDTH = '16rem';

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

const BrandRow = styled.p`
  padding: 0 ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const Foot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
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
