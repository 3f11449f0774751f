import { TOAST_MS } from '@canopy/shared';
import { act, renderHook } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { notifyFailure } from './toast.ts';

afterEach(() => {
  toast.remove();
});

/** What the toaster would show for one failure: its text, kind and how long it stays. */
function toastFor(error: unknown, message: string, options?: Parameters<typeof notifyFailure>[2]) {
  const { result } = renderHook(() => useToasterStore());
  act(() => notifyFailure(error, message, options));
  const [shown, ...more] = result.current.toasts;
  expect(more).toEqual([]);
  return { text: shown?.message, type: shown?.type, duration: shown?.duration };
}

const serverSays = new ApiError(409, 'That e-mail address is already registered.', null);

describe('notifyFailure', () => {
  test('a network failure says the message with SPEC §8 suffix, for 15 s', () => {
    expect(toastFor(new NetworkError(), 'Failed to fetch products')).toEqual({
      text: 'Failed to fetch products. Please check if the server is running.',
      type: 'error',
      duration: TOAST_MS.networkError,
    });
  });

  test('the suffix is not doubled, and a message ending in a full stop gets none added', () => {
    const network = new NetworkError();
    expect(toastFor(network, 'Network error occurred. Please check if the server is running.').text).toBe(
      'Network error occurred. Please check if the server is running.',
    );
    toast.remove();
    expect(toastFor(network, 'Could not save.').text).toBe(
      'Could not save. Please check if the server is running.',
    );
  });

  test('a network failure may have its own text and a shorter life', () => {
    expect(
      toastFor(new NetworkError(), 'Failed to send message', {
        networkMessage: 'Network error occurred',
        networkDuration: TOAST_MS.default,
      }),
    ).toEqual({
      text: 'Network error occurred. Please check if the server is running.',
      type: 'error',
      duration: TOAST_MS.default,
    });
  });

  test("the server's own text is said when it sent one, for 12 s", () => {
    expect(toastFor(serverSays, 'Registration failed')).toEqual({
      text: 'That e-mail address is already registered.',
      type: 'error',
      duration: TOAST_MS.error,
    });
  });

  test("without preferServerText, or without a server text, the caller's message is said", () => {
    expect(toastFor(serverSays, 'Failed to update user status', { preferServerText: false }).text).toBe(
      'Failed to update user status',
    );
    toast.remove();
    expect(toastFor(new ApiError(500, undefined, null), 'Failed to fetch admin data').text).toBe(
      'Failed to fetch admin data',
    );
    toast.remove();
    expect(toastFor(new Error('bug'), 'Something failed').text).toBe('Something failed');
  });
});
