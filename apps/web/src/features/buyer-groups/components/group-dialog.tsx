import {
  BUYER_GROUPS,
  type BuyerCompanyDto,
  type BuyerGroupDto,
  buyerGroupSchema,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  type PaymentTerms,
} from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { failureText } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import {
  buyerGroupKeys,
  buyerLookupQueryOptions,
  createBuyerGroup,
  updateBuyerGroup,
} from '../api/buyer-groups-api.ts';

// Making or editing a group: its name, minimum order, default payment terms and buyer companies,
// found by business name (decision 241). The API's own schema checks the form first.

const SAVE_FAILED = 'The group could not be saved. Try again.';

function BuyerPicker({
  chosen,
  onChange,
}: {
  chosen: BuyerCompanyDto[];
  onChange: (buyers: BuyerCompanyDto[]) => void;
}) {
  const [search, setSearch] = useState('');
  const found = useQuery(buyerLookupQueryOptions(search.trim()));
  const choices = (found.data ?? []).filter((buyer) => !chosen.some((c) => c.companyId === buyer.companyId));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{BUYER_GROUPS.buyers}</legend>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={BUYER_GROUPS.buyers}>
          {chosen.map((buyer) => (
            <li
              key={buyer.companyId}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm"
            >
              <span className="break-all">{buyer.businessName}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={BUYER_GROUPS.removeBuyer(buyer.businessName)}
                onClick={() => onChange(chosen.filter((c) => c.companyId !== buyer.companyId))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormField id="buyer-search" label={BUYER_GROUPS.buyerSearch}>
        {(control) => (
          <Input
            {...control}
            type="search"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </FormField>
      {search.trim().length >= 2 && found.isSuccess && choices.length === 0 && (
        <p className="text-sm text-slate-600">{BUYER_GROUPS.noBuyersFound}</p>
      )}
      {choices.length > 0 && (
        <ul className="space-y-1">
          {choices.map((buyer) => (
            <li key={buyer.companyId}>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  onChange([...chosen, buyer]);
                  setSearch('');
                }}
              >
                {BUYER_GROUPS.addBuyer(buyer.businessName)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function GroupDialog({ group, onClose }: { group: BuyerGroupDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(group?.name ?? '');
  const [minimum, setMinimum] = useState(group?.minimumOrderLbs?.toString() ?? '');
  const [terms, setTerms] = useState<PaymentTerms | ''>(group?.paymentTerms ?? '');
  const [sampleCap, setSampleCap] = useState(group?.monthlySampleCap?.toString() ?? '');
  const [buyers, setBuyers] = useState<BuyerCompanyDto[]>(group?.buyers ?? []);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof createBuyerGroup>[0]) =>
      group ? updateBuyerGroup({ id: group._id, body }) : createBuyerGroup(body),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: buyerGroupKeys.all });
      notify.success(answer.message);
      onClose();
    },
  });
  const problem = invalid ?? (save.error ? failureText(save.error, SAVE_FAILED) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      buyerCompanyIds: buyers.map((buyer) => buyer.companyId),
      minimumOrderLbs: minimum.trim() === '' ? null : Number(minimum),
      paymentTerms: terms === '' ? null : terms,
      monthlySampleCap: sampleCap.trim() === '' ? null : Number(sampleCap),
    };
    const checked = buyerGroupSchema.safeParse(body);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? SAVE_FAILED);
      return;
    }
    setInvalid(null);
    save.mutate(body);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={group ? group.name : BUYER_GROUPS.newGroup}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="buyer-group-form" isLoading={save.isPending}>
            {BUYER_GROUPS.save}
          </Button>
        </>
      }
    >
      <form id="buyer-group-form" className="space-y-4" onSubmit={submit} noValidate>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <FormField id="group-name" label={BUYER_GROUPS.name} required>
          {(control) => (
            <Input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
        <FormField id="group-minimum" label={BUYER_GROUPS.minimum}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="group-terms" label={BUYER_GROUPS.terms}>
          {(control) => (
            <Select
              {...control}
              value={terms}
              onChange={(e) => setTerms(e.target.value as PaymentTerms | '')}
              placeholder={BUYER_GROUPS.termsNone}
              options={PAYMENT_TERMS.map((value) => ({ value, label: PAYMENT_TERMS_LABELS[value] }))}
            />
          )}
        </FormField>
        <FormField
          id="group-sample-cap"
          label={BUYER_GROUPS.sampleCapLabel}
          hint={BUYER_GROUPS.sampleCapHint}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={sampleCap}
              onChange={(e) => setSampleCap(e.target.value)}
            />
          )}
        </FormField>
        <BuyerPicker chosen={buyers} onChange={setBuyers} />
      </form>
    </Dialog>
  );
}
