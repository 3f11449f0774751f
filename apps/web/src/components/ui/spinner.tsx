import { cn } from '@/lib/cn.ts';

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  label?: string;
  /** Inside a button that already says what is happening, the spinner is only decoration. */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label = 'Loading…', decorative = false }: SpinnerProps) {
  const circle = (
    <span
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        SIZES[size],
      )}
      aria-hidden="true"
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="inline-flex items-center text-brand-700">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A centred spinner filling the page area while a screen or the session loads. It is a whole
 * screen tall so the footer waits below the fold: a shorter placeholder left the footer on screen,
 * and the page arriving pushed it down (a layout shift of 0.37 on a phone).
 */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
