import { Button } from '../../../components/ui/button.tsx';

/**
 * SPEC §2's "AI Enhance" beside the title and description. The text-enhancement service is not
 * connected to this form, so the button is shown in place and stays disabled.
 */
export function AiEnhanceButton({ field }: { field: 'title' | 'description' }) {
  return (
    <Button variant="ghost" size="sm" disabled aria-label={`AI Enhance ${field}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
        <path
          d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6"
          strokeLinecap="round"
        />
      </svg>
      AI Enhance
    </Button>
  );
}
