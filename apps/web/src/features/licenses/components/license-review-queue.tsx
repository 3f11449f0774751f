import type { AdminCompanyLicenseDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { licenseReviewQueryOptions, useDecideLicense } from '../api/licenses-api.ts';
import { LICENSE_TEXTS } from '../texts.ts';

/** One added license: what was filed, the registry's check, and the admin's decision with a reason. */
function LicenseReviewItem({ license }: { license: AdminCompanyLicenseDto }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const decide = useDecideLicense();
  const check = license.licenseCheck;
  const act = (approve: boolean) => decide.mutate({ id: license._id, approve, reason });
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div>
        <p className="font-semibold text-slate-900">{license.businessName}</p>
        <p className="text-sm text-slate-700">
          {license.licenseNumber} · {license.licenseType}
        </p>
        <p className="text-sm text-slate-600">{LICENSE_TEXTS.premises(license.address)}</p>
        <p className="text-sm text-slate-600">
          {check.clear ? LICENSE_TEXTS.registryClear : LICENSE_TEXTS.registryFlags(check.flags)}
        </p>
      </div>
      <FormField id={`${id}-reason`} label={LICENSE_TEXTS.reason} hint={LICENSE_TEXTS.reasonHint}>
        {(a11y) => <Input {...a11y} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </FormField>
      <div className="flex gap-2">
        <Button onClick={() => act(true)} isLoading={decide.isPending && decide.variables?.approve}>
          {LICENSE_TEXTS.approve}
        </Button>
        <Button
          variant="secondary"
          onClick={() => act(false)}
          isLoading={decide.isPending && decide.variables?.approve === false}
        >
          {LICENSE_TEXTS.reject}
        </Button>
      </div>
    </li>
  );
}

/** The admin's queue of licenses companies added, oldest first (decision 209). */
export function LicenseReviewQueue() {
  const query = useQuery(licenseReviewQueryOptions());
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{LICENSE_TEXTS.reviewTitle}</h2>
      <QueryState
        query={query}
        loading={LICENSE_TEXTS.loading}
        error={LICENSE_TEXTS.loadFailed}
        isEmpty={(licenses) => licenses.length === 0}
        empty={<p className="text-sm text-slate-600">{LICENSE_TEXTS.reviewEmpty}</p>}
      >
        {(licenses) => (
          <ul className="space-y-3">
            {licenses.map((license) => (
              <LicenseReviewItem key={license._id} license={license} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
