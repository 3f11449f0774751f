import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { RetryAlert } from './retry-alert.tsx';

describe('RetryAlert', () => {
  test('says what failed as an alert and fetches again once per "Try again"', async () => {
    let retries = 0;
    render(<RetryAlert title="The product could not be loaded." onRetry={() => (retries += 1)} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The product could not be loaded.Try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retries).toBe(1);
  });
});
