import { LISTING_TOOLS } from '@canopy/shared';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';

interface SaveStatusProps {
  /** Share of the body sent, 0..1, while a save runs; null otherwise. */
  progress: number | null;
  onCancelUpload: () => void;
  /** The last save was cancelled by the seller. */
  cancelled: boolean;
  /** The last save was refused because the listing changed since the form opened it. */
  stale: boolean;
  onReload?: () => void;
}

/** How the save is going, below the form: progress with its cancel, or why the last one stopped. */
export function SaveStatus({ progress, onCancelUpload, cancelled, stale, onReload }: SaveStatusProps) {
  return (
    <>
      {progress !== null && (
        <div className="space-y-2">
          {/* Once every byte is sent the server still resizes images and cuts video posters. */}
          <ProgressBar value={progress} label={progress < 1 ? 'Uploading listing' : 'Processing media'} />
          {/* Only while bytes are still going: a body cut short stores nothing (decision 193). */}
          {progress < 1 && (
            <Button variant="secondary" size="sm" onClick={onCancelUpload}>
              {LISTING_TOOLS.cancelUpload}
            </Button>
          )}
        </div>
      )}
      {cancelled && <Alert tone="info">{LISTING_TOOLS.uploadCancelled}</Alert>}
      {stale && (
        <Alert tone="error">
          <p>{LISTING_TOOLS.staleVersion}</p>
          {onReload && (
            <Button variant="secondary" size="sm" className="mt-2" onClick={onReload}>
              {LISTING_TOOLS.reload}
            </Button>
          )}
        </Alert>
      )}
    </>
  );
}
