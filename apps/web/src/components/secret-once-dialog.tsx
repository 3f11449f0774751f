import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';

// A secret the server shows only once (an API key, a webhook's signing secret): a warning that it
// will not be shown again, the secret to read or copy, and one button to close.

export interface SecretOnceTexts {
  warning: string;
  copy: string;
  copied: string;
  done: string;
}

export function SecretOnceDialog({
  title,
  secret,
  texts,
  testId,
  onClose,
  children,
}: {
  title: string;
  secret: string;
  texts: SecretOnceTexts;
  /** The secret's test id, for the journeys that read it. */
  testId: string;
  onClose: () => void;
  /** What the secret is for, above the warning. */
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }
  return (
    <Dialog open onClose={onClose} title={title} footer={<Button onClick={onClose}>{texts.done}</Button>}>
      <div className="space-y-4">
        {children}
        <Alert tone="warning">{texts.warning}</Alert>
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid={testId} className="min-w-0 flex-1 break-all rounded bg-slate-100 p-2 text-xs">
            {secret}
          </code>
          <Button size="sm" variant="secondary" onClick={copy}>
            {copied ? texts.copied : texts.copy}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
