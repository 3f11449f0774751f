// The messaging feature's public face: what the app shell and other features may use. Everything
// else in this folder is its own business (the lint rule in biome.json keeps it so).
// The unread summary's query, so a screen (or its test) can hold an answer already in hand.
export { unreadQueryOptions } from './api/messages-api.ts';
export { useUnreadCount } from './api/use-unread-count.ts';
export { ContactSellerButton } from './components/contact-seller-button.tsx';
export { LiveMessages } from './components/live-messages.tsx';
export { UNREAD_BANNER } from './texts.ts';
