import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';

/** A load that failed: what went wrong, with "Try again" under it, which fetches once more. */
export function RetryAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
