import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

const WIDTHS = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-7xl' } as const;

/** Page width and padding, the same on every screen. */
export function PageContainer({
  width = 'wide',
  children,
}: {
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-10 lg:px-8', WIDTHS[width])}>{children}</div>
  );
}
