import { type CoaStatus, STATE_RECORD } from '@canopy/shared';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { PublicProduct } from '@/lib/public-product.ts';

const STATUS_TONES: Record<CoaStatus, BadgeTone> = {
  current: 'success',
  expiring: 'warning',
  expired: 'danger',
  failed: 'danger',
  missing: 'neutral',
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-sm font-medium break-all text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The lot's state record as a buyer checks it (issue 23, decision 211): batch, Metrc package UIDs
 * and the certificate of analysis with where it stands today.
 */
export function StateRecordFacts({ product }: { product: PublicProduct }) {
  const { coa, batchNumber, packageUids } = product;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">{STATE_RECORD.sectionTitle}</h2>
      <dl className="mt-2 divide-y divide-slate-100">
        <Detail term={STATE_RECORD.batchLabel}>{batchNumber ?? 'Not stated'}</Detail>
        <Detail term={STATE_RECORD.packageUidsLabel}>
          {packageUids.length ? (
            <ul className="space-y-0.5 text-right font-mono">
              {packageUids.map((uid) => (
                <li key={uid}>{uid}</li>
              ))}
            </ul>
          ) : (
            'Not stated'
          )}
        </Detail>
        <Detail term="Certificate of analysis">
          <Badge tone={STATUS_TONES[coa.status]}>{STATE_RECORD.statusLabels[coa.status]}</Badge>
        </Detail>
        {coa.result && (
          <>
            <Detail term={STATE_RECORD.coaLabNameLabel}>{coa.labName}</Detail>
            <Detail term={STATE_RECORD.coaLabLicenseLabel}>{coa.labLicenseNumber}</Detail>
            <Detail term={STATE_RECORD.coaTestedAtLabel}>
              {coa.testedAt && <time dateTime={coa.testedAt}>{coa.testedAt}</time>}
            </Detail>
            <Detail term={STATE_RECORD.coaResultLabel}>{STATE_RECORD.resultLabels[coa.result]}</Detail>
          </>
        )}
      </dl>
    </Card>
  );
}
