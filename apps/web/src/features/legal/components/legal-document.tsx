import type { ReactNode } from 'react';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A numbered legal text with a table of contents; each section is linkable by its anchor. */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <PageContainer width="medium">
      <PageHeader title={title} description={`Last updated: ${lastUpdated}`} />
      <div className="space-y-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm sm:p-8">
        <div className="space-y-3">{intro}</div>
        <nav aria-label="Contents">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${anchor(index)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="space-y-8">
          {sections.map((section, index) => (
            <li key={section.title} id={anchor(index)} className="scroll-mt-6">
              <h2 className="text-lg font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed">{section.body}</div>
            </li>
          ))}
        </ol>
      </div>
    </PageContainer>
  );
}
