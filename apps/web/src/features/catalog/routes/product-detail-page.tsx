import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { DocumentTitle } from '../../../components/ui/page-header.tsx';

export function ProductDetailPage() {
  return (
    <PageContainer>
      <DocumentTitle title="Product" />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <ol className="flex flex-wrap gap-2 text-slate-600">
          <li>
            <Link to="/">Home</Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link to="/products">Products</Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">Product</li>
        </ol>
      </nav>
      <h1 className="sr-only">Product</h1>
      <EmptyState
        title="Product details are not available yet"
        action={<ButtonLink to="/products">Back to Product Listings</ButtonLink>}
      />
    </PageContainer>
  );
}
