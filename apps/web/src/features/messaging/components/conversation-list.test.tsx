import type { Role } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { messagingKeys } from '../api/query-keys.ts';
import { type ConversationsQuery, useConversations } from '../api/use-conversations.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { ConversationList } from './conversation-list.tsx';

function EmptyActiveList() {
  const query: ConversationsQuery = useConversations('active');
  return (
    <ConversationList query={query} tab="active" selectedId={null} linkTo={(id) => `/messages?c=${id}`} />
  );
}

/** The active tab with no conversations, as the given role sees it (the empty answer is cached first). */
async function renderEmptyFor(role: Role) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(messagingKeys.conversations('active'), {
    pages: [{ data: [], nextCursor: null }],
    pageParams: [undefined],
  });
  await renderWithSession(<EmptyActiveList />, role, client);
}

describe('ConversationList with no active conversations', () => {
  test.each(['buyer', 'seller', 'admin'] as const)('tells a %s what fits their role', async (role) => {
    await renderEmptyFor(role);

    expect(await screen.findByText(MESSAGES_PAGE.noActiveConversations)).toBeTruthy();
    expect(screen.getByText(MESSAGES_PAGE.noActiveHint[role])).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES_PAGE.browseProducts })).toBeTruthy();
  });

  test('only the buyer is told to press “I’m Interested”', async () => {
    await renderEmptyFor('seller');
    expect(await screen.findByText(MESSAGES_PAGE.noActiveHint.seller)).toBeTruthy();
    expect(screen.queryByText(/I’m Interested/)).toBeNull();
  });
});
