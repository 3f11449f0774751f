import { useLiveMessages } from '../api/use-live-messages.ts';

/** Mounted once in the root layout: keeps badge, banner, lists and threads live. Renders nothing. */
export function LiveMessages() {
  useLiveMessages();
  return null;
}
