import { PROFILE } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { TabPanel, Tabs } from '@/components/ui/tabs.tsx';
import { NetworkError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { profileQueryOptions } from '../api/profile-api.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { NotificationSettingsForm } from '../components/notification-settings-form.tsx';
import { ProfileInformationForm } from '../components/profile-information-form.tsx';
import { TwoFactorSettings } from '../components/two-factor-settings.tsx';

const TABS = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'notifications', label: 'Email Notifications' },
  { id: 'password', label: 'Change Password' },
  { id: 'security', label: 'Security' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const ID_PREFIX = 'profile-settings';

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

function ProfileSettings() {
  // ?tab=security opens a tab directly (the admin screens link to it).
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const [tab, setTab] = useState<TabId>(isTab(asked) ? asked : 'profile');
  const profile = useQuery(profileQueryOptions());

  if (profile.isPending) return <PageSpinner label="Loading your profile…" />;
  if (profile.isError) {
    return (
      <Alert tone="error">
        <p>{profile.error instanceof NetworkError ? PROFILE.loadNetwork : PROFILE.loadFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const user = profile.data;
  return (
    <>
      <Tabs idPrefix={ID_PREFIX} label="Profile settings" tabs={TABS} selected={tab} onSelect={setTab} />
      <Card className="p-6 sm:p-8">
        <TabPanel idPrefix={ID_PREFIX} id={tab}>
          {tab === 'profile' && (
            // A requested e-mail change starts the form afresh: it shows the sign-in address, which
            // stays the confirmed one until the mailed link is opened, and forgets the password.
            <ProfileInformationForm key={user.pendingEmail ?? user.email} user={user} />
          )}
          {tab === 'notifications' && <NotificationSettingsForm user={user} />}
          {tab === 'password' && <ChangePasswordForm />}
          {tab === 'security' && <TwoFactorSettings user={user} />}
        </TabPanel>
      </Card>
    </>
  );
}

export function ProfilePage() {
  const { user } = useAuth();
  return (
    <PageContainer width="medium">
      <PageHeader
        title="Profile Settings"
        description="Your business details, e-mail preferences, password and two-factor sign-in."
      />
      {user ? (
        <ProfileSettings />
      ) : (
        <Alert tone="warning">
          {PROFILE.loginRequired} <Link to="/login?redirect=/profile">Sign in</Link>
        </Alert>
      )}
    </PageContainer>
  );
}
