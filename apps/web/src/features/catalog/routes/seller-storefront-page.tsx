import { SELLERS } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { GroupLots } from '@/features/buyer-groups';
import { isSellerNotFound, storefrontFailureText, storefrontQueryOptions } from '../api/sellers-api.ts';
import { CatalogBrowser } from '../components/catalog-browser.tsx';
import { StorefrontHeader } from '../components/storefront-header.tsx';

/** /sellers/:id: a verified seller's header and their listings, with the catalog's own filters. */
export function SellerStorefrontPage() {
  const { id = '' } = useParams();
  const seller = useQuery(storefrontQueryOptions(id));

  if (seller.isPending) return <PageSpinner label="Loading the seller" />;

  if (seller.isError) {
    const text = storefrontFailureText(seller.error);
    return (
      <PageContainer>
        <DocumentTitle title={text} />
        {isSellerNotFound(seller.error) ? (
          <EmptyState
            title={SELLERS.notFound}
            description="This storefront does not exist or is not open to buyers right now."
            action={<ButtonLink to="/products">Browse all products</ButtonLink>}
          />
        ) : (
          <RetryAlert title={text} onRetry={() => void seller.refetch()} />
        )}
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <StorefrontHeader seller={seller.data} />
      <GroupLots sellerId={seller.data._id} />
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Products from {seller.data.businessName}</h2>
      <CatalogBrowser sellerId={seller.data._id} />
    </PageContainer>
  );
}
