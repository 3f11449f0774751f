import { MutationObserver } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { AppToaster } from './app-toaster.tsx';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  toast.remove();
});

/** Runs one mutation that fails with `error` through the app's client, declaring `meta`. */
async function failMutation(error: Error, meta?: Record<string, unknown>) {
  render(<AppToaster />);
  const observer = new MutationObserver(createQueryClient(), {
    mutationFn: () => Promise.reject(error),
    meta,
  });
  await act(async () => {
    await observer.mutate().catch(() => undefined);
  });
}

const toastTexts = () => screen.queryAllByRole('status').map((toastBox) => toastBox.textContent);

describe('a mutation that fails', () => {
  test('shows the toast its meta names', async () => {
    await failMutation(new ApiError(500, undefined, null), { errorToast: 'Failed to update user status' });
    expect(toastTexts()).toEqual(['Failed to update user status']);
  });

  test('says the server’s own text over the meta text', async () => {
    await failMutation(new ApiError(409, 'Not enough quantity available', null), {
      errorToast: 'Failed to send the offer',
    });
    expect(toastTexts()).toEqual(['Not enough quantity available']);
  });

  test('says the meta text alone when the meta says not to prefer the server’s', async () => {
    await failMutation(new ApiError(409, 'Not enough quantity available', null), {
      errorToast: 'Failed to send the offer',
      preferServerText: false,
    });
    expect(toastTexts()).toEqual(['Failed to send the offer']);
  });

  test('a network failure says the meta’s network text with SPEC’s suffix', async () => {
    await failMutation(new NetworkError(), {
      errorToast: 'Failed to create product',
      networkMessage: 'Network error',
    });
    expect(toastTexts()).toEqual(['Network error. Please check if the server is running.']);
  });

  test('without an errorToast shows nothing (the screen handles the failure itself)', async () => {
    await failMutation(new ApiError(500, 'Boom', null));
    expect(toastTexts()).toEqual([]);
  });
});
