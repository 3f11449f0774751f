import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  test('gives the first value at once', () => {
    const { result } = renderHook(() => useDebouncedValue('kush', 300));
    expect(result.current).toBe('kush');
  });

  test('a change shows only once it has stood still for the delay; typing on restarts the wait', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'k' },
    });
    rerender({ value: 'ku' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'kus' });
    act(() => vi.advanceTimersByTime(200));
    // 400 ms since the first key, but only 200 since the last one.
    expect(result.current).toBe('k');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('kus');
  });
});
