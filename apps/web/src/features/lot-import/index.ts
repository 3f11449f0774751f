// The bulk import of lots (issue 24 item 3): its page is loaded by the router from routes/.
export { LOT_IMPORT_PAGE } from './texts.ts';
