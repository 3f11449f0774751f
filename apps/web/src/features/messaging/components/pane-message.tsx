import type { ReactNode } from 'react';

/** A centred note filling a pane: loading, empty and error states of the lists and the thread. */
export function PaneMessage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 py-10 text-center">
      <div className="text-sm font-semibold text-slate-900">{title}</div>
      {children && <div className="text-sm text-slate-600">{children}</div>}
    </div>
  );
}
