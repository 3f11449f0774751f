import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {description && <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">{description}</div>}
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </div>
  );
}
