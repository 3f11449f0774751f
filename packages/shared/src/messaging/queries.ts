import { z } from 'zod';
import { UUID_PATTERN } from '../common/params.ts';
import {
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  THREAD_PAGE_DEFAULT,
  THREAD_PAGE_MAX,
} from './limits.ts';

// The query strings of the message lists. They come from an address bar or a scroll position:
// a bad value falls back to the default rather than failing.

const cursorField = z.string().regex(UUID_PATTERN).optional().catch(undefined);

export const conversationListQuery = z.object({
  archived: z
    .enum(['true', 'false'])
    .catch('false')
    .transform((value) => value === 'true'),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).catch(CONVERSATIONS_PAGE_DEFAULT),
  cursor: cursorField,
});

export const threadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(THREAD_PAGE_MAX).catch(THREAD_PAGE_DEFAULT),
  cursor: cursorField,
});
