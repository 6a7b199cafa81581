import { toast } from 'react-toastify';
import type { NotifyEvent } from '../machines';

/** The one place machine notifications become toasts (bottom-right, 3000 ms: see <Toasts>). */
export function showNotification({ kind, message }: NotifyEvent): void {
  toast[kind](message);
}
