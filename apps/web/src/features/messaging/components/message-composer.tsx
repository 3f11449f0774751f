import { type ConversationDto, MESSAGE_MAX } from '@canopy/shared';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { useReply } from '../api/use-send-message.ts';
import { MESSAGES_PAGE } from '../texts.ts';

/** The reply box: Enter sends, Shift+Enter adds a line; blank or whitespace-only text is never sent. */
export function MessageComposer({ conversation }: { conversation: ConversationDto }) {
  const inputId = useId();
  const hintId = useId();
  const [content, setContent] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const reply = useReply(conversation);
  const canSend = content.trim() !== '' && !reply.isPending;

  function send() {
    if (!canSend) return;
    reply.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        // A click on Send left focus on the button, which is disabled while sending.
        input.current?.focus();
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An Enter that confirms an input method's composition (Japanese, Chinese…) is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3">
      <label htmlFor={inputId} className="sr-only">
        {MESSAGES_PAGE.messageLabel}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={input}
          id={inputId}
          rows={2}
          maxLength={MESSAGE_MAX}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={hintId}
          placeholder={MESSAGES_PAGE.composerPlaceholder}
          className="resize-none"
        />
        <Button type="submit" disabled={!canSend} isLoading={reply.isPending}>
          {reply.isPending ? MESSAGES_PAGE.sending : MESSAGES_PAGE.send}
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {MESSAGES_PAGE.composerHint}
      </p>
    </form>
  );
}
