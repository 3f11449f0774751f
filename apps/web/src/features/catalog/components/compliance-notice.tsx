import { useId, useState } from 'react';

/**
 * Who the catalog is for, in one line on a phone (the rest behind "More", so the first screen
 * shows products, issue 15) and in full from the tablet width up.
 */
export function ComplianceNotice() {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  return (
    <section
      aria-label="Compliance notice"
      className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 md:px-4 md:py-3"
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold">For licensed California cannabis businesses only</p>
        <button
          type="button"
          className="shrink-0 font-medium text-sky-900 underline md:hidden"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Less' : 'More'}
          <span className="sr-only"> about the compliance notice</span>
        </button>
      </div>
      <p id={bodyId} className={expanded ? 'mt-1' : 'mt-1 hidden md:block'}>
        Listings are offered business-to-business between licensed operators under California cannabis
        regulations. Check every seller’s license with the Department of Cannabis Control before you buy.
      </p>
    </section>
  );
}
