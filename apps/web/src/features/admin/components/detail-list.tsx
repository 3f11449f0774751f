import type { ReactNode } from 'react';

/** Label/value pairs in two columns from the sm breakpoint, stacked on phones. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-[9rem_1fr] sm:gap-y-2">{children}</dl>;
}

export function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value || '—'}</dd>
    </>
  );
}
