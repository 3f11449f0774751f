import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

interface TermProps {
  label: string;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}

/** One term of a deal (quantity, price, total…) in a description list; compact inside a card. */
export function Term({ label, compact = false, className, children }: TermProps) {
  return (
    <div className={className}>
      <dt className={cn('text-xs text-slate-600', !compact && 'font-medium tracking-wide uppercase')}>
        {label}
      </dt>
      <dd className={cn('font-medium break-words text-slate-900', !compact && 'mt-0.5 text-sm')}>
        {children}
      </dd>
    </div>
  );
}
