import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshDeals } from '@/features/deals';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { applyLiveEvent } from './live-events.ts';
import { openMessageStream } from './message-stream.ts';
import { messagingKeys } from './query-keys.ts';

/**
 * One live stream per signed-in, verified user (the API refuses it to anyone else), open while the
 * session lasts and closed on sign-out. The 30-second unread refresh stays on as the fallback.
 */
export function useLiveMessages(): void {
  const { user } = useAuth();
  const client = useQueryClient();
  const streamUserId = user?.status === 'verified' ? user._id : null;

  useEffect(() => {
    if (!streamUserId) return;
    return openMessageStream({
      onEvent: (event) => {
        try {
          applyLiveEvent(client, event);
        } catch (error) {
          // One unreadable event must not end the stream; the next refresh repairs the cache.
          console.error('Ignored a live messaging event', error);
        }
      },
      onOpen: (reconnected) => {
        // Whatever happened while disconnected was missed: read it all again.
        if (!reconnected) return;
        void client.invalidateQueries({ queryKey: messagingKeys.all });
        void refreshDeals(client);
      },
      // A refused stream means the session ended or changed: a normal request finds out which
      // and handles it the usual way (a 401 signs out, SPEC §6).
      onRefused: () => void client.invalidateQueries({ queryKey: messagingKeys.unread() }),
    });
  }, [client, streamUserId]);
}
