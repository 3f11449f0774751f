import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ComplianceNotice } from '../components/compliance-notice.tsx';

export function ProductsPage() {
  return (
    <PageContainer>
      <PageHeader title="Product Listings" description="Product lots from licensed California sellers." />
      <ComplianceNotice />
      <div className="mt-8">
        <EmptyState
          title="No products to show"
          description="Browsing and searching listings is not available on this page yet."
        />
      </div>
    </PageContainer>
  );
}
