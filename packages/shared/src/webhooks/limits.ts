// The numbers of the webhook feature, named once (texts.ts quotes them).

export const WEBHOOK_URL_MAX = 2000;
/** Subscriptions a company may keep at once: one per receiving system, with room to spare. */
export const WEBHOOKS_PER_COMPANY = 10;
/** Entries of the delivery log answered: the newest first. */
export const WEBHOOK_LOG_LIMIT = 100;
