import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type TSpeakerSession } from '@app/common/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { sessionsApi } from '@app/common/api/sessions';
import { call } from '../../lib/api';
import { useLiveEvents } from '../../lib/socket';
import { useLoadErrorToast } from '../../lib/use-action';
import { SendInvitationButton } from '../mail/SendInvitationButton';
import { RecordingUrlDialog } from './manage/RecordingUrlDialog';
import { RsvpDialog, useRsvpCounts } from './manage/Rsvps';
import { SessionCard, type SessionActions } from './manage/SessionCard';
import { SessionForm } from './manage/SessionForm';
import type { LiveTake } from './manage/TakeLine';


/** Runs an admin call; a failure is logged and shown with the given words. */
async function attempt(what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    console.error(what, err);
    toast({ title: 'Error', description: what, variant: 'destructive' });
  }
}

/** Live status changes and studio takes (with finalize progress) from the admins room, per session. */
function useLiveTakes(reload: () => void): Record<string, LiveTake> {
  const [takes, setTakes] = useState<Record<string, LiveTake>>({});
  // After a reconnect the list is fetched again (events sent meanwhile are not replayed).
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
  return takes;
}

/** Manage Sessions (admins; the server checks the role on every call). */
export function ManageTab() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['speaker-sessions'], queryFn: ({ signal }) => call(sessionsApi.list, {}, signal) });
  useLoadErrorToast(sessions, { message: 'Failed to fetch sessions', id: 'sessions-load' });
  const [editing, setEditing] = useState<TSpeakerSession | 'new' | null>(null);
  const [urlFor, setUrlFor] = useState<TSpeakerSession | null>(null);
  // Cancel and Delete both ask first: one click must not end or erase a session (and a recorded one's recording).
  const [confirming, setConfirming] = useState<{ action: 'cancel' | 'delete'; s: TSpeakerSession } | null>(null);
  const [shownToken, setShownToken] = useState<{ sessionId: string; token: string } | null>(null);
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['speaker-sessions'] }), [queryClient]);
  const takes = useLiveTakes(reload);
  const rsvpCounts = useRsvpCounts();
  const [rsvpsOf, setRsvpsOf] = useState<TSpeakerSession | null>(null);

  const actions: SessionActions = {
    newToken: (s) =>
      void attempt('Failed to generate token', async () => {
        const { token } = await call(sessionsApi.newToken, { params: { id: s.id } });
        toast({ title: 'New Token Generated', description: 'Copy it now: it is shown only once.', variant: 'success' });
        setShownToken({ sessionId: s.id, token });
      }),
    edit: setEditing,
    editRecordingUrl: setUrlFor,
    cancel: (s) => setConfirming({ action: 'cancel', s }),
    remove: (s) => setConfirming({ action: 'delete', s }),
    showRsvps: setRsvpsOf,
  };

  const confirmCancel = (s: TSpeakerSession) =>
    void attempt('Failed to cancel session', async () => {
      await call(sessionsApi.changeStatus, { params: { id: s.id }, body: { status: 'cancelled' } });
      toast({ title: 'Session Cancelled', variant: 'success' });
      setConfirming(null);
      reload();
    });

  const confirmDelete = (s: TSpeakerSession) =>
    void attempt('Failed to delete session', async () => {
      await call(sessionsApi.remove, { params: { id: s.id } });
      toast({ title: 'Session Deleted', variant: 'success' });
      setConfirming(null);
      reload();
    });
  const deleting = confirming?.action === 'delete';

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
                  setShownToken(created);
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
              <SessionCard s={s} take={takes[s.id]} rsvps={rsvpCounts[s.id] ?? 0} actions={actions} />
            </li>
          ))}
        </ul>
      )}
      {rsvpsOf && <RsvpDialog session={rsvpsOf} onClose={() => setRsvpsOf(null)} />}
      {urlFor && (
        <RecordingUrlDialog
          session={urlFor}
          onClose={() => setUrlFor(null)}
          onSaved={() => {
            setUrlFor(null);
            reload();
          }}
        />
      )}
      <Dialog open={confirming !== null} onOpenChange={(o) => !o && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{deleting ? 'Delete this session?' : 'Cancel this session?'}</DialogTitle>
            <DialogDescription>
              {confirming?.s.session_title}:{' '}
              {deleting
                ? `deleting removes it for good${confirming.s.recording_url ? ', and its recording with it' : ''}. This cannot be undone.`
                : 'a cancelled session cannot be started again, and its speaker token stops working.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Keep It
            </Button>
            <Button variant="destructive" onClick={() => confirming && (deleting ? confirmDelete(confirming.s) : confirmCancel(confirming.s))}>
              {deleting ? 'Delete Session' : 'Cancel Session'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={shownToken !== null} onOpenChange={(o) => !o && setShownToken(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Speaker token</DialogTitle>
            <DialogDescription>Give this to the speaker. It is shown only once; generating a new one revokes it.</DialogDescription>
          </DialogHeader>
          <code className="block break-all rounded-md bg-ink-900 p-3 font-mono text-sm text-gold-300" data-testid="speaker-token">
            {shownToken?.token}
          </code>
          {shownToken && (
            <DialogFooter>
              <SendInvitationButton sessionId={shownToken.sessionId} token={shownToken.token} />
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
