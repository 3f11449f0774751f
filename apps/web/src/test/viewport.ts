import type { Window as HappyDomWindow } from 'happy-dom';

/** Sets the window's width, as a phone or a desktop browser would have it; media queries follow. */
export function resizeWindow(width: number): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: 800 });
}
