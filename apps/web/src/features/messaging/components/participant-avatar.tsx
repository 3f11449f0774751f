/** The round initial of a participant's business name in the conversation list. */
export function ParticipantAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-base font-semibold text-brand-900"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
