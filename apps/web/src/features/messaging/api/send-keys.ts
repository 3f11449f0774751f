// One Idempotency-Key per message being sent (decision 179): the same while the same text is sent
// again after a failure, a new one once it is delivered or the text is edited.
export { createRetryKeys as createSendKeys } from '@/lib/retry-keys.ts';
