import { documentTitle } from '@canopy/shared';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page's h1, its browser tab title, and optional actions beside it. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <DocumentTitle title={title} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {description && <div className="mt-1 text-slate-600">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** React 19 hoists <title> into <head>, so each page names its own browser tab. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{documentTitle(title)}</title>;
}
