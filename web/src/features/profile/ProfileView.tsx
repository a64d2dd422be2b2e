import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TProfile } from '@app/common/schemas/profiles';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { AudioPlayer } from './AudioPlayer';
import { AudioRecorder } from './AudioRecorder';
import { Avatar } from '../auth/Avatar';
import { PROFILE_TEXT } from './texts';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The dark band at the top of the profile pages, with the way back to the directory. */
function ProfileBand({ children }: { children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-ink-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(201,162,39,0.16),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-4xl px-4 pb-10 pt-6 sm:px-6 sm:pb-12">
        <Link to="/community" className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-gold-300 hover:text-gold-100">
          <span aria-hidden="true">←</span> {PROFILE_TEXT.backToCommunity}
        </Link>
        {children}
      </div>
    </section>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" strokeLinejoin="round" />
    </svg>
  );
}

/** A member's profile: header (avatar, name, member since, e-mail when shared), About, and Audio. */
export function ProfileView({ profile, onAudioUploaded }: { profile: TProfile; onAudioUploaded: (url: string) => void }) {
  const { isOwner } = profile;
  const empty = !profile.bio && !profile.audioUrl;
  const since = longDate.format(new Date(profile.memberSince));

  return (
    <>
      <ProfileBand>
        <div className="mt-6 flex flex-col items-start gap-5 sm:flex-row sm:items-center sm:gap-7">
          <Avatar name={profile.username} src={profile.avatar} size="xl" tone="gold" className="ring-4 ring-gold-500/60" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="break-all font-display text-3xl font-semibold sm:text-4xl">{profile.username}</h1>
              {isOwner && <Badge variant="gold">{PROFILE_TEXT.you}</Badge>}
            </div>
            <p className="mt-2 text-slate-200" data-testid="member-since">
              {PROFILE_TEXT.memberSince} {since}
            </p>
            {profile.email && (
              <a href={`mailto:${profile.email}`} className="mt-2 inline-flex max-w-full items-center gap-2 break-all text-sm text-gold-300 hover:text-gold-100" data-testid="profile-email">
                <MailIcon />
                <span className="sr-only">{PROFILE_TEXT.emailLabel}: </span>
                {profile.email}
              </a>
            )}
          </div>
        </div>
      </ProfileBand>

      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        {isOwner && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="profile-visibility-note">
            <span>{profile.profileVisible ? PROFILE_TEXT.publicNote : PROFILE_TEXT.privateNote}</span>
            <Link to="/security" className="font-medium text-gold-800 underline underline-offset-2 hover:text-ink-900">
              {PROFILE_TEXT.visibilityLink}
            </Link>
            <span className="basis-full">
              {PROFILE_TEXT.bioWhere}{' '}
              <Link to="/speakers" className="font-medium text-gold-800 underline underline-offset-2 hover:text-ink-900">
                {PROFILE_TEXT.bioLink}
              </Link>
              .
            </span>
          </p>
        )}
        {!isOwner && empty ? (
          <Card>
            <CardContent>
              <p className="py-6 text-center text-slate-600" data-testid="profile-empty">
                {profile.detailsHidden ? PROFILE_TEXT.isPrivate(profile.username) : PROFILE_TEXT.nothingYet}
              </p>
            </CardContent>
          </Card>
        ) : (
          <>
            {profile.bio && (
              <Card>
                <CardHeader>
                  <CardTitle as="h2">{PROFILE_TEXT.about}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="whitespace-pre-line break-words leading-relaxed text-slate-700" data-testid="profile-bio">
                    {profile.bio}
                  </p>
                </CardContent>
              </Card>
            )}
            {(isOwner || profile.audioUrl) && (
              <Card>
                <CardHeader>
                  <CardTitle as="h2">{PROFILE_TEXT.audio}</CardTitle>
                  <CardDescription>{isOwner ? PROFILE_TEXT.ownerAudioHint : PROFILE_TEXT.visitorAudioHint(profile.username)}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-5">
                  {profile.audioUrl ? (
                    <AudioPlayer src={profile.audioUrl} label={`Audio message from ${profile.username}`} />
                  ) : (
                    <p className="text-sm text-slate-600">{PROFILE_TEXT.ownerNoAudio}</p>
                  )}
                  {isOwner && <AudioRecorder onUploaded={onAudioUploaded} />}
                </CardContent>
              </Card>
            )}
          </>
        )}
      </div>
    </>
  );
}
