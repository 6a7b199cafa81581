import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Check, Ellipsis } from 'lucide-react';
import styled, { css } from 'styled-components';
import { IconButton } from './Button';
import type { ButtonSize, ButtonVariant } from './Button';
import { useCloseOnHistoryMove } from './overlayHistory';
import { useFocusReturn } from './useFocusReturn';

export interface MenuItem {
  /** Stable key; defaults to the label. */
  id?: string;
  /** The item's text, which is also its accessible name. */
  label: string;
  /** A decorative icon before the label (a lucide-react element). */
  icon?: ReactNode;
  /** Chosen by click, Enter or Space; the menu closes first. */
  onSelect: () => void;
  /** A destructive action: shown in danger colour. */
  danger?: boolean;
  /** Shown but not selectable. */
  disabled?: boolean;
  /**
   * One of a set of choices (a `menuitemradio`): true for the choice in force, which shows a
   * check mark; false for the others. Left out, a plain `menuitem`.
   */
  checked?: boolean;
}

export interface MenuProps {
  /** The accessible name of the trigger button, e.g. "Post options". */
  label: string;
  /** The menu's items, in order (label, icon, onSelect, danger, disabled). */
  items: MenuItem[];
  /** The trigger's icon; without it, a horizontal ellipsis. */
  icon?: ReactNode;
  /** Which edge of the trigger the menu lines up with. Default "end" (right). */
  align?: 'start' | 'end';
  /** The trigger button's variant (see Button). Default 'ghost'. */
  triggerVariant?: ButtonVariant;
  /** The trigger button's size (see Button). Default 'md'. */
  triggerSize?: ButtonSize;
  /**
   * What the trigger shows, in place of the icon button: Menu draws a plain `<button>` around it
   * (the account card in the navigation), which the caller styles as `& > button` of its
   * `styled(Menu)`. Its text is the button's name; `label` names the menu.
   */
  trigger?: ReactNode;
  /** Whether the menu opens under the trigger (default) or over it, for a trigger at the foot of the screen. */
  placement?: 'below' | 'above';
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/**
 * An icon button that opens a `menu` of `menuitem`s (WAI-ARIA menu button pattern): arrow keys,
 * Home and End move focus, Enter/Space choose, Escape or a click outside closes, and focus goes
 * back to the button. Choosing closes the menu first, then calls the item's `onSelect`. The
 * browser's Back or Forward close it too (where the app provides an `OverlayHistory`).
 */
export function Menu({
  label,
  items,
  icon,
  align = 'end',
  triggerVariant = 'ghost',
  triggerSize = 'md',
  trigger,
  placement = 'below',
  className,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Where focus goes once the menu has rendered: set by the opening event. */
  const pendingFocusRef = useRef<'first' | 'last' | null>(null);
  const focusReturn = useFocusReturn();

  // Move focus into the menu once it has rendered.
  useEffect(() => {
    const pending = pendingFocusRef.current;
    if (!open || pending === null) return;
    pendingFocusRef.current = null;
    const all = enabledItems(listRef.current);
    (pending === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [open]);

  // A pointer press outside closes it (focus stays wherever the press put it).
  useEffect(() => {
    if (!open) return;
    const doc = rootRef.current?.ownerDocument ?? document;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    doc.addEventListener('pointerdown', onPointerDown);
    return () => doc.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openMenu = (focus: 'first' | 'last') => {
    pendingFocusRef.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) focusReturn.returnFocus(buttonRef.current);
  };

  useCloseOnHistoryMove(open, () => close(true));

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = enabledItems(listRef.current);
    const current = all.indexOf(event.target as HTMLButtonElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(all.length - 1);
        break;
      case 'Escape':
        // preventDefault also keeps a surrounding <dialog> from closing.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          // Type-ahead: the next item starting with that letter.
          const letter = event.key.toLowerCase();
          const order = [...all.slice(current + 1), ...all.slice(0, current + 1)];
          order.find((item) => item.textContent.trim().toLowerCase().startsWith(letter))?.focus();
        }
    }
  };

  const toggle = () => (open ? close(false) : openMenu('first'));

  const choose = (item: MenuItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <Root ref={rootRef} className={className} {...focusReturn.listeners}>
      {trigger !== undefined ? (
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={toggle}
          onKeyDown={onButtonKeyDown}
        >
          {trigger}
        </button>
      ) : (
        <IconButton
          ref={buttonRef}
          label={label}
          icon={icon ?? <Ellipsis aria-hidden="true" />}
          variant={triggerVariant}
          size={triggerSize}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={toggle}
          onKeyDown={onButtonKeyDown}
        />
      )}
      {open && (
        <List
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={label}
          $align={align}
          $placement={placement}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <li key={item.id ?? item.label} role="none">
              <Item
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={item.checked}
                tabIndex={-1}
                disabled={item.disabled}
                $danger={item.danger ?? false}
                onClick={() => choose(item)}
              >
                {item.icon}
                <span>{item.label}</span>
                {item.checked && <Checked aria-hidden="true" />}
              </Item>
            </li>
          ))}
        </List>
      )}
    </Root>
  );
}

function enabledItems(list: HTMLUListElement | null): HTMLButtonElement[] {
  return Array.from(
    list?.querySelectorAll<HTMLButtonElement>(
      ':is([role="menuitem"], [role="menuitemradio"]):not(:disabled)',
    ) ?? [],
  );
}

const Root = styled.div`
  position: relative;
  display: inline-flex;
`;

const List = styled.ul<{ $align: 'start' | 'end'; $placement: 'below' | 'above' }>`
  position: absolute;
  ${({ $placement, theme }) =>
    $placement === 'below'
      ? css`
          top: calc(100% + ${theme.space.xxs});
        `
      : css`
          bottom: calc(100% + ${theme.space.xxs});
        `}
  ${({ $align }) =>
    $align === 'end'
      ? css`
          right: 0;
        `
      : css`
          left: 0;
        `}
  z-index: ${({ theme }) => theme.zIndex.menu};
  min-width: 11rem;
  margin: 0;
  padding: ${({ theme }) => theme.space.xxs};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const Item = styled.button<{ $danger: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ $danger, theme }) => ($danger ? theme.colors.danger : theme.colors.text)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: left;
  cursor: pointer;

  svg {
    width: 1.1em;
    height: 1.1em;
    flex: none;
  }

  &:hover:not(:disabled),
  &:focus {
    background: ${({ $danger, theme }) => ($danger ? theme.colors.dangerSoft : theme.colors.surfaceSunken)};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Checked = styled(Check)`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.primary};
`;
