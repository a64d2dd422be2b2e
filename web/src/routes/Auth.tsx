import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '@app/common/domain/return-path';
import { SIGN_IN_ERRORS, ZDevSignIn, type SignInErrorCode } from '@app/common/schemas/auth';
import { pageTitle, PRODUCT_NAME } from '../components/brand';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { DISCORD_SIGN_IN_PATH, authApi } from '@app/common/api/auth';
import { ApiError, call } from '../lib/api';
import { announceAuthChange, useRefreshSession, useSession } from '../lib/session';

function DiscordMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="currentColor">
      <path d="M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.5 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2a12.9 12.9 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4-2 1 1.3 2a19.8 19.8 0 0 0 6-3c.5-5.2-.9-9.7-3.6-13.7ZM8 15.4c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.6 8 10.6s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z" />
    </svg>
  );
}

/** Local stand-in for Discord (only offered when the server has no Discord app configured). */
function DevSignIn({ returnTo, onSignedIn }: { returnTo: string | null; onSignedIn: (redirectTo: string) => void }) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ username?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshSession();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZDevSignIn.safeParse({ username, ...(email.trim() ? { email: email.trim() } : {}), ...(returnTo ? { returnTo } : {}) });
    if (!parsed.success) {
      const next: { username?: string; email?: string } = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'username' | 'email'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await call(authApi.devSignIn, { body: parsed.data });
      onSignedIn(result.redirectTo);
      announceAuthChange();
      await refresh();
    } catch (err) {
      console.error('Dev sign-in failed', err);
      toast({ title: 'Error', description: err instanceof ApiError && err.statusCode === 429 ? err.message : SIGN_IN_ERRORS.unexpected, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4 rounded-lg border border-dashed border-gold-600/50 bg-gold-50 p-4" aria-label="Development sign-in">
      <p className="text-sm text-slate-700">
        <strong className="font-semibold text-ink-900">Development sign-in.</strong> Discord is not configured on this server, so you can sign in
        with any username. This is refused in production.
      </p>
      <Field label="Username" error={errors.username} required>
        <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" placeholder="e.g. amara_okafor" />
      </Field>
      <Field label="E-mail (optional)" error={errors.email}>
        <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" placeholder="you@example.org" />
      </Field>
      <Button type="submit" variant="secondary" loading={busy} className="w-full">
        Sign in as this member
      </Button>
    </form>
  );
}

/**
 * /auth: the sign-in card. `?returnTo=<path>` names the page that sent the visitor here; both ways in come back to it
 * (checked here and again by the server). Signed-in members go there, else to /community.
 */
export default function Auth() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const [showDev, setShowDev] = useState(false);
  const [redirectTo, setRedirectTo] = useState(returnTo ?? '/community');
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: ({ signal }) => call(authApi.providers, {}, signal), staleTime: Infinity });

  useEffect(() => {
    const code = params.get('error');
    if (!code) return;
    const message = SIGN_IN_ERRORS[code as SignInErrorCode] ?? SIGN_IN_ERRORS.unexpected;
    console.error('Sign-in failed:', code);
    toast({ title: 'Sign-in failed', description: message, variant: 'destructive', id: 'sign-in-error' });
    setParams(
      (p) => {
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);

  if (session.loading || providers.isPending) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center bg-paper">
        <Spinner size="lg" label="Checking your session…" />
      </div>
    );
  }
  if (session.user) return <Navigate to={redirectTo} replace />;

  const product = providers.data?.productName ?? PRODUCT_NAME;
  function login() {
    if (providers.data?.discord) window.location.assign(`${DISCORD_SIGN_IN_PATH}${returnTo ? `?${new URLSearchParams({ returnTo })}` : ''}`);
    else if (providers.data?.dev) setShowDev(true);
    else toast({ title: 'Error', description: SIGN_IN_ERRORS.signin_failed, variant: 'destructive' });
  }

  return (
    <>
      <title>{pageTitle('Join the community')}</title>
      <section className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-ink-900 to-ink-800 px-4 py-16">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="font-display text-3xl font-semibold text-ink-900">{`Join ${product} Community`}</h1>
            <CardDescription>Sign in with your Discord account to meet fellow members, share your story and join the speaker sessions.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button size="lg" className="w-full bg-[#4752c4]! text-white! hover:bg-[#3c45a5]!" onClick={login}>
              <DiscordMark />
              Login with Discord
            </Button>
            {showDev && providers.data?.dev && <DevSignIn returnTo={returnTo} onSignedIn={setRedirectTo} />}
            <p className="mt-6 text-center text-xs text-slate-500">We only read your Discord username, avatar and e-mail address.</p>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
