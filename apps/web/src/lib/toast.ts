import { NETWORK_SUFFIX, TOAST_MS } from '@canopy/shared';
import toast from 'react-hot-toast';
import { ApiError, NetworkError } from './api-client.ts';

// Toasts with SPEC §9's durations. Screens call these instead of react-hot-toast directly so every
// kind of message lasts as long as SPEC says.

/** "Failed to fetch products" → "Failed to fetch products. Please check if the server is running." */
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
  /** SPEC §8: a network-error toast appends "Please check if the server is running." */
  networkError: (message: string) =>
    toast.error(withNetworkSuffix(message), { duration: TOAST_MS.networkError }),
  validationError: (message: string) => toast.error(message, { duration: TOAST_MS.validationError }),
  /** The id keeps a burst of 401s from stacking identical toasts. */
  authError: (message: string) => toast.error(message, { duration: TOAST_MS.authError, id: 'auth-error' }),
};

/**
 * Toasts a failed call: the fixed `message` for a network failure (with the suffix), else the
 * server's text when `preferServerText`, else `message`.
 */
export function notifyFailure(error: unknown, message: string, { preferServerText = true } = {}): void {
  if (error instanceof NetworkError) {
    notify.networkError(message);
  } else if (preferServerText && error instanceof ApiError && error.serverText) {
    notify.error(error.serverText);
  } else {
    notify.error(message);
  }
}
