/**
 * The id of the JSON data block in which the server sends a page with the answers to its first API
 * calls, keyed by each call's address (decision 180).
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'canopy-answers';
