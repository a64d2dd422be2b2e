import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { ClaimPanel } from '../features/account/ClaimPanel';
import { Holdings } from '../features/account/Holdings';
import { PaymentList } from '../features/account/PaymentList';
import { Statements } from '../features/account/Statements';
import { useAccount } from '../features/account/use-account';
import { ManageMonthlyGiving } from '../features/payments/ManageMonthlyGiving';
import { RequireSession } from '../features/auth/RequireSession';
import { useLoadErrorToast } from '../lib/use-action';

function AccountPage() {
  const { overview, payments, next, loadMore, loadingMore } = useAccount(true);
  useLoadErrorToast(overview, { message: 'Your account could not be loaded', id: 'account-load' });
  const data = overview.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-ink-900">Your account</h1>
        <p className="mt-1 text-slate-700">Every payment you made, your ADX holdings and your receipts.</p>
      </div>
      {!data ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading your account…" />
        </div>
      ) : (
        <>
          <ClaimPanel claimable={data.claimable} email={data.email} />
          <Holdings h={data.holdings} />
          <ManageMonthlyGiving />
          <section aria-labelledby="payments-title" className="flex flex-col gap-3">
            <h2 id="payments-title" className="font-display text-xl font-semibold text-ink-900">
              Your payments
            </h2>
            <PaymentList payments={payments} />
            {next ? (
              <Button type="button" variant="secondary" className="self-start" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? 'Loading…' : 'Show more payments'}
              </Button>
            ) : null}
          </section>
          <Statements years={data.statement_years} />
        </>
      )}
    </div>
  );
}

/** /account: the signed-in member's payments, holdings, receipts and statements. */
export default function Account() {
  return (
    <>
      <title>{pageTitle('Your account')}</title>
      <RequireSession>{() => <AccountPage />}</RequireSession>
    </>
  );
}
