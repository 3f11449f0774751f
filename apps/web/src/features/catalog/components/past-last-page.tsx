import { countOf } from '@canopy/shared';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';

interface PastLastPageProps {
  page: number;
  pages: number;
  /** The address of another page of the same list (same filters). */
  pageHref: (page: number) => string;
}

/**
 * A page number past the end (an old link, an edited address) finds no rows although the list
 * has some: say so, say how many pages there are, and link to the last one (decision 130).
 */
export function PastLastPage({ page, pages, pageHref }: PastLastPageProps) {
  return (
    <EmptyState
      title={`Page ${page} doesn’t exist`}
      description={`There ${pages === 1 ? 'is' : 'are'} ${countOf(pages, 'page')} of products.`}
      action={
        <ButtonLink to={pageHref(pages)} variant="secondary">
          Go to page {pages}
        </ButtonLink>
      }
    />
  );
}
