import { css } from 'styled-components';

/**
 * The layouts and the card surface the components keep reaching for, written once. Each
 * component adds its own gap and padding from the theme.
 */

/** A raised card on the page: the surface colour, a hairline border, large radius, soft shadow. */
export const cardSurface = css`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/** Items side by side, centred on one line: a toolbar, an avatar with its picker. */
export const centredRow = css`
  display: flex;
  align-items: center;
`;

/** Items stacked, each at its own width, in a column that may shrink below its content. */
export const shrinkableColumn = css`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
`;

/**
 * A header: what it names on the left, its menu on the right, both from the top. It may shrink
 * below its content (`min-width: 0`), so a one-line name in it is cut rather than widening it.
 */
export const headerRow = css`
  min-width: 0;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
`;

/** Someone's avatar beside what they wrote: the frame of a post card and of a comment. */
export const besideAvatar = css`
  display: flex;
  align-items: flex-start;
  min-width: 0;
`;

/**
 * Text kept on one line and cut with an ellipsis when it does not fit: names and @usernames, so
 * that a long one never pushes the row apart; they give their full text in a `title`. In a flex
 * row, give it `min-width: 0`.
 */
export const oneLine = css`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * A person's name that may be a link to their profile (people have pages of their own): drawn as
 * the name, not as a link (no colour, no underline) until hovered; the focus ring follows its
 * rounded box.
 */
export const nameLink = css`
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};

  &:is(a):hover {
    text-decoration: underline;
  }
`;

/** The main column of a screen: its parts stacked, as wide as the column, never wider. */
export const screenColumn = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

/** A screen's title, its one h1 ("Home", "Post", "Notifications"). */
export const screenTitle = css`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
