import { Alert } from '@/components/ui/alert.tsx';

export function ComplianceNotice() {
  return (
    <Alert tone="info" title="For licensed California cannabis businesses only">
      Listings are offered business-to-business between licensed operators under California cannabis
      regulations. Check every seller’s license with the Department of Cannabis Control before you buy.
    </Alert>
  );
}
