import { type ProfileUpdate, roleForbids, roleMay } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { updateProfile } from './service.ts';

// The profile form as a member saves it (issue 28, decision 205). The business's fields (name,
// phone, license, address) are the company's and need `profile:write`; the sign-in address, the
// contact name and the notification settings are the person's own, whatever their role.

const businessChanged = (business: UserRow, { profile }: ProfileUpdate): boolean =>
  profile.businessName !== business.businessName ||
  profile.phone !== business.phone ||
  profile.licenseNumber !== business.licenseNumber ||
  profile.licenseType !== business.licenseType ||
  profile.address.street !== business.street ||
  profile.address.city !== business.city ||
  profile.address.county !== business.county ||
  profile.address.state !== business.state ||
  profile.address.zipCode !== business.zipCode;

/** Saves the form; answers the business row and the person's row as they now are. */
export async function saveProfile(
  ctx: AppContext,
  auth: SessionUser,
  update: ProfileUpdate,
): Promise<{ user: UserRow; login: UserRow }> {
  const { member } = auth;
  if (member && businessChanged(auth.user, update) && !roleMay(member.role, 'profile:write')) {
    throw new AppError('FORBIDDEN', roleForbids(member.role, 'profile:write'));
  }
  // Admins and the founding login: one row is both, saved as always.
  if (auth.login.id === auth.user.id) {
    const saved = await updateProfile(ctx, auth.user, update);
    return { user: saved, login: saved };
  }
  const user = businessChanged(auth.user, update)
    ? await updateProfile(ctx, auth.user, {
        email: auth.user.email,
        profile: { ...update.profile, contactName: auth.user.contactName },
      })
    : auth.user;
  const login = await updateProfile(ctx, auth.login, {
    email: update.email,
    currentPassword: update.currentPassword,
    notificationSettings: update.notificationSettings,
    notificationEmails: update.notificationEmails,
    profile: {
      ...update.profile,
      businessName: auth.login.businessName,
      phone: auth.login.phone,
      licenseNumber: auth.login.licenseNumber,
      licenseType: auth.login.licenseType,
      address: {
        street: auth.login.street,
        city: auth.login.city,
        county: auth.login.county,
        state: auth.login.state,
        zipCode: auth.login.zipCode,
      },
    },
  });
  return { user, login };
}
