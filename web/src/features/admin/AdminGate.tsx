import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useSignInPath } from '../auth/sign-in-link';
import { LedgerAlarmBanner } from './LedgerAlarmBanner';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold text-ink-900">{title}</h1>
      {children}
    </section>
  );
}

/**
 * Shows `children` to admins only, with the spec's texts for the others (§2 "Token admin"): signed out 'Admin
 * Authentication Required' with 'Go to Login'; signed in without the role 'Access Denied' with their e-mail. This is
 * only the screen: the API refuses non-admins on its own.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { loading, user, isAdmin } = useSession();
  const signInPath = useSignInPath();
  if (loading) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner size="lg" label="Checking your access…" />
      </div>
    );
  }
  if (!user) {
    return (
      <Panel title="Admin Authentication Required">
        <p className="text-slate-700">Please sign in with an admin account to continue.</p>
        <Link to={signInPath} className={buttonClasses({ variant: 'secondary' })}>
          Go to Login
        </Link>
      </Panel>
    );
  }
  if (!isAdmin) {
    return (
      <Panel title="Access Denied">
        <p className="text-slate-700">Admin privileges required to access this page</p>
        <p className="text-sm text-slate-600" data-testid="denied-identity">
          Signed in as {user.email ?? user.username}
        </p>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Back to Home
        </Link>
      </Panel>
    );
  }
  return (
    <>
      <LedgerAlarmBanner />
      {children}
    </>
  );
}
