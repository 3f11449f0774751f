import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useTimedDismissal } from './use-timed-dismissal.ts';

const KEY = 'canopy.test.dismissedAt';
const HOUR = 60 * 60 * 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-05T12:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('useTimedDismissal', () => {
  test('not dismissed until dismissed; then hidden for the duration and shown again after it', () => {
    const { result } = renderHook(() => useTimedDismissal(KEY, HOUR));
    expect(result.current[0]).toBe(false);

    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem(KEY)).toBe(String(Date.now()));

    act(() => vi.advanceTimersByTime(HOUR - 1));
    expect(result.current[0]).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(false);
  });

  test('a dismissal stored earlier (a reload, another tab) still counts, for the time that is left', () => {
    localStorage.setItem(KEY, String(Date.now() - HOUR / 2));
    const { result } = renderHook(() => useTimedDismissal(KEY, HOUR));
    expect(result.current[0]).toBe(true);
    act(() => vi.advanceTimersByTime(HOUR / 2));
    expect(result.current[0]).toBe(false);
  });

  test('an expired or unreadable stored value means not dismissed', () => {
    localStorage.setItem(KEY, String(Date.now() - 2 * HOUR));
    expect(renderHook(() => useTimedDismissal(KEY, HOUR)).result.current[0]).toBe(false);
    localStorage.setItem(KEY, 'yesterday');
    expect(renderHook(() => useTimedDismissal(KEY, HOUR)).result.current[0]).toBe(false);
  });
});
