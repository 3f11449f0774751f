import { NO_FACET_COUNTS, PRODUCTS_PAGE_SIZE } from '@canopy/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AuthProvider } from '@/lib/auth/session-context.tsx';
import type { ProductPage } from '../api/products-api.ts';
import { ProductResults } from './product-results.tsx';

/** The catalog's answer for a page past the last one: no rows, but the total and page count of the whole list. */
const pastTheEnd = (total: number, pages: number): ProductPage => ({
  success: true,
  data: [],
  pagination: { page: 99, limit: 12, total, pages, estimated: false },
  facets: NO_FACET_COUNTS,
});

function Results({ answer, page }: { answer: ProductPage; page: number }) {
  const products = useQuery({ queryKey: ['products'], queryFn: async () => answer, initialData: answer });
  return (
    <ProductResults
      products={products}
      page={page}
      onPageChange={() => {}}
      pageHref={(target) => `/products?category=flower&page=${target}`}
      countRef={null}
    />
  );
}

function renderResults(answer: ProductPage, page: number) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AuthProvider>
          <Results answer={answer} page={page} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What the results region says, each piece of text in reading order. */
function resultsText(): string {
  const region = screen.getByRole('region', { name: 'Results' });
  const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
  const pieces: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) pieces.push(text);
  }
  return pieces.join(' | ');
}

describe('ProductResults while the first page loads', () => {
  test('shows a page of skeleton cards, announced as loading, instead of a lone spinner', () => {
    const client = new QueryClient();
    function Loading() {
      const products = useQuery<ProductPage>({
        queryKey: ['products'],
        queryFn: () => new Promise(() => {}),
      });
      return (
        <ProductResults
          products={products}
          page={1}
          onPageChange={() => {}}
          pageHref={(target) => `/products?page=${target}`}
          countRef={null}
        />
      );
    }
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AuthProvider>
            <Loading />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(screen.getByRole('status').textContent).toBe('Loading products');
    expect(container.querySelectorAll('li')).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(container.querySelector('.animate-spin')).toBeNull();
  });
});

describe('ProductResults past the last page', () => {
  test('says the page does not exist, how many there are, and links to the last one', () => {
    renderResults(pastTheEnd(38, 4), 99);

    expect(screen.queryByText('No products found')).toBeNull();
    expect(resultsText()).toBe(
      'Results | 38 products found | Page 99 doesn’t exist | There are 4 pages of products. | Go to page | 4 | Previous | 1 | 2 | 3 | 4 | Next',
    );
    const last = screen.getByRole('link', { name: 'Go to page 4' });
    expect(last.getAttribute('href')).toBe('/products?category=flower&page=4');
  });

  test('one page is worded in the singular', () => {
    renderResults(pastTheEnd(5, 1), 3);

    expect(resultsText()).toBe(
      'Results | 5 products found | Page 3 doesn’t exist | There is 1 page of products. | Go to page | 1',
    );
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe(
      '/products?category=flower&page=1',
    );
  });

  test('an empty list on page 1 is still "No products found"', () => {
    renderResults(
      {
        success: true,
        data: [],
        pagination: { page: 1, limit: 12, total: 0, pages: 0, estimated: false },
        facets: NO_FACET_COUNTS,
      },
      1,
    );

    expect(resultsText()).toBe(
      'Results | 0 products found | No products found | Try another search or category.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
