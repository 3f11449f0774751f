import { useEffect, useRef } from 'react';

/**
 * A busy Button is disabled, and a disabled button drops keyboard focus to the page body. Once
 * the action has finished, focus goes back to the returned ref's button, unless the user has
 * meanwhile put it somewhere else. Meant for toggles, whose button stays in place.
 */
export function useRefocusAfterBusy(busy: boolean) {
  const target = useRef<HTMLButtonElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (busy) {
      started.current = true;
      return;
    }
    if (!started.current) return;
    started.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [busy]);

  return target;
}
