import { MIN_AGE } from '@canopy/shared';
import { adminEmail } from '@/lib/runtime-config.ts';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';

// Exactly 11 sections (SPEC §1).
const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Information we collect',
    body: (
      <p>
        When you register we collect your business name, contact name, e-mail address, phone number, business
        address, license number and type, and a copy of your license. When you use Canopy we record the
        listings you create, the messages you send and receive, your notification choices, and basic technical
        data such as sign-in times.
      </p>
    ),
  },
  {
    title: 'How we use your information',
    body: (
      <p>
        We use it to run the marketplace: to verify and approve accounts, show your listings and business name
        to other licensed users, deliver messages, send the e-mails you asked for, keep the service secure,
        and meet our legal obligations.
      </p>
    ),
  },
  {
    title: 'License documents',
    body: (
      <p>
        The license copy you upload is used only to review your account. It is visible to you and to Canopy
        administrators, never to other users, and is stored with access controls.
      </p>
    ),
  },
  {
    title: 'Sharing your information',
    body: (
      <p>
        Other verified users see your business name, license type, verification status and your listings. We
        do not sell your personal information. We share data with service providers that host and operate
        Canopy on our behalf, and with authorities when the law requires it.
      </p>
    ),
  },
  {
    title: 'Messages',
    body: (
      <p>
        Messages are visible to their sender and recipient. We do not read them in the normal course of
        business, but we may review them when investigating a report, a security issue or a breach of our
        terms.
      </p>
    ),
  },
  {
    title: 'Cookies and local storage',
    body: (
      <p>
        Canopy keeps your sign-in token and a few display preferences (for example, a dismissed notice) in
        your browser’s local storage. We do not use advertising cookies or third-party trackers.
      </p>
    ),
  },
  {
    title: 'Data retention',
    body: (
      <p>
        We keep account data while your account is open and for as long afterwards as needed to meet legal,
        tax and regulatory record-keeping duties or to resolve disputes. Then we delete or anonymise it.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, sign-in tokens can be revoked at any time, and
        uploaded files are checked by their content, not their name. No system is perfectly secure; tell us at
        once if you suspect your account has been misused.
      </p>
    ),
  },
  {
    title: 'Your rights, including California privacy rights',
    body: (
      <p>
        You can see and correct most of your information on your profile page. California residents may also
        ask to know what personal information we hold about them, to have it deleted or corrected, and to
        limit its use, and will not be treated differently for doing so. Write to us to make a request; we may
        need to confirm your identity first.
      </p>
    ),
  },
  {
    title: 'Children',
    body: (
      <p>
        Canopy is only for people aged {MIN_AGE} and over acting for licensed businesses. We do not knowingly
        collect information from anyone younger, and we delete it if we learn that we have.
      </p>
    ),
  },
  {
    title: 'Changes to this policy and contact',
    body: (
      <p>
        We may update this policy and will show the new date above; significant changes will also be announced
        by e-mail. Questions or requests: <a href={`mailto:${adminEmail()}`}>{adminEmail()}</a>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated="June 2025"
      intro={
        <p>
          This policy explains what information Canopy collects from the licensed businesses that use it, why,
          and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
