import { Monitor, Moon, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import styled, { css } from 'styled-components';

/** What the person can pick: a theme, or the device's own setting. */
export type ThemeChoice = 'light' | 'dark' | 'system';

export interface ThemeSwitchProps {
  /** The choice in force: its option is the checked one. */
  value: ThemeChoice;
  /** An option was picked (by click, tap, or the arrow keys inside the group). */
  onChange: (choice: ThemeChoice) => void;
  /** Icons only, each still named for assistive technology: for the phone's top bar. */
  compact?: boolean;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/** The choices in their order, each with its name and icon: the switch and the account menu. */
export const THEME_OPTIONS: readonly { value: ThemeChoice; label: string; Icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/**
 * Light / Dark / System as a segmented control, so that a person can override the device's
 * setting. It is a native radio group inside a fieldset named 'Theme': one Tab stop, the arrow
 * keys move between the options and pick them, and a screen reader says 'Dark, radio button,
 * checked, 2 of 3'. The focus ring shows on the segment only for keyboard focus
 * (`:focus-visible`), never after a click.
 */
export function ThemeSwitch({ value, onChange, compact = false, className }: ThemeSwitchProps) {
  const name = useId();
  return (
    <Group className={className} $compact={compact}>
      <legend className="visually-hidden">Theme</legend>
      {THEME_OPTIONS.map(({ value: option, label, Icon }) => (
        <Segment key={option} title={compact ? label : undefined}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          <Icon aria-hidden="true" focusable="false" />
          <span className={compact ? 'visually-hidden' : undefined}>{label}</span>
        </Segment>
      ))}
    </Group>
  );
}

const Group = styled.fieldset<{ $compact: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.xxs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $compact }) =>
    $compact &&
    css`
      flex: none;
      width: max-content;
    `}
`;

const Segment = styled.label`
  position: relative;
  flex: 1 1 0;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  min-height: 2.25rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition};

  svg {
    width: 1.125rem;
    height: 1.125rem;
    flex: none;
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }

  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryStrong};
  }

  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;
