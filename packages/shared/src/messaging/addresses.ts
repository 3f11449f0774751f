import { address } from '../route-contract.ts';

// Where the message calls answer (decision 200): no zod here, see routes.ts.
export const messagingAddresses = {
  contactSeller: address('POST', '/messages'),
  reply: address('POST', '/messages/reply'),
  conversations: address('GET', '/messages/conversations'),
  thread: address('GET', '/messages/thread/:participantId'),
  archive: address('POST', '/messages/archive/:id'),
  unarchive: address('POST', '/messages/unarchive/:id'),
  unread: address('GET', '/messages/unread'),
  stream: address('GET', '/messages/stream'),
};
