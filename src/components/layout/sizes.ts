/** Height of the phone's sticky app title bar. */
export const TOP_BAR_HEIGHT = '3.5rem';

/** Height of the phone's bottom tab bar (icon + label + padding): content and buttons keep clear. */
export const TAB_BAR_HEIGHT = '4rem';

/** Size of the round "New post" button floating above the phone's tab bar. */
export const FLOATING_BUTTON_SIZE = '3.5rem';

/** Gap between the floating button and the tab bar, and between the button and the screen edge. */
export const FLOATING_BUTTON_GAP = '1rem';

/**
 * How much of the bottom of a phone's screen the fixed chrome covers: the tab bar and the
 * floating button with its gaps. Scrolling (focus, `scrollIntoView`) keeps content above it, and
 * toasts sit above it (through the `--murmur-bottom-clearance` custom property).
 */
export const BOTTOM_CLEARANCE = `calc(${TAB_BAR_HEIGHT} + ${FLOATING_BUTTON_SIZE} + 2 * ${FLOATING_BUTTON_GAP})`;

/** The id of the layout's 'Who to follow' panel, for words that lead to it. */
export const WHO_TO_FOLLOW_ID = 'who-to-follow';
