import { NETWORK_SUFFIX, TOAST_MS } from '@canopy/shared';
import toast from 'react-hot-toast';
import { ApiError, NetworkError } from './api-client.ts';

// Toasts with SPEC §9's durations. Screens call these instead of react-hot-toast directly so every
// kind of message lasts as long as SPEC says.

/**
 * SPEC §8: a network failure's toast ends with the suffix, "Failed to fetch products" →
 * "Failed to fetch products. Please check if the server is running."
 */
function withNetworkSuffix(message: string): string {
  if (message.endsWith(NETWORK_SUFFIX)) return message;
  return `${/[.!?]$/.test(message) ? message : `${message}.`} ${NETWORK_SUFFIX}`;
}

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_MS.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_MS.error }),
  warning: (message: string) =>
    toast(message, {
      duration: TOAST_MS.warning,
      icon: '⚠️',
      ariaProps: { role: 'alert', 'aria-live': 'assertive' },
    }),
  /** An `id` lets a form's repeated refusal replace its toast rather than stack a copy. */
  validationError: (message: string, id?: string) =>
    toast.error(message, { duration: TOAST_MS.validationError, ...(id ? { id } : {}) }),
  /** The id keeps a burst of 401s from stacking identical toasts. */
  authError: (message: string) => toast.error(message, { duration: TOAST_MS.authError, id: 'auth-error' }),
};

// A type rather than an interface: TanStack's Register accepts mutation meta only as an indexable type.
export type FailureToastOptions = {
  /** Say the server's own text, when it sent one, instead of `message` (default: yes). */
  preferServerText?: boolean;
  /** What a network failure says instead of `message`; the network suffix is added when missing. */
  networkMessage?: string;
  /** SPEC gives a few network toasts (a failed send) a shorter life than the usual 15 s. */
  networkDuration?: number;
};

/**
 * The one way a failed call becomes a toast: a network failure says `networkMessage` (else
 * `message`) with SPEC §8's suffix; otherwise the server's text when `preferServerText` and the
 * server sent one, else `message`.
 */
export function notifyFailure(
  error: unknown,
  message: string,
  {
    preferServerText = true,
    networkMessage = message,
    networkDuration = TOAST_MS.networkError,
  }: FailureToastOptions = {},
): void {
  if (error instanceof NetworkError) {
    toast.error(withNetworkSuffix(networkMessage), { duration: networkDuration });
  } else if (preferServerText && error instanceof ApiError && error.serverText) {
    notify.error(error.serverText);
  } else {
    notify.error(message);
  }
}
