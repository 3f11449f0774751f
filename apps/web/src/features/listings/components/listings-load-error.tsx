import { LISTINGS } from '@canopy/shared';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NetworkError } from '@/lib/api-client.ts';

/** SPEC §8's load failure of the seller's listings, with a way to try again. */
export function ListingsLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert tone="error" title={error instanceof NetworkError ? LISTINGS.loadNetwork : LISTINGS.loadFailed}>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
