import type { ReactNode } from 'react';
import type { PathValue } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import type { ListingFormState, ListingFormValues } from './form-values.ts';
import { RemoveRowButton } from './remove-row-button.tsx';

/** The form's fields that hold a list of rows the seller adds to and removes from. */
type RowListName = 'package_uids' | 'price_tiers';

/**
 * A list of rows the seller edits (package UIDs, volume tiers): each row's inputs with a Remove
 * beside them, the refusal of the whole list, and an add button while there is room. Rows have no
 * identity beyond their place, so removing one renumbers the rest.
 */
export function RowList<Name extends RowListName>({
  form,
  name,
  max,
  newRow,
  addLabel,
  addDescribedBy,
  removeLabel,
  error,
  children,
}: {
  form: ListingFormState;
  name: Name;
  max: number;
  newRow: () => ListingFormValues[Name][number];
  addLabel: string;
  addDescribedBy?: string;
  removeLabel: (position: number) => string;
  /** A refusal of the list as a whole (too many rows, say) rather than of one row's field. */
  error: string | undefined;
  /** One row's inputs; `position` counts from 1, as the labels do. */
  children: (index: number, position: number) => ReactNode;
}) {
  type Row = ListingFormValues[Name][number];
  const rows: Row[] = form.watch(name);
  const setRows = (next: Row[]) =>
    form.setValue(name, next as PathValue<ListingFormValues, Name>, { shouldDirty: true });
  return (
    <>
      {rows.map((_row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the row's only identity
        <div key={index} className="flex items-start gap-2">
          {children(index, index + 1)}
          <RemoveRowButton
            label={removeLabel(index + 1)}
            onRemove={() => setRows(rows.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {rows.length < max && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-describedby={addDescribedBy}
          onClick={() => setRows([...rows, newRow()])}
        >
          {addLabel}
        </Button>
      )}
    </>
  );
}
