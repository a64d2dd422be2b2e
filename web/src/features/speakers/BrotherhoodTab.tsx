import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SPEAKER_TOPIC_CONSENT } from '@app/common/domain/privacy';
import { type TSpeakerProfile } from '@app/common/schemas/speakers';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { meApi } from '@app/common/api/me';
import { sessionsApi } from '@app/common/api/sessions';
import { call } from '../../lib/api';
import { useLoadErrorToast } from '../../lib/use-action';
import { Avatar } from '../auth/Avatar';
import { useSiteSettings } from '../site/site-data';
import { AudioPlayer } from '../profile/AudioPlayer';
import { AudioRecorder } from '../profile/AudioRecorder';
import { FlyerGenerator } from './FlyerGenerator';
import { UpcomingSessions } from '../calendar/UpcomingSessions';
import { SessionTime } from './SessionTime';
import { useSignInPath } from '../auth/sign-in-link';

const VALUES = [
  { title: 'Brotherhood', text: 'Men who show up for each other, three mornings a week.' },
  { title: 'Accountability', text: 'We say what we will do, and we report back on it.' },
  { title: 'Legacy', text: 'We build what outlasts us: families, businesses, communities.' },
  {
    title: 'Discipline',
    text: (
      <>
        Fifteen focused minutes at <SessionTime />, Monday, Wednesday and Friday.
      </>
    ),
  },
];

/** The viewer's own speaker profile: topic and bio, and an audio introduction. */
function OwnProfile() {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['me', 'speaker-profile'], queryFn: ({ signal }) => call(meApi.speakerProfile, {}, signal) });
  const [draft, setDraft] = useState<{ speaker_topic: string; bio: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = draft ?? { speaker_topic: me.data?.speaker_topic ?? '', bio: me.data?.bio ?? '' };

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await call(meApi.saveSpeakerProfile, { body: form });
      queryClient.setQueryData(['me', 'speaker-profile'], saved);
      void queryClient.invalidateQueries({ queryKey: ['speakers'] });
      setDraft(null);
      toast({ title: 'Profile Saved', description: 'Your speaker profile was updated.', variant: 'success' });
    } catch (err) {
      console.error('Failed to save your profile', err);
      toast({ title: 'Save Failed', description: 'Failed to save your profile', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  // After the recording is stored (and set as the profile's audio), the page saves the profile (spec §4
  // Profile audio): the topic and bio as they stand in the form. A failure here is 'Update Failed'.
  async function saveWithAudio() {
    try {
      const saved = await call(meApi.saveSpeakerProfile, { body: form });
      queryClient.setQueryData(['me', 'speaker-profile'], saved);
      setDraft(null);
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['me', 'speaker-profile'] });
      void queryClient.invalidateQueries({ queryKey: ['speakers'] });
    }
  }

  if (me.isPending) return <Spinner label="Loading your profile…" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your speaker profile</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <form onSubmit={save} className="grid gap-4" aria-label="Speaker profile">
          <Field label="Topic" hint={SPEAKER_TOPIC_CONSENT}>
            <Input value={form.speaker_topic} onChange={(e) => setDraft({ ...form, speaker_topic: e.target.value })} maxLength={200} placeholder="What will you speak about?" />
          </Field>
          <Field label="Bio">
            <Textarea value={form.bio} onChange={(e) => setDraft({ ...form, bio: e.target.value })} maxLength={2000} rows={3} />
          </Field>
          <div>
            <Button type="submit" variant="secondary" loading={busy}>
              Save Profile
            </Button>
          </div>
        </form>
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <p className="font-semibold text-ink-900">Audio introduction</p>
          {me.data?.audio_file_url && <AudioPlayer src={me.data.audio_file_url} label="Your audio introduction" />}
          <AudioRecorder purpose="speaker" onUploaded={saveWithAudio} />
        </div>
      </CardContent>
    </Card>
  );
}

function SpeakerCard({ s }: { s: TSpeakerProfile }) {
  return (
    <Card data-testid="speaker-card">
      <CardContent className="flex gap-4 p-4">
        <Avatar name={s.discord_username} src={s.discord_avatar_url} />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold text-ink-900">{s.discord_username}</p>
          <p className="text-sm font-medium text-gold-800">{s.speaker_topic}</p>
          {s.bio && <p className="text-sm text-slate-700">{s.bio}</p>}
          {s.audio_file_url && <AudioPlayer src={s.audio_file_url} label={`Audio introduction of ${s.discord_username ?? 'this speaker'}`} />}
        </div>
      </CardContent>
    </Card>
  );
}

function Values() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Our values">
      {VALUES.map((v) => (
        <li key={v.title}>
          <Card className="h-full">
            <CardContent className="p-4">
              <p className="font-display text-lg font-semibold text-ink-900">{v.title}</p>
              <p className="mt-1 text-sm text-slate-700">{v.text}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function JoinCommunity() {
  const { communityInviteUrl } = useSiteSettings();
  return (
    // Not a Card: the kit's Card is white, and its classes are joined without merging.
    <section aria-label="Join the community" className="flex flex-col items-start gap-3 rounded-xl bg-ink-900 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-lg">Join the brotherhood live in our chat community.</p>
      {communityInviteUrl && (
        <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'primary' })}>
          Join the Community
        </a>
      )}
    </section>
  );
}

/** What members see: their speaker profile, the weekly flyers and the guest speakers. */
function MemberPart() {
  const speakers = useQuery({
    queryKey: ['speakers'],
    queryFn: ({ signal }) => call(sessionsApi.speakers, {}, signal),
  });
  useLoadErrorToast(speakers, { message: 'Failed to load speaker profiles', id: 'speakers-load' });
  return (
    <>
      <OwnProfile />
      <FlyerGenerator speakers={speakers.data?.speakers} loading={speakers.isPending} />
      <section aria-labelledby="guest-speakers" className="space-y-4">
        <h2 id="guest-speakers" className="font-display text-2xl font-semibold text-ink-900">
          Guest speakers
        </h2>
        {speakers.isPending ? (
          <Spinner label="Loading speakers…" />
        ) : (speakers.data?.speakers.length ?? 0) === 0 ? (
          <p className="text-slate-600">No speaker profiles yet: set a topic above to be the first.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {speakers.data?.speakers.map((s) => <SpeakerCard key={s.id} s={s} />)}
          </div>
        )}
      </section>
    </>
  );
}

/**
 * Brotherhood: values, the upcoming sessions (everyone; RSVP for members), the member part (your speaker profile, flyers, guest speakers) and the way into the chat
 * community. Signed-out visitors see the values and the call to action, with a sign-in prompt in place of the
 * member part (speaker profiles are for members).
 */
export function BrotherhoodTab({ signedIn }: { signedIn: boolean }) {
  const signInPath = useSignInPath();
  return (
    <div className="space-y-8">
      <Values />
      <UpcomingSessions signedIn={signedIn} />
      {signedIn ? (
        <MemberPart />
      ) : (
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white py-8 text-center">
          <p className="text-slate-700">Sign in to meet the speakers and set up your own speaker profile.</p>
          <Button asChild variant="secondary">
            <Link to={signInPath}>Sign in</Link>
          </Button>
        </div>
      )}
      <JoinCommunity />
    </div>
  );
}
