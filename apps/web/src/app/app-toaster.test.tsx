import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, test } from 'vitest';
import { resizeWindow } from '@/test/viewport.ts';
import { AppToaster } from './app-toaster.tsx';

afterEach(() => {
  toast.remove();
  resizeWindow(1024);
});

/** The fixed-position box react-hot-toast stands a toast in: its inline style says where. */
function placementOf(text: string): CSSStyleDeclaration {
  let element: HTMLElement | null = screen.getByText(text);
  while (element && element.style.position !== 'absolute') element = element.parentElement;
  if (!element) throw new Error(`no positioned box around "${text}"`);
  return element.style;
}

describe('AppToaster', () => {
  test('on a desktop, toasts stand at the bottom right, away from the navigation bar', () => {
    resizeWindow(1280);
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
    });

    const style = placementOf('Saved');
    expect(style.bottom).toBe('0px');
    expect(style.top).toBe('');
    expect(style.justifyContent).toBe('flex-end');
  });

  test('on a phone, they stand at the bottom, centred', () => {
    resizeWindow(390);
    render(<AppToaster />);
    act(() => {
      toast.error('Failed');
    });

    const style = placementOf('Failed');
    expect(style.bottom).toBe('0px');
    expect(style.justifyContent).toBe('center');
  });
});
