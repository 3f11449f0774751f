import type { UserDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmailAddress } from '@/components/email-address.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatPacificDate, formatPacificTime } from '@/lib/time.ts';
import { adminUserDetailsQueryOptions } from '../api/admin-api.ts';
import { openLicenseDocument } from '../api/open-license-document.ts';
import { Detail, DetailList } from './detail-list.tsx';
import { LicenseVerdictView } from './license-verdict.tsx';
import { ProfileChangeReview } from './profile-change-review.tsx';
import { DuplicateHolders } from './status-change-dialog.tsx';
import { UserStatusActions, UserStatusBadge } from './user-status.tsx';

function formatAddress(address: UserDto['profile']['address'] | undefined): string {
  if (!address) return '';
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine, address.county && `${address.county} County`].filter(Boolean).join(' · ');
}

function AccountDetails({ user }: { user: UserDto }) {
  return (
    <DetailList>
      <Detail label="Email" value={<EmailAddress address={user.email} />} />
      <Detail label="Email verified" value={user.emailVerified ? 'Yes' : 'No'} />
      <Detail label="Role" value={user.role} />
      <Detail label="Contact name" value={user.profile?.contactName} />
      <Detail label="Phone" value={user.profile?.phone} />
      <Detail label="License type" value={user.profile?.licenseType} />
      <Detail label="Address" value={formatAddress(user.profile?.address)} />
      <Detail label="Joined" value={formatPacificDate(user.createdAt)} />
      <Detail label="Last sign-in" value={user.lastLogin ? formatPacificTime(user.lastLogin) : 'Never'} />
    </DetailList>
  );
}

function LicenseDocumentButton({ path }: { path: string | null | undefined }) {
  const [opening, setOpening] = useState(false);
  if (!path) return <p className="text-slate-600">No license document on file.</p>;

  const viewDocument = async () => {
    setOpening(true);
    await openLicenseDocument(path);
    setOpening(false);
  };
  return (
    <Button variant="secondary" isLoading={opening} onClick={() => void viewDocument()}>
      View license document
    </Button>
  );
}

const useUserDetails = (userId: string) => useQuery(adminUserDetailsQueryOptions(userId));

/** The registry check loads with the details; the account itself is already known from the list. */
function LicenseCheck({ details }: { details: ReturnType<typeof useUserDetails> }) {
  if (details.isPending) return <Spinner label="Checking the license against the state registry" />;
  if (details.isError) {
    return (
      <Alert tone="error">
        <p>The license check could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      <LicenseVerdictView
        verdict={details.data.license}
        businessName={details.data.user.profile.businessName}
      />
      <DuplicateHolders holders={details.data.license.duplicates} />
      {details.data.user.role === 'seller' && (
        <p className="text-slate-700">Listings in the catalog now: {details.data.catalogListings}</p>
      )}
    </div>
  );
}

function UserDetails({ listed }: { listed: UserDto }) {
  const details = useUserDetails(listed._id);
  // The fetched account is the fresher one (it follows status changes made in this dialog).
  const user = details.data?.user ?? listed;
  return (
    <div className="space-y-5 text-sm">
      <UserStatusBadge status={user.status} />
      {/* The license comes first: it is what an approval rests on. */}
      {details.data?.pendingProfileChange && (
        <section aria-labelledby="profile-change-heading" className="space-y-3">
          <h3 id="profile-change-heading" className="text-base font-semibold text-slate-900">
            Requested profile change
          </h3>
          <ProfileChangeReview user={user} change={details.data.pendingProfileChange} />
        </section>
      )}
      {user.role !== 'admin' && (
        <section aria-labelledby="license-check-heading" className="space-y-3">
          <h3 id="license-check-heading" className="text-base font-semibold text-slate-900">
            State license registry
          </h3>
          <LicenseCheck details={details} />
          <LicenseDocumentButton path={user.profile?.licenseDocument} />
        </section>
      )}
      <section aria-labelledby="account-heading" className="space-y-3 border-t border-slate-200 pt-4">
        <h3 id="account-heading" className="text-base font-semibold text-slate-900">
          Account
        </h3>
        <AccountDetails user={user} />
      </section>
    </div>
  );
}

interface UserDetailsDialogProps {
  /** The user as the list shows it; null when the dialog is closed. */
  user: UserDto | null;
  onClose: () => void;
}

/** A user's account, the registry's verdict on their license, and the status actions beside it. */
export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user?.profile?.businessName || user?.email || 'User details'}
      footer={user && <CurrentStatusActions listed={user} />}
    >
      {user && <UserDetails listed={user} />}
    </Dialog>
  );
}

/** Reads the same cached details as the body, so the actions follow the status it shows. */
function CurrentStatusActions({ listed }: { listed: UserDto }) {
  const details = useUserDetails(listed._id);
  return <UserStatusActions user={details.data?.user ?? listed} />;
}
