/** Height of the phone's bottom tab bar (icon + label + padding): content and buttons keep clear. */
export const TAB_BAR_HEIGHT = '4rem';
