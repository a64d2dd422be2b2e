import { useSearchParams } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { PaymentList } from '../features/account/PaymentList';
import { RequestLinkForm } from '../features/account/RequestLinkForm';
import { Statements } from '../features/account/Statements';
import { useReceipts } from '../features/account/use-account';

function ReceiptsList({ token }: { token: string }) {
  const q = useReceipts(token);
  if (q.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label="Loading your payments…" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-700/25 bg-red-50 p-4 text-red-800" data-testid="link-refused">
        {q.error.message}
      </p>
    );
  }
  const first = q.data.pages[0]!;
  return (
    <>
      <p className="text-slate-700">
        Payments made with <strong>{first.email}</strong>. This link works until {new Date(first.expires_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}.
      </p>
      <section aria-labelledby="payments-title" className="flex flex-col gap-3">
        <h2 id="payments-title" className="font-display text-xl font-semibold text-ink-900">
          Your payments
        </h2>
        <PaymentList payments={q.data.pages.flatMap((p) => p.page.payments)} token={token} />
        {q.hasNextPage ? (
          <Button type="button" variant="secondary" className="self-start" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? 'Loading…' : 'Show more payments'}
          </Button>
        ) : null}
      </section>
      <Statements years={first.statement_years} token={token} />
    </>
  );
}

/** Why a monthly receipt's "Manage or cancel" link brought the person here instead of to the payment provider. */
const MANAGE_PROBLEMS = {
  invalid: 'This "Manage or cancel" link is not valid or has expired. Every monthly receipt carries a new one; you can also ask below for a link to your receipts.',
  unavailable: 'We could not open the page to manage your monthly gift just now. Please try the link in your receipt again in a few minutes.',
} as const;

/** /receipts?token=…: a payer's payments and receipts by the signed link their receipt mail carries; a new link by e-mail. */
export default function Receipts() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const manage = params.get('manage');
  return (
    <>
      <title>{pageTitle('Your receipts')}</title>
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
        <h1 className="font-display text-3xl font-semibold text-ink-900">Your payments and receipts</h1>
        {manage ? (
          <p role="alert" className="rounded-lg border border-red-700/25 bg-red-50 p-4 text-red-800" data-testid="manage-link-problem">
            {MANAGE_PROBLEMS[manage === 'invalid' ? 'invalid' : 'unavailable']}
          </p>
        ) : null}
        {token ? <ReceiptsList token={token} /> : <p className="text-slate-700">Open the link in your receipt e-mail, or ask for a new one below.</p>}
        <RequestLinkForm />
      </div>
    </>
  );
}
