import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { ProfileView } from '../features/profile/ProfileView';
import { useSignInPath } from '../features/auth/sign-in-link';
import { useProfile, useSetProfileAudio } from '../features/profile/queries';
import { PROFILE_TEXT } from '../features/profile/texts';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';

function Loading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-ink-900">
      <Spinner size="lg" />
    </div>
  );
}

function UserNotFound({ username }: { username: string }) {
  return (
    <>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-slate-200 text-slate-600" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.75">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
          </svg>
        </span>
        <h1 className="mt-6 font-display text-3xl font-semibold text-ink-900">{PROFILE_TEXT.notFoundTitle}</h1>
        <p className="mt-3 break-all text-slate-600">{PROFILE_TEXT.notFoundToast(username)}</p>
        <Button asChild variant="secondary" className="mt-8">
          <Link to="/community">{PROFILE_TEXT.backToCommunity}</Link>
        </Button>
      </section>
    </>
  );
}

function ProfileFor({ username }: { username: string }) {
  const profile = useProfile(username);
  const setAudio = useSetProfileAudio(username);
  const error = profile.error;
  const notFound = error instanceof ApiError && error.statusCode === 404;

  useEffect(() => {
    if (!error) return;
    console.error('Error fetching user profile:', error);
    if (notFound) toast({ id: 'profile-load', title: PROFILE_TEXT.notFoundToastTitle, description: PROFILE_TEXT.notFoundToast(username), variant: 'destructive' });
    else toast({ id: 'profile-load', title: PROFILE_TEXT.loadErrorTitle, description: PROFILE_TEXT.loadError, variant: 'destructive' });
  }, [error, notFound, username]);

  if (profile.data) return <ProfileView profile={profile.data} onAudioUploaded={setAudio} />;
  if (notFound) return <UserNotFound username={username} />;
  if (error) {
    return (
      <>
        <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
          <h1 className="font-display text-2xl font-semibold text-ink-900">{PROFILE_TEXT.loadError}</h1>
          <Button variant="outline" className="mt-6" onClick={() => void profile.refetch()}>
            {PROFILE_TEXT.retry}
          </Button>
        </section>
      </>
    );
  }
  return <Loading />;
}

/** '/profile/:username': a member's profile, for signed-in members only (others go to /auth). */
export default function Profile() {
  const { username = '' } = useParams();
  const session = useSession();
  const signIn = useSignInPath();

  let body;
  if (session.loading) body = <Loading />;
  else if (!session.user) body = <Navigate to={signIn} replace />;
  else body = <ProfileFor key={username.toLowerCase()} username={username} />;

  return (
    <>
      <title>{pageTitle(username || 'Profile')}</title>
      {body}
    </>
  );
}
