import { MIN_AGE } from '@canopy/shared';
import { Link } from 'react-router';
import { adminEmail } from '@/lib/runtime-config.ts';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Who may use Canopy',
    body: (
      <>
        <p>
          Canopy is a business-to-business marketplace. To open or use an account you must be {MIN_AGE} years
          of age or older and act for a business that holds a valid, active commercial cannabis license issued
          by the State of California.
        </p>
        <p>
          Canopy is not open to consumers. You may not use it to sell to, buy for or otherwise supply anyone
          who is not a licensed operator.
        </p>
      </>
    ),
  },
  {
    title: 'Accounts and verification',
    body: (
      <>
        <p>
          You must give true and complete information when you register, confirm your e-mail address, and keep
          your details up to date. Each new account is reviewed by our team before it can use the marketplace.
        </p>
        <p>
          We check seller licenses against the public license database of the state regulator, the Department
          of Cannabis Control. This check is limited: it confirms only what that database shows at the time we
          look. Buyers remain responsible for confirming that any seller they deal with is properly licensed.
        </p>
        <p>You are responsible for everything done with your account and for keeping your password secret.</p>
      </>
    ),
  },
  {
    title: 'Listings',
    body: (
      <>
        <p>
          Sellers may list only products they are licensed to sell. Every listing must be accurate, must
          describe the product honestly (including quantity, potency and lab testing), and must comply with
          California cannabis law and regulations, including rules on testing, packaging, labelling and
          track-and-trace.
        </p>
        <p>We may edit, deactivate or remove any listing that we believe breaks these terms or the law.</p>
      </>
    ),
  },
  {
    title: 'Transactions between businesses',
    body: (
      <p>
        Canopy introduces licensed businesses to each other. Prices, quantities, delivery and payment are
        agreed directly between buyer and seller, who must carry out every transfer through licensed channels
        as state law requires. Canopy is not a party to those agreements and does not take possession of any
        product.
      </p>
    ),
  },
  {
    title: 'Messages and conduct',
    body: (
      <p>
        Use messages for genuine business enquiries only. Do not send spam, harass other users, share unlawful
        content, or try to get around the marketplace’s verification. We may review messages when
        investigating a report or a suspected breach of these terms.
      </p>
    ),
  },
  {
    title: 'Fees',
    body: (
      <p>
        Fees may apply to some services. We will disclose any fee, and how it is calculated, before it applies
        to you; you will not be charged a fee that was not disclosed to you in advance.
      </p>
    ),
  },
  {
    title: 'Suspension and termination',
    body: (
      <p>
        We may suspend or terminate an account, with or without notice, if its license lapses or cannot be
        verified, if it breaks these terms or the law, or if it puts other users at risk. You may close your
        account at any time by contacting us.
      </p>
    ),
  },
  {
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        Canopy is provided “as is”. We do not guarantee the quality, safety, legality or description of any
        listed product, or the conduct of any user. To the extent the law allows, Canopy is not liable for
        indirect or consequential losses arising from your use of the marketplace or from dealings between
        users.
      </p>
    ),
  },
  {
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the date above shows the latest version, and continued use after a change
        means you accept it. Read our <Link to="/privacy">Privacy Policy</Link> to learn how we handle your
        data. Questions: <a href={`mailto:${adminEmail()}`}>{adminEmail()}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated="June 2025"
      intro={
        <p>
          These terms govern your use of Canopy, a marketplace for licensed California cannabis businesses. By
          creating an account or using the site you agree to them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
