import { ADMIN, TWO_FACTOR } from '@canopy/shared';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TabPanel, Tabs } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { AuditTab } from '../components/audit-tab.tsx';
import { ListingsTab } from '../components/listings-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { UserManagementTab } from '../components/user-management-tab.tsx';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'User Management' },
  { id: 'listings', label: 'Listings' },
  { id: 'audit', label: 'Audit Trail' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const ID_PREFIX = 'admin';

const isTabId = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

export function AdminDashboardPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabId = isTabId(requested) ? requested : 'overview';

  // The route guard already sends non-admins away; this keeps the page safe wherever it is mounted.
  if (user?.role !== 'admin') {
    return (
      <PageContainer>
        <Alert tone="error">{ADMIN.accessDenied}</Alert>
      </PageContainer>
    );
  }

  // The server refuses every admin call until the admin has a second factor (decision 195): say so
  // once, with the way there, instead of four tabs of failures.
  if (!user.twoFactorEnabled) {
    return (
      <PageContainer>
        <PageHeader title="Admin Dashboard" />
        <Alert tone="warning">
          <p>{TWO_FACTOR.adminMustEnrol}</p>
          <p className="mt-2">
            <Link to="/profile?tab=security">Set up two-factor sign-in</Link>
          </p>
        </Alert>
      </PageContainer>
    );
  }

  // The tab lives in the address so a reload or a shared link opens the same tab.
  const selectTab = (next: TabId) =>
    setSearchParams(next === 'overview' ? {} : { tab: next }, { replace: true });

  return (
    <PageContainer>
      <PageHeader
        title="Admin Dashboard"
        description="Approve accounts against the state license registry, moderate listings and review every admin action."
      />
      <Tabs idPrefix={ID_PREFIX} label="Admin sections" tabs={TABS} selected={tab} onSelect={selectTab} />
      <TabPanel idPrefix={ID_PREFIX} id={tab}>
        {tab === 'overview' && <OverviewTab />}
        {tab === 'users' && <UserManagementTab />}
        {tab === 'listings' && <ListingsTab />}
        {tab === 'audit' && <AuditTab />}
      </TabPanel>
    </PageContainer>
  );
}
