/**
 * Every route of the app, in one place: the router's table (src/app/routes.tsx), the navigation
 * (components/layout), the machines' destinations and the not-found page all read them here.
 * A leaf module: it imports nothing, so every layer may import it.
 */
export const PATHS = {
  login: '/',
  signup: '/signup-page',
  home: '/home-page',
  explore: '/explore-page',
  bookmarks: '/bookmark-page',
  profile: '/profile-page',
  notifications: '/notifications',
} as const;

/**
 * Someone's own page: `/profile-page/maya_okafor`. One's own profile stays at
 * `PATHS.profile`, so pass the signed-in username as `self` and links to oneself go there.
 */
export function profilePathOf(username: string, self?: string | null): string {
  return username === self ? PATHS.profile : `${PATHS.profile}/${encodeURIComponent(username)}`;
}

/** The parts of a profile page under its card; 'posts' is the page itself. */
export const PROFILE_SECTIONS = ['posts', 'following', 'followers'] as const;
export type ProfileSectionKey = (typeof PROFILE_SECTIONS)[number];

/** A section of a profile page: `/profile-page/maya_okafor?show=followers`. */
export function profileSectionPathOf(profilePath: string, section: ProfileSectionKey): string {
  return section === 'posts' ? profilePath : `${profilePath}?show=${section}`;
}

/** The section a profile page's `?show=` names; anything else is its posts. */
export function profileSectionOf(show: string | null): ProfileSectionKey {
  return PROFILE_SECTIONS.find((section) => section === show) ?? 'posts';
}

/** Explore filtered to one hashtag: `/explore-page?tag=bread`, the tag without its '#'. */
export function hashtagPathOf(tag: string): string {
  return `${PATHS.explore}?${new URLSearchParams({ tag: tag.replace(/^#/u, '') }).toString()}`;
}

/**
 * Explore with one post brought to the reader (a search result chosen): `/explore-page?post=<id>`.
 * The page scrolls to that post and focuses it.
 */
export function postInExplorePathOf(postId: string): string {
  return `${PATHS.explore}?${new URLSearchParams({ post: postId }).toString()}`;
}

/** A post's own page, with its whole thread: `/post/<id>`. */
export function postPathOf(postId: string): string {
  return `/post/${encodeURIComponent(postId)}`;
}

/** The router's pattern of a post's page (postPathOf). */
export const POST_PATH_PATTERN = '/post/:postId';

/** The signed-in pages in the main navigation, in their order; the layout adds the icons. */
export const NAV_ITEMS = [
  { key: 'home', to: PATHS.home, label: 'Home' },
  { key: 'explore', to: PATHS.explore, label: 'Explore' },
  { key: 'notifications', to: PATHS.notifications, label: 'Notifications' },
  { key: 'bookmarks', to: PATHS.bookmarks, label: 'Bookmark' },
  { key: 'profile', to: PATHS.profile, label: 'Profile' },
] as const;

export type NavKey = (typeof NAV_ITEMS)[number]['key'];

/** The app's name, last in every document title. */
const APP_NAME = 'Murmur';

/** What each page is called in the browser's tab and history: 'Home · Murmur'. */
export const PAGE_TITLES = {
  login: 'Log in',
  signup: 'Sign up',
  home: 'Home',
  explore: 'Explore',
  bookmarks: 'Bookmarks',
  profile: 'Profile',
  notifications: 'Notifications',
  notFound: 'Page not found',
  personNotFound: 'Account not found',
  post: 'Post',
  postNotFound: 'Post not found',
} as const;

/**
 * Above this many unread notifications, counts read '99+' (so the server counts only one more:
 * src/api/rules.ts `UNREAD_RULE`).
 */
export const UNREAD_SHOWN_UP_TO = 99;

/** An unread count as the badge and the title show it: '3', '99', '99+'. */
export function unreadCountText(unread: number): string {
  return unread > UNREAD_SHOWN_UP_TO ? `${UNREAD_SHOWN_UP_TO}+` : String(unread);
}

/**
 * A document title with the unread notifications before it: `(3) Home · Murmur`, `(99+) …`
 * above 99; the title itself when none is unread.
 */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unreadCountText(unread)}) ${title}` : title;
}

/** How much of a post's text its page's title quotes. */
const TITLE_QUOTE_LENGTH = 40;

/** A post's page's title: `Maya Okafor: “Fresh sourdough today…”`, before ` · Murmur`. */
export function postTitleOf(post: { firstName: string; lastName: string; content: string }) {
  const text = post.content.replace(/\s+/gu, ' ').trim();
  const chars = Array.from(text);
  const quote =
    chars.length > TITLE_QUOTE_LENGTH
      ? `${chars.slice(0, TITLE_QUOTE_LENGTH).join('').trimEnd()}…`
      : text;
  return `${post.firstName} ${post.lastName}: “${quote}”`;
}

/** The document title of a page: `Home · Murmur`; a person's page is named after them. */
export function documentTitle(
  page: string | { firstName: string; lastName: string; username: string },
): string {
  const name =
    typeof page === 'string' ? page : `${page.firstName} ${page.lastName} (@${page.username})`;
  return `${name} · ${APP_NAME}`;
}

/**
 * The login page as the build prerenders it offering 'Add Guest Credentials', beside `index.html`
 * (offering nothing) in the app built for the Node server: a server that has the guest account
 * serves this one at `/`, so the button is there from the first paint and nothing moves when the
 * app learns what the server offers.
 */
export const GUEST_LOGIN_FILE = 'index.guest.html';

/** The attribute of a prerendered page's meta (boot.ts) that says it was rendered assuming the guest. */
export const GUEST_OFFERED_ATTRIBUTE = 'data-guest';
