import { Alert } from '@/components/ui/alert.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { Messenger } from '../components/messenger.tsx';
import { MESSAGES_PAGE } from '../texts.ts';

/** /messages. The route is protected; the signed-out notice covers reaching it without a session anyway. */
export function MessagesPage() {
  const { user } = useAuth();

  return (
    <PageContainer>
      <PageHeader title={MESSAGES_PAGE.title} description={MESSAGES_PAGE.description} />
      {user ? (
        <Messenger userId={user._id} />
      ) : (
        <Alert tone="warning">
          <p>{MESSAGES_PAGE.signedOut}</p>
          <ButtonLink to="/login" size="sm" className="mt-3">
            {MESSAGES_PAGE.signIn}
          </ButtonLink>
        </Alert>
      )}
    </PageContainer>
  );
}
