import type { ConversationDto } from '@canopy/shared';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { formatPacificTime } from '@/lib/time.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { displayName } from './participant.ts';
import { ParticipantAvatar } from './participant-avatar.tsx';

interface ConversationListItemProps {
  conversation: ConversationDto;
  selected: boolean;
  to: string;
}

export function ConversationListItem({ conversation, selected, to }: ConversationListItemProps) {
  const name = displayName(conversation.participantBusinessName);
  const unread = conversation.unreadCount > 0;

  return (
    <li>
      <Link
        to={to}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex gap-3 border-b border-slate-100 px-4 py-3 text-slate-900 no-underline hover:bg-slate-50 hover:text-slate-900 hover:no-underline',
          selected && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <ParticipantAvatar name={name} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-bold' : 'font-semibold')}>{name}</span>
            <time dateTime={conversation.lastMessageDate} className="shrink-0 text-xs text-slate-600">
              {formatPacificTime(conversation.lastMessageDate)}
            </time>
          </div>
          <p className="truncate text-xs text-slate-600">
            {MESSAGES_PAGE.regarding(conversation.productName)}
          </p>
          <div className="mt-0.5 flex items-center justify-between gap-2">
            <p className="truncate text-sm text-slate-700">{conversation.lastMessage}</p>
            {unread && (
              <Badge tone="success" className="shrink-0">
                {conversation.unreadCount}
                <span className="sr-only"> unread</span>
              </Badge>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}
