import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { resizeWindow } from '@/test/viewport.ts';
import { useMediaQuery } from './use-media-query.ts';

describe('useMediaQuery', () => {
  test('answers for the current width and follows the window as it is resized', () => {
    resizeWindow(390);
    const { result } = renderHook(() => useMediaQuery('(min-width: 768px)'));
    expect(result.current).toBe(false);
    act(() => resizeWindow(1280));
    expect(result.current).toBe(true);
    act(() => resizeWindow(767));
    expect(result.current).toBe(false);
  });
});
