import { BUYER_GROUPS, type BuyerGroupDto, formatLbs, PAYMENT_TERMS_LABELS } from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { failureText } from '@/lib/api-client.ts';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { buyerGroupKeys, buyerGroupsQueryOptions, removeBuyerGroup } from '../api/buyer-groups-api.ts';
import { GroupDialog } from '../components/group-dialog.tsx';
import { PricesDialog } from '../components/prices-dialog.tsx';

// /dashboard/buyer-groups (issue 25 item 1, decision 241): a seller's groups of buyer companies,
// each with its own prices, minimum order, payment terms and private lots. Members who may not
// write lots read the groups without the buttons.

type Editing = { kind: 'group'; group: BuyerGroupDto | null } | { kind: 'prices'; group: BuyerGroupDto };

function GroupCard({
  group,
  editable,
  onEdit,
}: {
  group: BuyerGroupDto;
  editable: boolean;
  onEdit: (editing: Editing | { kind: 'remove'; group: BuyerGroupDto }) => void;
}) {
  const facts = [
    BUYER_GROUPS.members(group.buyers.length),
    BUYER_GROUPS.priced(group.prices.length),
    group.minimumOrderLbs === null ? null : `Minimum ${formatLbs(group.minimumOrderLbs)}`,
    group.paymentTerms === null ? null : PAYMENT_TERMS_LABELS[group.paymentTerms],
    group.monthlySampleCap === null ? null : BUYER_GROUPS.sampleCapLine(group.monthlySampleCap),
  ].filter(Boolean);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold break-words text-slate-900">{group.name}</h2>
      <p className="text-sm text-slate-600">{facts.join(' · ')}</p>
      {group.buyers.length > 0 && (
        <p className="text-sm break-words text-slate-700">
          {group.buyers.map((buyer) => buyer.businessName).join(', ')}
        </p>
      )}
      {editable && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onEdit({ kind: 'group', group })}>
            {BUYER_GROUPS.edit}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onEdit({ kind: 'prices', group })}>
            {BUYER_GROUPS.pricesTitle(group.name)}
          </Button>
          <Button size="sm" variant="danger" onClick={() => onEdit({ kind: 'remove', group })}>
            {BUYER_GROUPS.remove}
          </Button>
        </div>
      )}
    </Card>
  );
}

function RemoveDialog({ group, onClose }: { group: BuyerGroupDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: removeBuyerGroup,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: buyerGroupKeys.all });
      notify.success(answer.message);
      onClose();
    },
    onError: (error) => notifyFailure(error, 'The group could not be deleted. Try again.'),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={BUYER_GROUPS.removeTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" isLoading={remove.isPending} onClick={() => remove.mutate(group._id)}>
            {BUYER_GROUPS.remove}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{BUYER_GROUPS.removeBody(group.name)}</p>
    </Dialog>
  );
}

export function BuyerGroupsPage() {
  const groups = useQuery(buyerGroupsQueryOptions());
  const editable = usePermissions().may('listings:write');
  const [editing, setEditing] = useState<Editing | { kind: 'remove'; group: BuyerGroupDto } | null>(null);
  const close = () => setEditing(null);
  return (
    <PageContainer>
      <PageHeader
        title={BUYER_GROUPS.pageTitle}
        description={BUYER_GROUPS.intro}
        actions={
          editable && (
            <Button onClick={() => setEditing({ kind: 'group', group: null })}>
              {BUYER_GROUPS.newGroup}
            </Button>
          )
        }
      />
      <QueryState
        query={groups}
        loading="Loading your buyer groups"
        error={(error) => failureText(error, 'Your buyer groups could not be loaded.')}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={BUYER_GROUPS.empty} description={BUYER_GROUPS.intro} />}
      >
        {(rows) => (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {rows.map((group) => (
              <li key={group._id}>
                <GroupCard group={group} editable={editable} onEdit={setEditing} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing?.kind === 'group' && <GroupDialog group={editing.group} onClose={close} />}
      {editing?.kind === 'prices' && <PricesDialog group={editing.group} onClose={close} />}
      {editing?.kind === 'remove' && <RemoveDialog group={editing.group} onClose={close} />}
    </PageContainer>
  );
}
