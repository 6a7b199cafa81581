import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import type { UserSummary } from '../../api/types';
import type { ThemeChoice } from '../ui/ThemeSwitch';
import { NewPostButton } from './NewPostButton';
import { PhoneTopBar } from './PhoneTopBar';
import { SideNav } from './SideNav';
import { LiveStatus } from './LiveStatus';
import { BOTTOM_CLEARANCE, TOP_BAR_HEIGHT, WHO_TO_FOLLOW_ID } from './sizes';

export interface AppLayoutProps {
  /**
   * The signed-in user, shown small at the foot of the navigation; null while unknown (the
   * prerendered shell), when their place there is kept, empty.
   */
  user: UserSummary | null;
  /** Their avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  userAvatar?: string | undefined;
  /** Opens the post dialog: the 'New Post' button, and the "New post" plus button on phones. */
  onNewPost: () => void;
  /** Disables both new-post buttons (the page passes true on the bookmark page). */
  newPostDisabled?: boolean;
  /** Light / Dark / System: the choice the theme switch shows (navigation foot, phone top bar). */
  themeChoice: ThemeChoice;
  /** A theme was picked in either switch or in the account menu. */
  onThemeChange: (choice: ThemeChoice) => void;
  /** 'Log out' chosen in the account menu (the current user's card in the navigation). */
  onLogout: () => void;
  /**
   * How many notifications are unread: above 0, the navigation's Notifications link shows the
   * count ('99+' above 99) and says it ('Notifications, 3 unread'). Default 0.
   */
  unreadNotifications?: number;
  /** The live stream is down and reconnecting: a quiet line says updates are paused. */
  liveDown?: boolean;
  /** The right side panel ('Who to follow'); omitted (with no `search`), the column is left out. */
  aside?: ReactNode;
  /**
   * The search field (SearchBox): on wide screens at the top of the right column, above the
   * side panel; on phones behind a 'Search' button in the top bar. Omitted, there is none.
   */
  search?: ReactNode;
  /** The main column: the page's own content. */
  children: ReactNode;
}

/**
 * The frame of every signed-in page: the left navigation (brand, the five links with the active
 * one highlighted and the unread notifications' count, 'New Post', the theme switch, the current
 * user), the main column and the right column: the search field above the 'Who to follow' panel,
 * both staying in view as the page scrolls. On phones: a sticky app title at the top with a
 * 'Search' button that opens the field under it and the theme switch, the links as a bottom tab
 * bar, and a round "New post" button above it in place of 'New Post'; the side panel follows the
 * main column. While it is mounted on a phone, focus and `scrollIntoView` keep what they reveal
 * clear of the fixed bars (scroll padding), and toasts rise above the tab bar and the floating
 * button.
 */
export function AppLayout({
  user,
  userAvatar,
  onNewPost,
  newPostDisabled = false,
  themeChoice,
  onThemeChange,
  onLogout,
  unreadNotifications = 0,
  liveDown = false,
  aside,
  search,
  children,
}: AppLayoutProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  useFocusClearOfTheBars(frameRef);
  return (
    <Frame ref={frameRef}>
      <PhoneChrome />
      <SkipLink href="#main-content">Skip to content</SkipLink>
      <PhoneTopBar search={search} themeChoice={themeChoice} onThemeChange={onThemeChange} />
      <SideNav
        user={user}
        userAvatar={userAvatar}
        onNewPost={onNewPost}
        newPostDisabled={newPostDisabled}
        themeChoice={themeChoice}
        onThemeChange={onThemeChange}
        onLogout={onLogout}
        unreadNotifications={unreadNotifications}
      />
      <Columns>
        <Main id="main-content" tabIndex={-1} $panelBelow={Boolean(aside)}>
          {children}
        </Main>
        {aside || search ? (
          <Side>
            <SideInner>
              {search ? <WideSearch>{search}</WideSearch> : null}
              {aside ? (
                <Aside id={WHO_TO_FOLLOW_ID} tabIndex={-1} aria-label="Who to follow">
                  {aside}
                </Aside>
              ) : null}
            </SideInner>
          </Side>
        ) : null}
      </Columns>
      <NewPostButton place="floating" disabled={newPostDisabled} onClick={onNewPost} />
      <LiveStatus down={liveDown} />
    </Frame>
  );
}

/**
 * The fixed bars cover the top and bottom of a phone's screen. Scroll padding makes the browser
 * scroll what gets focus (a comment box, a card reached by Tab) clear of them, and the custom
 * properties let the toasts, mounted outside this layout, keep clear of them.
 */
const PhoneChrome = createGlobalStyle`
  ${({ theme }) => theme.media.phone} {
    :root {
      --murmur-bottom-clearance: ${BOTTOM_CLEARANCE};
      --murmur-top-clearance: ${TOP_BAR_HEIGHT};
      scroll-padding-top: calc(${TOP_BAR_HEIGHT} + ${({ theme }) => theme.space.xs});
      scroll-padding-bottom: calc(${BOTTOM_CLEARANCE} + ${({ theme }) => theme.space.xs});
    }
  }
`;

/**
 * Chromium scrolls a focused element into view, but not clear of fixed bars: a comment box
 * focused by its card's Comment action stayed half under the tab bar and the floating button.
 * `scrollIntoView` honours the scroll padding above, so a focused text field, or anything focused
 * from the keyboard, is moved (the least needed) into the part of the screen the bars leave
 * free, once the frame has laid out. A button pressed by pointer is left alone, so nothing moves under the finger mid-tap;
 * dialogs are fixed and keep to themselves.
 */
function useFocusClearOfTheBars(frameRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.closest('dialog')) return;
      if (!target.matches(':focus-visible')) return;
      // After the frame's layout: the focusing action may also open something above the target
      // (the Comment action opens the comments over the box).
      requestAnimationFrame(() => {
        if (target.ownerDocument.activeElement === target) {
          target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        }
      });
    };
    frame.addEventListener('focusin', onFocusIn);
    return () => frame.removeEventListener('focusin', onFocusIn);
  }, [frameRef]);
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
      calc(${BOTTOM_CLEARANCE} + ${({ theme }) => theme.space.md});
  }
`;

const Main = styled.main<{ $panelBelow: boolean }>`
  flex: 1 1 28rem;
  max-width: ${MAIN_MAX};
  min-width: 0;

  &:focus {
    outline: none;
  }

  /* On a phone the side panel comes after the page: the page then takes at least the screen, so
     the panel starts below it and never moves in sight while the page's content arrives. */
  ${({ theme }) => theme.media.phone} {
    flex: none;
    max-width: none;
    min-height: ${({ $panelBelow }) => ($panelBelow ? '100svh' : 'auto')};
  }
`;

/** The right column: on wide screens the search and the side panel stay in view together. */
const Side = styled.div`
  flex: 1 1 16rem;
  max-width: ${ASIDE_WIDTH};
  min-width: 0;

  ${({ theme }) => theme.media.phone} {
    flex: none;
    max-width: none;
  }
`;

const SideInner = styled.div`
  position: sticky;
  top: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.phone} {
    position: static;
  }
`;

/** On phones the top bar's search takes its place. */
const WideSearch = styled.div`
  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

const Aside = styled.aside`
  min-width: 0;

  &:focus {
    outline: none;
  }
`;
