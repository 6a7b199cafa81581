import styled from 'styled-components';
import { ThemeSwitch, type ThemeChoice } from '../ui/ThemeSwitch';
import { Brand } from './Brand';
import { TOP_BAR_HEIGHT } from './sizes';

export interface PhoneTopBarProps {
  /** Light / Dark / System: the choice in force. */
  themeChoice: ThemeChoice;
  /** A theme was picked in the bar's switch. */
  onThemeChange: (choice: ThemeChoice) => void;
}

/**
 * The sticky app title at the top of a phone's screen, with the theme switch (icons only) at its
 * right; not shown on wider screens, where the switch sits at the foot of the navigation.
 */
export function PhoneTopBar({ themeChoice, onThemeChange }: PhoneTopBarProps) {
  return (
    <TopBar>
      <Brand place="bar" />
      <ThemeSwitch value={themeChoice} onChange={onThemeChange} compact />
    </TopBar>
  );
}

const TopBar = styled.header`
  display: none;

  ${({ theme }) => theme.media.phone} {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    position: sticky;
    top: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    height: ${TOP_BAR_HEIGHT};
    padding: 0 ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
