import { countOf } from '@canopy/shared';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/cn.ts';
import { AI_LIMITS, type EnhanceField } from '../api/enhance-text.ts';

/** The text the seller sent and the suggestion that came back. */
export interface EnhancementReview {
  original: string;
  suggestion: string;
}

const NOUNS: Record<EnhanceField, string> = { title: 'Title', description: 'Description' };

function Version({
  heading,
  text,
  counter,
  suggested = false,
}: {
  heading: string;
  text: string;
  counter: ReactNode;
  suggested?: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-1.5">
      <h3 id={headingId} className="text-sm font-medium text-slate-800">
        {heading}
      </h3>
      {/* pre-wrap: the original's stray spaces and line breaks are part of what is being compared. */}
      <p
        className={cn(
          'grow rounded-md border p-3 text-sm break-words whitespace-pre-wrap',
          suggested ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-slate-50',
        )}
      >
        {text}
      </p>
      <p className="text-xs text-slate-600 tabular-nums">{counter}</p>
    </section>
  );
}

/** SPEC §2: "n/90" for a title and "n/2000" for a description, red and flagged past the limit. */
function SuggestionCounter({ field, length }: { field: EnhanceField; length: number }) {
  const max = AI_LIMITS[field];
  const tooLong = length > max;
  return (
    <span className={cn('inline-flex gap-2', tooLong && 'font-medium text-red-700')}>
      <span>
        {length}/{max}
      </span>
      {tooLong && <span>{NOUNS[field]} too long</span>}
    </span>
  );
}

const characters = (length: number) => countOf(length, 'character');

interface AiComparisonDialogProps {
  field: EnhanceField;
  /** Null while there is nothing to review; the dialog is open otherwise. */
  review: EnhancementReview | null;
  onAccept: () => void;
  /** Also what Escape and the dialog's Close do: leaving without accepting keeps the original. */
  onKeepOriginal: () => void;
}

/**
 * SPEC §2's comparison: the original beside the AI version (stacked on narrow screens), each with
 * its length, and the seller's choice between them.
 */
export function AiComparisonDialog({ field, review, onAccept, onKeepOriginal }: AiComparisonDialogProps) {
  return (
    <Dialog
      open={review !== null}
      onClose={onKeepOriginal}
      title={`Review enhanced ${field}`}
      footer={
        <>
          <Button variant="secondary" onClick={onKeepOriginal}>
            Keep Original
          </Button>
          <Button onClick={onAccept}>Accept Enhancement</Button>
        </>
      }
    >
      {review && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Version heading="Original" text={review.original} counter={characters(review.original.length)} />
          <Version
            heading="AI suggestion"
            text={review.suggestion}
            counter={<SuggestionCounter field={field} length={review.suggestion.length} />}
            suggested
          />
        </div>
      )}
    </Dialog>
  );
}
