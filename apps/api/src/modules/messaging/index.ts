// What other features may use of messaging; everything else in this folder is its own business.
export { publish } from './change-feed.ts';
export { postDealNotice } from './deal-notice.ts';
export { postMemberMessage } from './feature-message.ts';
export { countMessages } from './read-model.ts';
