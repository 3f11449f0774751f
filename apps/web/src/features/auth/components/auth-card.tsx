import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: 'narrow' | 'medium';
}

/** The centred card every sign-in, sign-up and recovery screen uses. */
export function AuthCard({ title, description, children, footer, width = 'narrow' }: AuthCardProps) {
  return (
    <PageContainer width={width}>
      <DocumentTitle title={title} />
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
        <div className="mt-6">{children}</div>
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </PageContainer>
  );
}
