import { BUYER_GROUPS, type BuyerGroupDto, buyerGroupPricesSchema, type ListingDto } from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { myListingsQueryOptions } from '@/features/listings';
import { failureText } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { buyerGroupKeys, setBuyerGroupPrices } from '../api/buyer-groups-api.ts';

// A group's price list: per lot a price per pound or a percentage off (one of the two), and whether
// only this group sees the lot. Saved whole, as PUT /buyer-groups/{id}/prices takes it.

const SAVE_FAILED = 'The prices could not be saved. Try again.';

interface Row {
  price: string;
  percent: string;
  private: boolean;
}

const rowsOf = (group: BuyerGroupDto): Record<string, Row> => {
  const rows: Record<string, Row> = {};
  for (const price of group.prices) {
    rows[price.listingId] = {
      price: price.pricePerLb?.toString() ?? '',
      percent: price.percentOff?.toString() ?? '',
      private: false,
    };
  }
  for (const id of group.privateListingIds) rows[id] = { price: '', percent: '', ...rows[id], private: true };
  return rows;
};

const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

function LotRow({ lot, row, onChange }: { lot: ListingDto; row: Row; onChange: (row: Row) => void }) {
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <p className="font-medium break-words text-slate-900">{lot.title}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField id={`price-${lot._id}`} label={BUYER_GROUPS.priceLabel(lot.title)}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={row.price}
              onChange={(e) => onChange({ ...row, price: e.target.value })}
            />
          )}
        </FormField>
        <FormField id={`percent-${lot._id}`} label={BUYER_GROUPS.percentLabel(lot.title)}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={row.percent}
              onChange={(e) => onChange({ ...row, percent: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <Checkbox
        label={BUYER_GROUPS.privateLabel(lot.title)}
        checked={row.private}
        onChange={(e) => onChange({ ...row, private: e.target.checked })}
      />
    </li>
  );
}

export function PricesDialog({ group, onClose }: { group: BuyerGroupDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const lots = useQuery(myListingsQueryOptions());
  const [rows, setRows] = useState<Record<string, Row>>(() => rowsOf(group));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: setBuyerGroupPrices,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: buyerGroupKeys.all });
      notify.success(answer.message);
      onClose();
    },
  });
  const problem = invalid ?? (save.error ? failureText(save.error, SAVE_FAILED) : null);
  const empty: Row = { price: '', percent: '', private: false };

  function submit(event: FormEvent) {
    event.preventDefault();
    const entries = Object.entries(rows);
    const body = {
      prices: entries
        .filter(([, row]) => row.price.trim() !== '' || row.percent.trim() !== '')
        .map(([listingId, row]) => ({
          listingId,
          pricePerLb: amount(row.price),
          percentOff: amount(row.percent),
        })),
      privateListingIds: entries.filter(([, row]) => row.private).map(([listingId]) => listingId),
    };
    const checked = buyerGroupPricesSchema.safeParse(body);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? SAVE_FAILED);
      return;
    }
    setInvalid(null);
    save.mutate({ id: group._id, body });
  }
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={BUYER_GROUPS.pricesTitle(group.name)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="buyer-group-prices" isLoading={save.isPending}>
            {BUYER_GROUPS.savePrices}
          </Button>
        </>
      }
    >
      <form id="buyer-group-prices" className="space-y-4" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-600">{BUYER_GROUPS.pricesHint}</p>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <QueryState
          query={lots}
          loading="Loading your lots"
          error={(error) => failureText(error, 'Your lots could not be loaded.')}
          isEmpty={(mine) => mine.length === 0}
          empty={<p className="text-sm text-slate-600">{BUYER_GROUPS.noLots}</p>}
        >
          {(mine) => (
            <ul className="space-y-3">
              {mine.map((lot) => (
                <LotRow
                  key={lot._id}
                  lot={lot}
                  row={rows[lot._id] ?? empty}
                  onChange={(row) => setRows((current) => ({ ...current, [lot._id]: row }))}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </form>
    </Dialog>
  );
}
