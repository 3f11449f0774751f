import type { ThreadMessageDto } from '@canopy/shared';
import { cn } from '@/lib/cn.ts';
import { formatPacificTime } from '@/lib/time.ts';
import { MessageText } from './message-text.tsx';
import { displayName } from './participant.ts';

// SPEC §3: a message's sender and time come under two spellings each.
const senderOf = (message: ThreadMessageDto) => message.senderId ?? message.sender_id;
const sentAt = (message: ThreadMessageDto) => message.createdAt ?? message.created_at;

export function isOwnMessage(message: ThreadMessageDto, userId: string): boolean {
  return senderOf(message)?._id === userId;
}

/**
 * One message: the reader's own on the right in the brand colour, the other side's on the left.
 * Under the business name, the member of that business who wrote it (issue 28, decision 208).
 */
export function MessageBubble({ message, own }: { message: ThreadMessageDto; own: boolean }) {
  const time = sentAt(message);
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-xs',
          own ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
        )}
      >
        <p className={cn('text-xs font-semibold', own ? 'text-brand-50' : 'text-slate-700')}>
          {displayName(senderOf(message)?.profile?.businessName)}
        </p>
        {message.sentBy?.name ? (
          <p className={cn('text-xs', own ? 'text-brand-50' : 'text-slate-600')}>{message.sentBy.name}</p>
        ) : null}
        <p className="mt-0.5 break-words whitespace-pre-wrap">
          <MessageText content={message.content} own={own} />
        </p>
        <time dateTime={time} className={cn('mt-1 block text-xs', own ? 'text-brand-50' : 'text-slate-600')}>
          {formatPacificTime(time)}
        </time>
      </div>
    </li>
  );
}
