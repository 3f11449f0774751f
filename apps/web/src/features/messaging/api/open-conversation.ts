import { useSyncExternalStore } from 'react';

// Which conversation's thread is on screen right now, if any. The live stream marks that one read
// instead of counting it, and the unread badge leaves it out meanwhile, so a message arriving in
// the thread someone is reading never makes the badge blink up.

let openParticipantId: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getOpenConversation(): string | null {
  return openParticipantId;
}

export function setOpenConversation(participantId: string | null): void {
  if (openParticipantId === participantId) return;
  openParticipantId = participantId;
  for (const listener of listeners) listener();
}

export function useOpenConversation(): string | null {
  return useSyncExternalStore(subscribe, getOpenConversation);
}
