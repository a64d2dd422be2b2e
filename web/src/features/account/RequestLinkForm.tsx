import { useState, type FormEvent } from 'react';
import { accountApi } from '@app/common/api/account';
import { ZReceiptsLinkRequest } from '@app/common/schemas/account';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { call } from '../../lib/api';
import { useAction } from '../../lib/use-action';

/** Asks for a new receipts link by e-mail: it is mailed to the address, never shown here. */
export function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [send, sending] = useAction(
    async () => {
      const parsed = ZReceiptsLinkRequest.safeParse({ email });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
        return;
      }
      setError(null);
      setSent((await call(accountApi.receiptsLink, { body: parsed.data })).message);
    },
    { message: (err) => (err instanceof Error ? err.message : 'The link could not be sent. Please try again.') },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="request-link-title">
      <h2 id="request-link-title" className="font-display text-xl font-semibold text-ink-900">
        Get a new link
      </h2>
      <p className="text-sm text-slate-700">Enter the e-mail address you paid with; we will send a link to your payments and receipts there.</p>
      <Field label="E-mail address" error={error}>
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? 'Sending…' : 'E-mail me a link'}
      </Button>
      {sent ? (
        <p role="status" className="text-sm text-green-800" data-testid="link-sent">
          {sent}
        </p>
      ) : null}
    </form>
  );
}
