import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { TSessionUser } from '@app/common/schemas/auth';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useSignInPath } from './sign-in-link';

/** Renders `children(user)` for a signed-in member; sends everyone else to /auth (and back here once signed in); a spinner while checking. */
export function RequireSession({ children }: { children: (user: TSessionUser) => ReactNode }) {
  const session = useSession();
  const signIn = useSignInPath();
  if (session.loading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label="Checking your session…" />
      </div>
    );
  }
  const user = session.user;
  if (!user) return <Navigate to={signIn} replace />;
  return <>{children(user)}</>;
}
