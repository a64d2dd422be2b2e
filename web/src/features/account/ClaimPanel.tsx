import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountApi } from '@app/common/api/account';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { call } from '../../lib/api';
import { useAction } from '../../lib/use-action';

/**
 * Payments made signed out with the member's address: a button mails a claim link to that address, and opening the
 * link (this page with ?claim=) adds them. Nothing is added on the member's word alone.
 */
export function ClaimPanel({ claimable, email }: { claimable: number; email: string | null }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const token = params.get('claim');
  const started = useRef(false);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    call(accountApi.confirmClaim, { body: { token } })
      .then(({ claimed }) => {
        toast({ title: 'Payments added', description: claimed === 1 ? 'One payment was added to your account.' : `${claimed} payments were added to your account.`, variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['account'] });
      })
      .catch((err: Error) => toast({ title: 'Not added', description: err.message, variant: 'destructive' }))
      .finally(() => setParams({}, { replace: true }));
  }, [token, queryClient, setParams]);

  const [ask, asking] = useAction(async () => setSent((await call(accountApi.claim)).message), { message: (err) => (err instanceof Error ? err.message : 'The link could not be sent.') });
  if (!claimable || !email) return null;
  return (
    <section aria-labelledby="claim-title" className="rounded-lg border border-gold-600/40 bg-gold-50 p-4">
      <h2 id="claim-title" className="font-semibold text-ink-900">
        {claimable === 1 ? 'One payment' : `${claimable} payments`} made with {email} while signed out
      </h2>
      <p className="mt-1 text-sm text-slate-700">We will e-mail a link to {email}; open it while signed in to add them here.</p>
      <Button type="button" className="mt-3" disabled={asking} onClick={() => void ask()}>
        {asking ? 'Sending…' : 'E-mail me the link'}
      </Button>
      {sent ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          {sent}
        </p>
      ) : null}
    </section>
  );
}
