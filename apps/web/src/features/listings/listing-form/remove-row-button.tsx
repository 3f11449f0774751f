import { Button } from '@/components/ui/button.tsx';

/**
 * "Remove" beside one row of a list the seller edits (package UIDs, volume tiers): its accessible
 * name says which row, and it sits level with the row's inputs, below their labels.
 */
export function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="mt-7" aria-label={label} onClick={onRemove}>
      Remove
    </Button>
  );
}
