// What other features may use of messaging; everything else in this folder is its own business.
export { type ChangeFeed, listenTo, publish } from './change-feed.ts';
export { countMessages } from './read-model.ts';
export { postDealNotice } from './service.ts';
