import { LISTINGS } from '@canopy/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/lib/toast.ts';
import { type EnhanceField, enhanceText, notifyEnhanceFailure } from '../api/enhance-text.ts';
import { AiComparisonDialog, type EnhancementReview } from './ai-comparison-dialog.tsx';

const ENHANCED: Record<EnhanceField, string> = {
  title: LISTINGS.titleEnhanced,
  description: LISTINGS.descriptionEnhanced,
};

interface AiEnhanceButtonProps {
  field: EnhanceField;
  /** The field's current text; blank text cannot be enhanced (SPEC §5). */
  value: string;
  /** Puts an accepted suggestion into the field. */
  onAccept: (text: string) => void;
}

/**
 * SPEC §4's enhancement flow for one field: the request ("Enhancing..."), then the comparison
 * dialog, which ends in Accept Enhancement (the field takes the suggestion) or Keep Original.
 */
export function AiEnhanceButton({ field, value, onAccept }: AiEnhanceButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [review, setReview] = useState<EnhancementReview | null>(null);
  const enhance = useMutation({
    mutationFn: (text: string) => enhanceText(text, field),
    onSuccess: (suggestion, original) => setReview({ original, suggestion }),
    onError: notifyEnhanceFailure,
  });

  // The button was disabled while the request ran, so the page had lost focus when the dialog
  // opened and the dialog has nowhere to give it back to: the button takes it once it closes.
  const reviewing = review !== null;
  const wasReviewing = useRef(false);
  useEffect(() => {
    if (wasReviewing.current && !reviewing) buttonRef.current?.focus();
    wasReviewing.current = reviewing;
  }, [reviewing]);

  const accept = () => {
    if (!review) return;
    onAccept(review.suggestion);
    setReview(null);
    notify.success(ENHANCED[field]);
  };

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        isLoading={enhance.isPending}
        disabled={value.trim() === ''}
        onClick={() => enhance.mutate(value)}
      >
        {!enhance.isPending && (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
            <path
              d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6"
              strokeLinecap="round"
            />
          </svg>
        )}
        {/* The visible text stays SPEC's; the hidden field name tells the two buttons apart. */}
        <span>
          {enhance.isPending ? 'Enhancing...' : 'AI Enhance'}
          <span className="sr-only">{` ${field}`}</span>
        </span>
      </Button>
      <AiComparisonDialog
        field={field}
        review={review}
        onAccept={accept}
        onKeepOriginal={() => setReview(null)}
      />
    </>
  );
}
