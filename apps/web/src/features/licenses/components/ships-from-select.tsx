import { COMPANY_LICENSES } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import type { SelectHTMLAttributes } from 'react';
import { FormField } from '@/components/ui/form-field.tsx';
import { companyLicensesQueryOptions } from '../api/licenses-api.ts';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>;

/**
 * "Ships from" on the listing form (decision 209): shown only when the company holds more than one
 * verified license; the main license is the blank value. `field` is the form library's
 * registration of `ships_from_license_id`.
 */
export function ShipsFromSelect({ field }: { field: SelectProps }) {
  const { data } = useQuery(companyLicensesQueryOptions());
  const verified = (data ?? []).filter((license) => license.status === 'verified');
  if (verified.length < 2) return null;
  return (
    <FormField id="ships_from_license_id" label={COMPANY_LICENSES.shipsFromLabel}>
      {(a11y) => (
        <select
          {...a11y}
          {...field}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        >
          {verified.map((license) => (
            <option key={license._id} value={license.main ? '' : license._id}>
              {`${license.licenseNumber} · ${license.address.city}${license.main ? ` (${COMPANY_LICENSES.mainLicense})` : ''}`}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
