import type { NotifyEvent, ResolvedEvent } from '../machines';

/**
 * The one place machine notifications become toasts (bottom-right, 3000 ms: see <Toasts>). The
 * toast library loads after the first paint (it is not needed before anything has happened).
 * A toast `about` a problem is one toast per problem: a newer one replaces its words, and it goes
 * once the problem is fixed (`closeResolved`).
 */
export function showNotification({ kind, message, about }: NotifyEvent): void {
  void import('react-toastify').then(({ toast }) => {
    if (about === undefined) toast[kind](message);
    else if (toast.isActive(about)) toast.update(about, { render: message, type: kind });
    else toast[kind](message, { toastId: about });
  });
}

export function closeResolved({ about }: ResolvedEvent): void {
  void import('react-toastify').then(({ toast }) => toast.dismiss(about));
}
