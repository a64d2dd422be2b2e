import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarApi } from '@app/common/api/calendar';
import type { TSpeakerSession } from '@app/common/schemas/sessions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { call } from '../../../lib/api';
import { useLiveEvents } from '../../../lib/socket';
import { Avatar } from '../../auth/Avatar';

const COUNTS = ['calendar', 'rsvp-counts'];

/** RSVP counts per session, kept current by session:rsvps in the admins room (refetched after a reconnect). */
export function useRsvpCounts(): Record<string, number> {
  const queryClient = useQueryClient();
  const counts = useQuery({ queryKey: COUNTS, queryFn: ({ signal }) => call(calendarApi.rsvpCounts, {}, signal) });
  useLiveEvents(
    'admins',
    {
      'session:rsvps': (e) => {
        queryClient.setQueryData<{ counts: Record<string, number> }>(COUNTS, (d) => ({ counts: { ...d?.counts, [e.session_id]: e.rsvp_count } }));
        void queryClient.invalidateQueries({ queryKey: ['calendar', 'rsvps', e.session_id] });
      },
    },
    () => void queryClient.invalidateQueries({ queryKey: COUNTS }),
  );
  return counts.data?.counts ?? {};
}

/** Who is coming to one session. */
export function RsvpDialog({ session, onClose }: { session: TSpeakerSession; onClose: () => void }) {
  const rsvps = useQuery({ queryKey: ['calendar', 'rsvps', session.id], queryFn: ({ signal }) => call(calendarApi.rsvps, { params: { id: session.id } }, signal) });
  const members = rsvps.data?.members ?? [];
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Who is coming</DialogTitle>
          <DialogDescription>{session.session_title}</DialogDescription>
        </DialogHeader>
        {rsvps.isPending ? (
          <Spinner label="Loading…" />
        ) : members.length === 0 ? (
          <p className="text-slate-600">No one has said they are coming yet.</p>
        ) : (
          <ul className="max-h-80 space-y-2 overflow-y-auto" aria-label="Members coming" data-testid="rsvp-list">
            {members.map((m) => (
              <li key={m.id} className="flex items-center gap-3">
                <Avatar name={m.username} src={m.avatar} size="sm" />
                <span className="text-ink-900">{m.username ?? 'A former member'}</span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
