/** What moved on a watched lot since the buyer last looked: one line each, set apart in amber. */
export function WatchNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul
      aria-label="Changes since you last looked"
      className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
    >
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
