import { COMPANY } from '@canopy/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { failureText } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { notify } from '@/lib/toast.ts';
import { acceptInvitation } from '../api/company-api.ts';
import { ACCEPT_PAGE as TEXT } from '../texts.ts';

/**
 * /accept-invitation?token=…: a new person chooses a name and a password; someone already signed
 * in (an account that is a business of one with nothing in it yet) accepts with one button.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, startSession } = useAuth();
  const navigate = useNavigate();
  const [contactName, setContactName] = useState('');
  const [password, setPassword] = useState('');
  const accept = useMutation({
    mutationFn: () => acceptInvitation(user ? { token } : { token, contactName, password }),
    onSuccess: async (answer) => {
      startSession(answer.data.token, answer.data.user);
      notify.success(answer.message);
      await navigate('/company', { replace: true });
    },
  });
  const problem = accept.error ? failureText(accept.error, COMPANY.acceptFailed) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    accept.mutate();
  }

  return (
    <PageContainer width="narrow">
      <PageHeader title={TEXT.title} />
      <Card className="p-4 sm:p-6">
        {!token ? (
          <Alert tone="error">{TEXT.missingToken}</Alert>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            {user ? (
              <p className="text-sm text-slate-700">{TEXT.signedIn(user.email)}</p>
            ) : (
              <>
                <p className="text-sm text-slate-700">{TEXT.newLogin}</p>
                <FormField id="accept-name" label={TEXT.contactName} required>
                  {(control) => (
                    <Input
                      {...control}
                      autoComplete="name"
                      value={contactName}
                      onChange={(event) => setContactName(event.target.value)}
                    />
                  )}
                </FormField>
                <FormField id="accept-password" label={TEXT.password} required>
                  {(control) => (
                    <Input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                  )}
                </FormField>
              </>
            )}
            {problem && <Alert tone="error">{problem}</Alert>}
            <Button type="submit" className="w-full" isLoading={accept.isPending}>
              {user ? TEXT.join : TEXT.create}
            </Button>
          </form>
        )}
      </Card>
    </PageContainer>
  );
}
