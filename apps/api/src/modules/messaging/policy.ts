import { CONVERSATIONS } from '@canopy/shared';
import { authorizeFound, definePolicy } from '../../lib/policy.ts';

// Who may read, answer or archive a conversation (issue 27 item 18). A conversation is stored
// once per side, keyed by its owner and the other participant, and every call looks up the
// caller's own side: a row found is the caller's ("owner"); anyone else finds none and is told
// it does not exist, so nobody can learn whom another person talks to. The caller's side is their
// company's (decision 208): every member acting for it finds the same rows; which roles may read
// or write messages is the role table's (messages:read, messages:write).

const OWNER_ONLY = { owner: 'allow', other: 'hide' } as const;

export const conversationPolicy = definePolicy({
  resource: 'conversation',
  notFound: CONVERSATIONS.notFound,
  relations: ['owner', 'other'],
  rules: {
    /** Open the thread, which also marks it read. */
    read: OWNER_ONLY,
    reply: OWNER_ONLY,
    /** Archive or restore the caller's side. */
    archive: OWNER_ONLY,
  },
});

/** Throws unless the caller's side of the conversation was found and the table allows the action. */
export function authorizeConversation<T>(
  action: keyof typeof conversationPolicy.rules,
  ownSide: T | undefined,
): asserts ownSide is T {
  authorizeFound(conversationPolicy, action, ownSide, () => 'owner');
}
