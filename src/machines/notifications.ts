import { ApiError } from '../api/client';

/**
 * Notifications leave every machine as one emitted event type. Machines never call `toast()`:
 * the app system passes them up, and the app turns them into toasts in one place.
 */
export type NotificationKind = 'success' | 'info' | 'error' | 'warning';

export interface NotifyEvent {
  type: 'notify';
  kind: NotificationKind;
  message: string;
  /**
   * The problem the toast is about ('signup': the sign-up form's fields), when fixing it makes
   * the toast stale: a `resolved` event with the same `about` closes it, and a newer toast about
   * it replaces it rather than piling up.
   */
  about?: string;
}

/** The problem a toast was `about` is fixed (the form changed): the toast goes. */
export interface ResolvedEvent {
  type: 'resolved';
  about: string;
}

/** Where a machine wants the person to go (after login, sign-up, logout): the app's router. */
export interface NavigateEvent {
  type: 'navigate';
  to: string;
}

export function notification(kind: NotificationKind, message: string, about?: string): NotifyEvent {
  return about === undefined
    ? { type: 'notify', kind, message }
    : { type: 'notify', kind, message, about };
}

export function resolved(about: string): ResolvedEvent {
  return { type: 'resolved', about };
}

/** The message a person should read for a failed call: the server's own text when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) {
    if (error.message !== '') return error.message;
  }
  return 'Something went wrong!';
}

/** Every user-visible text the machines emit, in one place, so tests and the UI agree. */
export const NOTICES = {
  fillLoginFields: 'Please fill the fields.',
  fillSignupFields: 'Please fill the fields',
  passwordsDiffer: 'Both Passwords do not match',
  loginSucceeded: 'Login successfully',
  signupSucceeded: 'Congratulations, your account has been successfully created!',
  loggedOut: 'Loggedout Successfully.',
  loggedOutElsewhere: 'You logged out in another tab.',
  somethingWentWrong: 'Something went wrong!',
  sessionExpired: 'Your session has expired. Please log in again.',
  profileUpdated: 'Profile updated!',
  postCreated: 'Post created!',
  postEdited: 'Post edited!',
  draftImageNotKept:
    'Your draft is kept, but its image is too large to keep if you reload: attach it again then.',
  uploadNotKept: 'Your draft is kept without the image: it had not finished uploading.',
  draftNotKept: "Your draft is kept until you reload: the browser's storage is full or turned off.",
  postDeleted: 'Post deleted',
  commentDeleted: 'Comment deleted',
  demoDataRestored: 'Demo data restored. Log in again to continue.',
} as const;
