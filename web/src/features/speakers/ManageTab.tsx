import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { formatHoursMinutes, statusColor, toLocalDateTimeInput } from '@app/common/domain/session-status';
import { ZSessionWithToken, ZSpeakerSession, type TSpeakerSession } from '@app/common/schemas/sessions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { getJson, sendJson } from '../../lib/api';
import { useLiveEvents } from '../../lib/socket';
import { useLoadErrorToast } from '../../lib/use-action';

const ZList = z.object({ sessions: z.array(ZSpeakerSession) });
const ZToken = z.object({ token: z.string(), token_expires_at: z.string() });
const ok = { parse: (v: unknown) => v };
/** A session's studio take as the live events last described it. */
interface LiveTake {
  recording_id: string;
  status: 'recording' | 'finalizing' | 'completed' | 'failed';
  percent: number | null;
  error: string | null;
}

/** The take line under a session: recording, finalize progress, saved or failed (live, from the admins room). */
function TakeLine({ take }: { take: LiveTake }) {
  if (take.status === 'recording') return <p className="text-sm font-medium text-red-800">Recording in the studio…</p>;
  if (take.status === 'failed') return <p className="text-sm font-medium text-red-800">Recording failed{take.error ? `: ${take.error}` : ''}</p>;
  const pct = take.status === 'completed' ? 100 : (take.percent ?? 0);
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <span>{take.status === 'completed' ? 'Recording saved' : 'Finalizing recording'}</span>
      <span
        role="progressbar"
        aria-label="Finalize progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full rounded-full bg-gold-500" style={{ width: `${pct}%` }} />
      </span>
      <span className="font-mono tabular-nums">{pct}%</span>
    </div>
  );
}

const EMPTY = { session_title: '', session_description: '', scheduled_date: '', discord_channel_link: '' };

/** The session form (create or edit): title and scheduled date required; the save button stays disabled without them. */
function SessionForm({ initial, onSaved, onCancel }: { initial?: TSpeakerSession; onSaved: (created?: { token: string }) => void; onCancel: () => void }) {
  const [form, setForm] = useState(
    initial
      ? { session_title: initial.session_title, session_description: initial.session_description ?? '', scheduled_date: toLocalDateTimeInput(initial.scheduled_date), discord_channel_link: initial.discord_channel_link ?? '' }
      : EMPTY,
  );
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body = { ...form, scheduled_date: new Date(form.scheduled_date).toISOString() };
    try {
      if (initial) {
        await sendJson('PATCH', `/api/speaker-sessions/${initial.id}`, body, ZSpeakerSession);
        toast({ title: 'Session Updated', variant: 'success' });
        onSaved();
      } else {
        const created = await sendJson('POST', '/api/speaker-sessions', body, ZSessionWithToken);
        onSaved({ token: created.token });
      }
    } catch (err) {
      console.error(initial ? 'Failed to update session' : 'Failed to create session', err);
      toast({ title: 'Error', description: initial ? 'Failed to update session' : 'Failed to create session', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={initial ? 'Edit session' : 'New session'}>
      <Field label="Title" required>
        <Input value={form.session_title} onChange={set('session_title')} maxLength={200} />
      </Field>
      <Field label="Scheduled date" required>
        <Input type="datetime-local" value={form.scheduled_date} onChange={set('scheduled_date')} />
      </Field>
      <Field label="Description">
        <Textarea value={form.session_description} onChange={set('session_description')} rows={3} />
      </Field>
      <Field label="Discord channel link">
        <Input type="url" value={form.discord_channel_link} onChange={set('discord_channel_link')} placeholder="https://discord.gg/..." />
      </Field>
      <div className="flex gap-3">
        <Button type="submit" variant="secondary" loading={busy} disabled={!form.session_title.trim() || !form.scheduled_date}>
          {initial ? 'Save Changes' : 'Create Session'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Manage Sessions (admins; the server checks the role on every call). */
export function ManageTab() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['speaker-sessions'], queryFn: ({ signal }) => getJson('/api/speaker-sessions', ZList, signal) });
  useLoadErrorToast(sessions, { message: 'Failed to fetch sessions', id: 'sessions-load' });
  const [editing, setEditing] = useState<TSpeakerSession | 'new' | null>(null);
  const [shownToken, setShownToken] = useState<string | null>(null);
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['speaker-sessions'] }), [queryClient]);
  // Live: status changes and the studio's takes (with finalize progress) arrive in the admins room; after a
  // reconnect the list is fetched again (events sent meanwhile are not replayed).
  const [takes, setTakes] = useState<Record<string, LiveTake>>({});
  useLiveEvents(
    'admins',
    {
      'session:status': reload,
      'recording:status': (e) => {
        setTakes((t) => ({ ...t, [e.session_id]: { recording_id: e.recording_id, status: e.status, percent: e.status === 'completed' ? 100 : (t[e.session_id]?.percent ?? null), error: e.error ?? null } }));
        if (e.status === 'completed' || e.status === 'failed') reload();
      },
      'recording:progress': (e) =>
        setTakes((t) => {
          const prev = t[e.session_id];
          if (prev && prev.recording_id === e.recording_id && prev.status !== 'finalizing' && prev.status !== 'recording') return t;
          return { ...t, [e.session_id]: { recording_id: e.recording_id, status: 'finalizing', percent: Math.round(e.percent), error: null } };
        }),
    },
    reload,
  );

  async function remove(s: TSpeakerSession) {
    try {
      await sendJson('DELETE', `/api/speaker-sessions/${s.id}`, undefined, ok);
      toast({ title: 'Session Deleted', variant: 'success' });
      reload();
    } catch (err) {
      console.error('Failed to delete session', err);
      toast({ title: 'Error', description: 'Failed to delete session', variant: 'destructive' });
    }
  }

  async function newToken(s: TSpeakerSession) {
    try {
      const { token } = await sendJson('POST', `/api/speaker-sessions/${s.id}/token`, undefined, ZToken);
      toast({ title: 'New Token Generated', description: 'Copy it now: it is shown only once.', variant: 'success' });
      setShownToken(token);
    } catch (err) {
      console.error('Failed to generate token', err);
      toast({ title: 'Error', description: 'Failed to generate token', variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => setEditing('new')}>
          New Session
        </Button>
      </div>
      {editing && (
        <Card>
          <CardHeader>
            <CardTitle as="h3">{editing === 'new' ? 'New session' : 'Edit session'}</CardTitle>
          </CardHeader>
          <CardContent>
            <SessionForm
              initial={editing === 'new' ? undefined : editing}
              onCancel={() => setEditing(null)}
              onSaved={(created) => {
                setEditing(null);
                reload();
                if (created) {
                  toast({ title: 'Session Created', description: `Speaker token: ${created.token}`, variant: 'success', duration: 15_000 });
                  setShownToken(created.token);
                }
              }}
            />
          </CardContent>
        </Card>
      )}
      {sessions.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading sessions…" />
        </div>
      ) : (sessions.data?.sessions.length ?? 0) === 0 ? (
        <p className="py-12 text-center text-slate-600">No sessions yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Speaker sessions">
          {sessions.data?.sessions.map((s) => (
            <li key={s.id}>
              <Card data-testid="manage-session">
                <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex items-center gap-2">
                      <p className="truncate font-semibold text-ink-900">{s.session_title}</p>
                      <Badge variant={statusColor(s.status)} data-testid="session-status" {...(s.status === 'live' ? { dot: 'pulse' as const } : {})}>
                        {s.status}
                      </Badge>
                    </div>
                    {takes[s.id] && <TakeLine take={takes[s.id] as LiveTake} />}
                    <p className="text-sm text-slate-600">
                      {new Date(s.scheduled_date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} · {formatHoursMinutes(s.duration_seconds)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {s.status === 'scheduled' && (
                      <Button size="sm" variant="primary" onClick={() => window.open('/speaker-studio', '_blank', 'noopener')}>
                        Open Studio
                      </Button>
                    )}
                    <Button size="sm" variant="outline" onClick={() => void newToken(s)}>
                      New Token
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setEditing(s)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => void remove(s)}>
                      Delete
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={shownToken !== null} onOpenChange={(o) => !o && setShownToken(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Speaker token</DialogTitle>
            <DialogDescription>Give this to the speaker. It is shown only once; generating a new one revokes it.</DialogDescription>
          </DialogHeader>
          <code className="block break-all rounded-md bg-ink-900 p-3 font-mono text-sm text-gold-300" data-testid="speaker-token">
            {shownToken}
          </code>
        </DialogContent>
      </Dialog>
    </div>
  );
}
