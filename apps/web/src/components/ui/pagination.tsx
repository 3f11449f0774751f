import { MAX_PAGE_BUTTONS } from '@canopy/shared';
import { Button } from './button.tsx';

interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/** The window of at most MAX_PAGE_BUTTONS page numbers, centred on the current page when it can be. */
export function pageWindow(page: number, pages: number, size = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), pages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

export function Pagination({ page, pages, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, pages).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'primary' : 'ghost'}
          size="sm"
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPageChange(number)}
        >
          {number}
        </Button>
      ))}
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
