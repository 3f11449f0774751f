import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ListingForm } from '../listing-form/listing-form.tsx';

export function CreateListingPage() {
  return (
    <PageContainer width="medium">
      <PageHeader title="Create New Listing" description="List a product lot for licensed buyers." />
      <ListingForm />
    </PageContainer>
  );
}
