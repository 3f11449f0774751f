import type { UserDto } from '@canopy/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatPacificDate, formatPacificTime } from '../../../lib/time.ts';
import { openLicenseDocument } from '../api/open-license-document.ts';
import { UserStatusActions, UserStatusBadge } from './user-status.tsx';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value || '—'}</dd>
    </>
  );
}

function formatAddress(address: UserDto['profile']['address'] | undefined): string {
  if (!address) return '';
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine, address.county && `${address.county} County`].filter(Boolean).join(' · ');
}

interface UserDetailsDialogProps {
  user: UserDto | null;
  onClose: () => void;
  onUpdated: (user: UserDto) => void;
}

export function UserDetailsDialog({ user, onClose, onUpdated }: UserDetailsDialogProps) {
  const [opening, setOpening] = useState(false);
  const documentPath = user?.profile?.licenseDocument;

  const viewDocument = async (path: string) => {
    setOpening(true);
    await openLicenseDocument(path);
    setOpening(false);
  };

  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user?.profile?.businessName || user?.email || 'User details'}
      footer={user && <UserStatusActions user={user} onUpdated={onUpdated} />}
    >
      {user && (
        <div className="space-y-5 text-sm">
          <UserStatusBadge status={user.status} />
          <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-[9rem_1fr] sm:gap-y-2">
            <Detail label="Email" value={user.email} />
            <Detail label="Email verified" value={user.emailVerified ? 'Yes' : 'No'} />
            <Detail label="Role" value={user.role} />
            <Detail label="Contact name" value={user.profile?.contactName} />
            <Detail label="Phone" value={user.profile?.phone} />
            <Detail label="License number" value={user.profile?.licenseNumber} />
            <Detail label="License type" value={user.profile?.licenseType} />
            <Detail label="Address" value={formatAddress(user.profile?.address)} />
            <Detail label="Joined" value={formatPacificDate(user.createdAt)} />
            <Detail
              label="Last sign-in"
              value={user.lastLogin ? formatPacificTime(user.lastLogin) : 'Never'}
            />
          </dl>
          {documentPath ? (
            <Button variant="secondary" isLoading={opening} onClick={() => void viewDocument(documentPath)}>
              View license document
            </Button>
          ) : (
            <p className="text-slate-600">No license document on file.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
