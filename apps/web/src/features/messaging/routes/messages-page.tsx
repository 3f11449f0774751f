import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../../lib/auth/session-context.tsx';
import { MESSAGES_PAGE } from '../../../lib/texts.ts';

export function MessagesPage() {
  const { user } = useAuth();

  return (
    <PageContainer>
      <PageHeader
        title="Messages"
        description="Private conversations with other businesses about their listings."
      />
      {user ? (
        <EmptyState
          title={MESSAGES_PAGE.noActiveConversations}
          description="Start a conversation from any product page with “I’m Interested”."
          action={<ButtonLink to="/products">Browse Products</ButtonLink>}
        />
      ) : (
        <Alert tone="warning">
          <p>{MESSAGES_PAGE.signedOut}</p>
          <ButtonLink to="/login" size="sm" className="mt-3">
            Sign In
          </ButtonLink>
        </Alert>
      )}
    </PageContainer>
  );
}
