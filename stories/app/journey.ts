import { expect, userEvent, waitFor, within } from 'storybook/test';

/** Storybook's MSW answers at once; the app's own timing (toasts, 3000 ms) is real. */
export const TOAST_TIMEOUT = { timeout: 5000 } as const;
/** Moving to another screen loads its code on first visit. */
export const PAGE_TIMEOUT = { timeout: 5000 } as const;

/**
 * A toast with this text is showing (it slides in, so wait until it is visible). Only toasts
 * count: a form's inline alert with the same words (a refused post) must not stand in for one,
 * or `toastsSettled` could pass before the toast has even appeared.
 */
export async function expectToast(root: HTMLElement, text: string | RegExp): Promise<void> {
  await waitFor(() => {
    const alert = Array.from(
      root.querySelectorAll<HTMLElement>('.Toastify__toast[role="alert"]'),
    ).find((toast) =>
      typeof text === 'string' ? toast.textContent.includes(text) : text.test(toast.textContent),
    );
    void expect(alert).toBeVisible();
  }, TOAST_TIMEOUT);
}

/**
 * No toast is showing: what a form already says in place is not said again. (Toasts render a
 * moment after the machine speaks, so this is checked after what the form shows has appeared.)
 */
export async function expectNoToast(root: HTMLElement): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await expect(root.querySelectorAll('.Toastify__toast')).toHaveLength(0);
}

/**
 * The toast with this text has gone because its problem was fixed: well before it would have
 * closed by itself (3000 ms).
 */
export async function expectToastGoneEarly(root: HTMLElement, text: string): Promise<void> {
  await waitFor(
    () =>
      expect(
        Array.from(root.querySelectorAll('.Toastify__toast')).filter((toast) =>
          toast.textContent.includes(text),
        ),
      ).toHaveLength(0),
    { timeout: 1500 },
  );
}

/** A count shown beside a button (likes, votes): read from the button's description. */
export async function expectCount(button: HTMLElement, count: number): Promise<void> {
  await waitFor(() => expect(button).toHaveAccessibleDescription(new RegExp(`^${count} `)));
}

function articles(root: HTMLElement): HTMLElement[] {
  return within(root).queryAllByRole('article');
}

/** The post card (an <article>) whose text contains `text`, once it is on screen. */
export async function findPost(root: HTMLElement, text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = articles(root).find((article) => article.textContent.includes(text));
      if (!found) throw new Error(`No post with the text "${text}" yet`);
    },
    { timeout: 3000 },
  );
  if (!found) throw new Error(`No post with the text "${text}"`);
  return found;
}

/** The texts of the posts, in the order they are shown. */
export function postTexts(root: HTMLElement): string[] {
  return articles(root).map((article) => article.textContent);
}

/** End of a journey: the toasts have closed by themselves (3000 ms), so the picture is still. */
export async function toastsSettled(root: HTMLElement): Promise<void> {
  await waitFor(
    () => expect(root.querySelectorAll('.Toastify__toast')).toHaveLength(0),
    TOAST_TIMEOUT,
  );
}

/** The page's title (its h1) once the page is there: a screen's code loads on first visit. */
export function findPageHeading(root: HTMLElement, name: string): Promise<HTMLElement> {
  return within(root).findByRole('heading', { level: 1, name }, PAGE_TIMEOUT);
}

/** On the login page: 'Add Guest Credentials', then 'Login'. */
export async function logInAsGuest(root: HTMLElement): Promise<void> {
  const canvas = within(root);
  await userEvent.click(await canvas.findByRole('button', { name: 'Add Guest Credentials' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
}

/** On the sign-up page: Ada Lovelace's names, then the given username and passwords, then send. */
export async function signUpAsAda(
  root: HTMLElement,
  {
    username,
    password,
    confirm = password,
  }: { username: string; password: string; confirm?: string },
): Promise<void> {
  const canvas = within(root);
  await userEvent.type(await canvas.findByLabelText('First name'), 'Ada');
  await userEvent.type(canvas.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(canvas.getByLabelText('Username'), username);
  await userEvent.type(canvas.getByLabelText('Password'), password);
  await userEvent.type(canvas.getByLabelText('Confirm password'), confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
}
