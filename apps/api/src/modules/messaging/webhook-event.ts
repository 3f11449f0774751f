import type { Db } from '../../db/client.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { presentThreadMessages } from './presenter.ts';
import { findMessage } from './read-model.ts';

// message.created (issue 24): queued with the message, for the webhooks of both businesses of the
// conversation (each reads it in its thread), with the message as a thread answers it. A deal's
// notice is a message too and is announced like one.

export async function queueMessageCreated(
  tx: Db,
  message: { id: string; senderId: string; receiverId: string },
): Promise<void> {
  await queueWebhookEvent(tx, {
    type: 'message.created',
    companyIds: [message.senderId, message.receiverId],
    data: async () => {
      const row = await findMessage(tx, message.id);
      if (!row) throw new Error('new message not found in its own transaction');
      const [presented] = await presentThreadMessages(tx, [row]);
      return presented;
    },
  });
}
