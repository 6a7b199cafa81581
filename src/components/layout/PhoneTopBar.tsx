import { Search, X } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { IconButton } from '../ui/Button';
import { useFocusReturn } from '../ui/useFocusReturn';
import { shortcutOf } from '../ui/shortcuts';
import { ThemeSwitch, type ThemeChoice } from '../ui/ThemeSwitch';
import { Brand } from './Brand';
import { TOP_BAR_HEIGHT } from './sizes';

export interface PhoneTopBarProps {
  /** Light / Dark / System: the choice in force. */
  themeChoice: ThemeChoice;
  /** A theme was picked in the bar's switch. */
  onThemeChange: (choice: ThemeChoice) => void;
  /**
   * The search field (SearchBox). Given, a 'Search' button at the right of the bar opens it in
   * a row under the title, inside the bar, so it pushes the page down and never covers the
   * page's heading; it closes again with the button, with Escape once the field has nothing
   * left to close or clear, or when the page changes.
   */
  search?: ReactNode;
}

/**
 * The sticky app title at the top of a phone's screen, with the theme switch (icons only) and
 * the search button at its right; not shown on wider screens, where the switch sits at the foot
 * of the navigation and the search in the side column. While the search is open the bar stops
 * sticking, so a long list of results scrolls with the page instead of being cut off at the
 * screen's foot. The `/` key (outside a text field) opens the search there, as the side
 * panel's field does on wide screens; Escape closes it and hands focus back to the button.
 */
export function PhoneTopBar({ search, themeChoice, onThemeChange }: PhoneTopBarProps) {
  const panelId = useId();
  const { key: page } = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Open on the page where it was opened: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = search !== undefined && openOn === page;
  const [focusField, setFocusField] = useState(0);
  const { listeners, returnFocus } = useFocusReturn();

  // Escape first does the field's own work (closing its list, then clearing its text: it marks
  // the key as used); an Escape left over closes the panel. Focus goes back to the button before
  // the panel hides the field, so it never falls to the page's top.
  const onPanelKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    returnFocus(buttonRef.current);
    setOpenOn(null);
  };

  useEffect(() => {
    if (focusField > 0) panelRef.current?.querySelector('input')?.focus();
  }, [focusField]);

  // Registered as the bar commits (not after paint), so a `/` pressed at once is caught.
  useLayoutEffect(() => {
    if (search === undefined || open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The shortcuts table's key for search, with its guard (no modifier, not while typing).
      if (shortcutOf(event, 'app') !== 'search') return;
      // Only on phones, where the button shows, and not from under an open dialog.
      const button = buttonRef.current;
      if (!button || button.getClientRects().length === 0) return;
      if (button.ownerDocument.querySelector('dialog[open]')) return;
      event.preventDefault();
      setOpenOn(page);
      setFocusField((count) => count + 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [search, open, page]);

  return (
    <TopBar data-phone-search-open={open ? '' : undefined}>
      <Row>
        <Brand place="bar" />
        <Tools>
          <ThemeSwitch value={themeChoice} onChange={onThemeChange} compact />
          {search !== undefined && (
            <IconButton
              ref={buttonRef}
              label={open ? 'Close search' : 'Search'}
              icon={open ? <X aria-hidden="true" /> : <Search aria-hidden="true" />}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => {
                if (open) {
                  setOpenOn(null);
                } else {
                  setOpenOn(page);
                  setFocusField((count) => count + 1);
                }
              }}
            />
          )}
        </Tools>
      </Row>
      {search !== undefined && (
        <Panel id={panelId} ref={panelRef} hidden={!open} {...listeners} onKeyDown={onPanelKeyDown}>
          {search}
        </Panel>
      )}
    </TopBar>
  );
}

const TopBar = styled.header`
  display: none;

  ${({ theme }) => theme.media.phone} {
    display: block;
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};

    &[data-phone-search-open] {
      position: relative;
    }
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  /* The bar, its bottom border included, is TOP_BAR_HEIGHT tall while the search is closed. */
  height: calc(${TOP_BAR_HEIGHT} - 1px);
  padding: 0 ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Panel = styled.div`
  padding: 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};

  &[hidden] {
    display: none;
  }
`;
