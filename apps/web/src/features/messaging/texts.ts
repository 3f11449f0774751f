import type { Role } from '@canopy/shared';

// Messaging words SPEC gives the meaning of but not the text. SPEC's own texts (toasts, empty
// states, the banner summary) come from @canopy/shared or are quoted here letter for letter.

export const UNREAD_BANNER = {
  /** SPEC §2 word for word, "(s)" included. */
  summary: (messages: number, conversations: number) =>
    `You have ${messages} unread message(s) from ${conversations} conversation(s)`,
  more: (count: number) => `and ${count} more`,
  viewMessages: 'View Messages',
  dismiss: 'Dismiss',
  region: 'Unread messages',
} as const;

export const MESSAGES_PAGE = {
  title: 'Messages',
  description: 'Private conversations with other businesses about their listings.',
  signedOut: 'Please sign in to view your messages.',
  signIn: 'Sign In',
  tabsLabel: 'Conversations',
  active: 'Active',
  archived: 'Archived',
  noActiveConversations: 'No active conversations',
  /** Only buyers have "I’m Interested"; sellers are written to, admins take part in no conversation. */
  noActiveHint: {
    buyer: 'Start a conversation from any product page with “I’m Interested”.',
    seller: 'Buyers write to you from your listings’ pages; their messages appear here.',
    admin:
      'Conversations are between buyers and sellers about a listing; an admin account takes part in none.',
  } satisfies Record<Role, string>,
  browseProducts: 'Browse Products',
  noArchivedConversations: 'No archived conversations',
  noMessages: 'No messages in this conversation',
  selectConversation: 'Select a conversation',
  selectHint: 'Choose a conversation on the left to read and reply.',
  backToConversations: 'Back to conversations',
  loadMoreConversations: 'Load more conversations',
  loadEarlierMessages: 'Load earlier messages',
  loadingConversations: 'Loading conversations…',
  loadingMessages: 'Loading messages…',
  retry: 'Try again',
  archive: 'Archive',
  restore: 'Restore',
  regarding: (productName: string) => `Re: ${productName}`,
  product: 'Product:',
  unknownUser: 'Unknown User',
  messageLabel: 'Message',
  composerHint: 'Enter sends; Shift+Enter adds a new line.',
  composerPlaceholder: 'Write a message…',
  send: 'Send',
  sending: 'Sending…',
  threadLabel: (name: string) => `Messages with ${name}`,
  /** The chip that marks where a thread moves on to another listing. */
  aboutProduct: (title: string) => `About ${title}`,
} as const;

export const CONTACT_SELLER = {
  button: "I'm Interested",
  dialogTitle: (businessName: string) => `Contact ${businessName}`,
  about: (productName: string) => `About: ${productName}`,
  subject: 'Subject',
  subjectDefault: (productName: string) => `Interested in ${productName}`,
  message: 'Message',
  cancel: 'Cancel',
  send: 'Send Message',
  sending: 'Sending…',
  signIn: 'Sign in',
} as const;
