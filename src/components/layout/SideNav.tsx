import { Bell, Bookmark, Compass, House, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { NAV_ITEMS, unreadCountText } from '../../paths';
import { ThemeSwitch, type ThemeChoice } from '../ui/ThemeSwitch';
import type { NavKey } from '../../paths';
import { Brand } from './Brand';
import { CurrentUser } from './CurrentUser';
import { NewPostButton } from './NewPostButton';
import { TAB_BAR_HEIGHT } from './sizes';

const NAV_ICONS: Record<NavKey, LucideIcon> = {
  home: House,
  explore: Compass,
  notifications: Bell,
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
  /**
   * How many notifications are unread: above 0, a badge on the bell ('99+' above 99) and
   * ', 3 unread' in the link's name. Default 0.
   */
  unreadNotifications?: number;
}

/**
 * The left navigation: brand, the five links with the active one highlighted (Notifications with
 * its unread count), 'New Post', and at its foot the theme switch (Light / Dark / System) and the
 * current user, whose card opens the account menu (Profile, theme, Log out). On phones only the
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
  unreadNotifications = 0,
}: SideNavProps) {
  const unread = unreadNotifications > 0 ? unreadCountText(unreadNotifications) : null;
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
              const badge = key === 'notifications' ? unread : null;
              return (
                <li key={key}>
                  {/* `end`: someone else's page (/profile-page/maya_okafor) is not one's own Profile. */}
                  <NavItem to={to} end>
                    <Icon aria-hidden="true" />
                    {badge === null ? (
                      <span>{label}</span>
                    ) : (
                      // The name says the count after the label: 'Notifications, 3 unread'.
                      <>
                        <span aria-hidden="true">{label}</span>
                        <Badge aria-hidden="true">{badge}</Badge>
                        <span className="visually-hidden">{`${label}, ${badge} unread`}</span>
                      </>
                    )}
                  </NavItem>
                </li>
              );
            })}
          </NavList>
        </Nav>
        <NewPostButton place="side" disabled={newPostDisabled} onClick={onNewPost} />
        <Foot aria-label="Appearance and account">
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

// Every part of the page is in a landmark (axe's `region`): the brand is the page's banner on
// wide screens (PhoneTopBar is the phone's), the theme and the account a region of their own.
const BrandRow = styled.header`
  padding: 0 ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const Foot = styled.section`
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
  /* What the item is drawn on: the unread badge's ring on phones takes its colour. */
  --nav-item-background: ${({ theme }) => theme.colors.background};
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
    --nav-item-background: ${({ theme }) => theme.colors.surfaceSunken};
    background: var(--nav-item-background);
  }

  &[aria-current='page'] {
    --nav-item-background: ${({ theme }) => theme.colors.primarySoft};
    background: var(--nav-item-background);
    color: ${({ theme }) => theme.colors.primaryStrong};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }

  ${({ theme }) => theme.media.phone} {
    --nav-item-background: ${({ theme }) => theme.colors.surface};
    position: relative;
    flex: 1;
    flex-direction: column;
    justify-content: center;
    gap: ${({ theme }) => theme.space.xxs};
    margin: ${({ theme }) => theme.space.xxs};
    padding: ${({ theme }) => theme.space.xxs};
    border-radius: ${({ theme }) => theme.radii.md};
    /* Five labels share the bar: on the narrowest phones (below 375 px) they shrink with it. */
    font-size: clamp(0.625rem, 3.2vw, ${({ theme }) => theme.font.size.xs});

    svg {
      width: 1.375rem;
      height: 1.375rem;
    }
  }
`;

/**
 * The unread count: at the end of the link's row in the side navigation; on the phone's tab bar,
 * pinned to the bell's top right corner. Either way it takes no room the others would lose.
 */
const Badge = styled.span`
  flex: none;
  margin-left: auto;
  min-width: 1.375rem;
  height: 1.375rem;
  padding: 0 0.375rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1.375rem;
  text-align: center;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;

  ${({ theme }) => theme.media.phone} {
    position: absolute;
    top: 0.125rem;
    left: calc(50% + 0.125rem);
    min-width: 1.25rem;
    height: 1.25rem;
    padding: 0 0.3125rem;
    margin: 0;
    line-height: 1.25rem;
    /* A ring of what the item is drawn on parts it from the bell's strokes. */
    box-shadow: 0 0 0 2px var(--nav-item-background);
  }
`;
