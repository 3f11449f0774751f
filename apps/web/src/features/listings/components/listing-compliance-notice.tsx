import { Alert } from '@/components/ui/alert.tsx';

/** SPEC §2: the listing form's notice, right above its buttons. */
export function ListingComplianceNotice() {
  return (
    <Alert tone="info" title="Compliance notice">
      All listings must comply with California cannabis regulations. Only licensed cannabis operators may list
      products on this marketplace.
    </Alert>
  );
}
