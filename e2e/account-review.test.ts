import { ADMIN, REVIEW } from '@canopy/shared';
import { expect, test } from 'vitest';
import { adminOnDashboard, auditRow, openAdminTab } from './support/admin.ts';
import { useJourney } from './support/browser.ts';
import { latestMail } from './support/mail.ts';
import { newRegistration, registerThroughApi } from './support/registration.ts';

// Issue 10: the verdict comes before the approval, the approval of a mismatch needs a reason, and
// the reason reaches the audit trail and the trader's e-mail.

const journey = useJourney();

test('a mismatched registrant shows its verdict in the list; approving asks for a reason that reaches the trail and the e-mail', async () => {
  // Registered with a testing laboratory's license: found and active, but not this business's name.
  const seller = { ...newRegistration('seller'), licenseNumber: 'C8-0000042-LIC' };
  await registerThroughApi(journey.server.baseUrl, seller);

  const admin = await journey.newPage();
  await adminOnDashboard(admin);
  await openAdminTab(admin, 'User Management');
  await admin.getByLabel('License check', { exact: true }).selectOption({ label: 'Name does not match' });
  const row = admin.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: seller.email });
  await row.getByText('Name does not match', { exact: true }).waitFor();
  await row.getByText(/^Registry: Active · no name match \(0\.\d\d\)$/).waitFor();

  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirmation = admin.getByRole('dialog', { name: `Approve ${seller.businessName}?` });
  await confirmation.getByText('License check: not clear', { exact: true }).waitFor();
  await confirmation.getByText('Name does not match', { exact: true }).waitFor();
  // No reason: the approval is not sent.
  await confirmation.getByRole('button', { name: 'Approve account', exact: true }).click();
  await confirmation.getByText(REVIEW.reasonRequired, { exact: true }).waitFor();

  await confirmation
    .getByLabel('Reason', { exact: true })
    .selectOption('License checked with the regulator directly');
  await confirmation
    .getByLabel('Details', { exact: true })
    .fill('Trades under the lab brand; confirmed by phone');
  await confirmation.getByRole('button', { name: 'Approve account', exact: true }).click();
  await admin.getByText(ADMIN.statusUpdated('verified'), { exact: true }).first().waitFor();
  await confirmation.waitFor({ state: 'hidden' });

  const reason =
    'License checked with the regulator directly — Trades under the lab brand; confirmed by phone';
  await openAdminTab(admin, 'Audit Trail');
  const entry = auditRow(admin, 'Changed status', seller.email);
  await entry.getByText(reason, { exact: true }).waitFor();
  await entry.getByText(/^License check at the time: Name does not match\./).waitFor();

  const mail = await latestMail(journey.server.dataDir, seller.email, { subject: /approved/i });
  expect(mail.text).toContain(`Reason given by the Canopy team: “${reason}”`);
});
