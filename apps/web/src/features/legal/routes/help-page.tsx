import { MIN_AGE } from '@canopy/shared';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { DCC_LICENSE_SEARCH } from '@/lib/external-links.ts';
import { adminEmail } from '@/lib/runtime-config.ts';

const TOPICS = [
  {
    id: 'getting-started',
    title: 'Getting started',
    body: (
      <p>
        <Link to="/account-type-selection">Create an account</Link> as a buyer or a seller, upload a copy of
        your state license, and confirm your e-mail address with the link we send you. You must be {MIN_AGE}{' '}
        or older and act for a licensed California cannabis business.
      </p>
    ),
  },
  {
    id: 'account-review',
    title: 'Account review',
    body: (
      <p>
        Our team reviews every new account, usually within 24-48 hours on business days, and e-mails you once
        yours is approved. Until then you can sign in and browse, but sellers cannot list products yet.
      </p>
    ),
  },
  {
    id: 'checking-licenses',
    title: 'Checking a seller’s license',
    body: (
      <p>
        We compare seller licenses with the Department of Cannabis Control’s records, but our check is
        limited. Before you buy, look the seller up yourself in the{' '}
        <a href={DCC_LICENSE_SEARCH} rel="noopener noreferrer" target="_blank">
          DCC license search
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
    ),
  },
] as const;

export function HelpPage() {
  const support = adminEmail();
  return (
    <PageContainer width="medium">
      <PageHeader
        title="Help & contact"
        description="Answers to common questions, and how to reach the Canopy team."
      />
      <div className="space-y-4">
        {TOPICS.map((topic) => (
          <Card key={topic.id} className="p-6">
            <section
              id={topic.id}
              aria-labelledby={`${topic.id}-title`}
              className="scroll-mt-6 text-slate-700"
            >
              <h2 id={`${topic.id}-title`} className="mb-2 text-lg font-semibold text-slate-900">
                {topic.title}
              </h2>
              {topic.body}
            </section>
          </Card>
        ))}
        <Card className="p-6">
          <section id="contact" aria-labelledby="contact-title" className="scroll-mt-6 text-slate-700">
            <h2 id="contact-title" className="mb-2 text-lg font-semibold text-slate-900">
              Contact us
            </h2>
            <p>
              Write to <a href={`mailto:${support}`}>{support}</a> about your account, a listing, or anything
              else. Please include your business name.
            </p>
          </section>
        </Card>
      </div>
    </PageContainer>
  );
}
