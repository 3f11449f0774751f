import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AppToaster } from './app-toaster.tsx';

// happy-dom's ResizeObserver never reports; a browser's reports each element once it is observed.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report();
      }
      disconnect() {}
    },
  );
});

afterEach(() => {
  toast.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The fixed column react-hot-toast stands its toasts in, found from one toast's text. */
function columnOf(text: string): CSSStyleDeclaration {
  let element: HTMLElement | null = screen.getByText(text);
  while (element && element.style.position !== 'fixed') element = element.parentElement;
  if (!element) throw new Error(`no fixed column around "${text}"`);
  return element.style;
}

/** A navigation bar whose bottom edge is `bottom` px down the viewport. */
function navigationBarEndingAt(bottom: number): void {
  const header = document.createElement('header');
  header.getBoundingClientRect = () => ({ bottom }) as DOMRect;
  document.body.append(header);
}

describe('AppToaster', () => {
  test('toasts stand at the top right (SPEC §9), below the navigation bar so the user menu stays usable', () => {
    navigationBarEndingAt(97);
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
    });

    let box: HTMLElement | null = screen.getByText('Saved');
    while (box && box.style.position !== 'absolute') box = box.parentElement;
    expect(box?.style.justifyContent).toBe('flex-end');
    expect(box?.style.top).toBe('0px');
    expect(columnOf('Saved').top).toBe('105px');
  });

  test('once the navigation bar has scrolled away, they keep a small gap to the top edge', () => {
    navigationBarEndingAt(-300);
    render(<AppToaster />);
    act(() => {
      toast.error('Failed');
    });

    expect(columnOf('Failed').top).toBe('16px');
  });
});
