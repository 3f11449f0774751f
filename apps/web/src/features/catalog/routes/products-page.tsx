import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SaveSearchButton } from '@/features/saved-searches';
import { CatalogBrowser } from '../components/catalog-browser.tsx';
import { ComplianceNotice } from '../components/compliance-notice.tsx';

export function ProductsPage() {
  return (
    <PageContainer>
      <PageHeader title="Product Listings" description="Product lots from licensed California sellers." />
      <div className="space-y-4 md:space-y-6">
        <ComplianceNotice />
        <CatalogBrowser actions={<SaveSearchButton />} />
      </div>
    </PageContainer>
  );
}
