import { cn } from '@/lib/cn.ts';

interface CharacterCounterProps {
  length: number;
  max: number;
  /** Above this the count turns orange. */
  warnAbove: number;
  /** Above this it turns red and says "⚠ Close to limit". */
  dangerAbove: number;
}

/** SPEC §2's "x/100" and "x/2000" counters. The -700 shades keep 4.5:1 contrast on white. */
export function CharacterCounter({ length, max, warnAbove, dangerAbove }: CharacterCounterProps) {
  const danger = length > dangerAbove;
  return (
    <span
      className={cn(
        'inline-flex gap-2 tabular-nums',
        danger ? 'font-medium text-red-700' : length > warnAbove ? 'text-orange-700' : 'text-slate-600',
      )}
    >
      <span>
        {length}/{max}
      </span>
      {danger && <span>⚠ Close to limit</span>}
    </span>
  );
}
