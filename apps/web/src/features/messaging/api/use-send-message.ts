import {
  CONVERSATIONS,
  type ContactSellerInput,
  type ConversationDto,
  MESSAGE_PREVIEW_MAX,
  TOAST_MS,
} from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { sendFailureText } from './failure-toasts.ts';
import { contactSeller, sendReply } from './messages-api.ts';
import { appendThreadMessage, upsertConversation } from './messaging-cache.ts';
import { messagingKeys } from './query-keys.ts';
import { createSendKeys } from './send-keys.ts';

/** A failed send; SPEC gives its network toast 8 s, not the usual 15. */
function notifySendFailure(error: Error): void {
  notifyFailure(error, sendFailureText(error), {
    preferServerText: false,
    networkDuration: TOAST_MS.default,
  });
}

/**
 * "I'm Interested": the first message to a listing's seller. Failures are toasted here; the dialog
 * also says them inside itself, since the modal leaves the toasts behind its backdrop.
 */
export function useContactSeller() {
  const client = useQueryClient();
  const [keys] = useState(createSendKeys);
  return useMutation({
    mutationFn: (input: ContactSellerInput) => contactSeller(input, keys.keyFor(JSON.stringify(input))),
    onSuccess: () => {
      keys.delivered();
      notify.success(CONVERSATIONS.sent);
      // The conversation may be new: let the lists and thread load it fresh when next shown.
      return client.invalidateQueries({ queryKey: messagingKeys.all, refetchType: 'none' });
    },
    onError: notifySendFailure,
  });
}

/** A message from the composer into an open conversation, shown in it as soon as it is stored. */
export function useReply(conversation: ConversationDto) {
  const client = useQueryClient();
  const [keys] = useState(createSendKeys);
  return useMutation({
    mutationFn: (content: string) => {
      const input = { receiverId: conversation._id, content, listingId: conversation.productId };
      return sendReply(input, keys.keyFor(JSON.stringify(input)));
    },
    onSuccess: (message) => {
      keys.delivered();
      appendThreadMessage(client, conversation._id, message);
      upsertConversation(client, {
        ...conversation,
        lastMessage: message.content.slice(0, MESSAGE_PREVIEW_MAX),
        lastMessageDate: message.createdAt,
        // Answering reads the thread (the server marks it so too).
        unreadCount: 0,
      });
      notify.success(CONVERSATIONS.sent);
    },
    onError: notifySendFailure,
  });
}
