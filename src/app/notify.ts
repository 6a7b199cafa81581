import type { NotifyEvent } from '../machines';

/**
 * The one place machine notifications become toasts (bottom-right, 3000 ms: see <Toasts>). The
 * toast library loads after the first paint (it is not needed before anything has happened).
 */
export function showNotification({ kind, message }: NotifyEvent): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}
