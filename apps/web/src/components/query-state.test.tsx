import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { QueryState } from './query-state.tsx';

/** A query whose answers the test gives in turn, each call the next one, once `release` is called. */
function outcomes(...answers: [string[] | Error, ...(string[] | Error)[]]) {
  let call = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const queryFn = async (): Promise<string[]> => {
    await gate;
    const answer = answers[Math.min(call, answers.length - 1)] ?? answers[0];
    call += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { queryFn, release: () => release() };
}

function Users({
  queryFn,
  ...props
}: { queryFn: () => Promise<string[]> } & Partial<Parameters<typeof QueryState<string[]>>[0]>) {
  const query = useQuery({ queryKey: ['users'], queryFn });
  return (
    <QueryState
      query={query}
      loading="Loading users"
      error="The users could not be loaded."
      isEmpty={(users) => users.length === 0}
      empty={<p>No users match these filters</p>}
      {...props}
    >
      {(users) => (
        <ul aria-label="Users">
          {users.map((user) => (
            <li key={user}>{user}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('QueryState', () => {
  test('announces the loading text until the data comes, then renders the children with it', async () => {
    const { queryFn, release } = outcomes(['ana@example.com', 'ben@example.com']);
    renderWithClient(<Users queryFn={queryFn} />);

    expect(screen.getByRole('status').textContent).toBe('Loading users');
    release();

    const list = await screen.findByRole('list', { name: 'Users' });
    expect(list.textContent).toBe('ana@example.comben@example.com');
    expect(screen.queryByRole('status')).toBeNull();
    expect(list.parentElement?.getAttribute('aria-busy')).toBe('false');
  });

  test('the spinner may stand in a box the size of what is loading, so nothing shifts when it comes', () => {
    const { queryFn } = outcomes(['ana@example.com']);
    renderWithClient(<Users queryFn={queryFn} loadingClassName="min-h-dvh" />);
    expect(screen.getByRole('status').parentElement?.className).toBe('min-h-dvh');
  });

  test('a skeleton may stand in for the spinner: announced with the loading text, replaced by the data', async () => {
    const { queryFn, release } = outcomes(['ana@example.com']);
    renderWithClient(
      <Users
        queryFn={queryFn}
        loadingClassName="min-h-dvh"
        skeleton={<p data-testid="skeleton">grey rows</p>}
      />,
    );

    const status = screen.getByRole('status');
    expect(status.className).toBe('min-h-dvh');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading usersgrey rows');
    release();

    expect((await screen.findByRole('list', { name: 'Users' })).textContent).toBe('ana@example.com');
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('says the error text with "Try again", which loads once more', async () => {
    const { queryFn, release } = outcomes(new Error('500'), ['ana@example.com']);
    release();
    renderWithClient(<Users queryFn={queryFn} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The users could not be loaded.Try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect((await screen.findByRole('list', { name: 'Users' })).textContent).toBe('ana@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('the error text may depend on the error; without retry there is no button', async () => {
    const { queryFn, release } = outcomes(new Error('offline'));
    release();
    renderWithClient(
      <Users queryFn={queryFn} retry={false} error={(error) => `Could not load: ${error.message}`} />,
    );

    expect((await screen.findByRole('alert')).textContent).toBe('Could not load: offline');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('empty data shows the empty state instead of the children', async () => {
    const { queryFn, release } = outcomes([]);
    release();
    renderWithClient(<Users queryFn={queryFn} />);

    await screen.findByText('No users match these filters');
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('without an empty state, empty data renders nothing', async () => {
    const { queryFn, release } = outcomes([]);
    release();
    const { container } = renderWithClient(<Users queryFn={queryFn} empty={undefined} />);

    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
