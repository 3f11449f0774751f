import type { UserDto } from '@canopy/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../../lib/auth/session-context.tsx';

/** SPEC: the welcome uses the business name, else the contact name, else "Seller". */
export function sellerWelcomeName(user: UserDto | null): string {
  return user?.profile?.businessName || user?.profile?.contactName || 'Seller';
}

export function SellerDashboardPage() {
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageHeader title="Seller Dashboard" description={`Welcome back, ${sellerWelcomeName(user)}`} />
      <EmptyState title="No active listings" description="Your product listings will appear here." />
    </PageContainer>
  );
}
