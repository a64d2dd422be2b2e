import { formatHoursMinutes, statusColor } from '@app/common/domain/session-status';
import type { TSpeakerSession } from '@app/common/schemas/sessions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { TakeLine, type LiveTake } from './TakeLine';

/** What an admin can do to one session. */
export interface SessionActions {
  newToken: (s: TSpeakerSession) => void;
  edit: (s: TSpeakerSession) => void;
  editRecordingUrl: (s: TSpeakerSession) => void;
  cancel: (s: TSpeakerSession) => void;
  remove: (s: TSpeakerSession) => void;
  showRsvps: (s: TSpeakerSession) => void;
}

/** One session in the manage list: title, status, speaker, when, how long, how many are coming, and its actions. */
export function SessionCard({ s, take, rsvps, actions }: { s: TSpeakerSession; take: LiveTake | undefined; rsvps: number; actions: SessionActions }) {
  return (
    <Card data-testid="manage-session">
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <p className="truncate font-semibold text-ink-900">{s.session_title}</p>
            <Badge variant={statusColor(s.status)} data-testid="session-status" {...(s.status === 'live' ? { dot: 'pulse' as const } : {})}>
              {s.status}
            </Badge>
          </div>
          {take && <TakeLine take={take} />}
          <p className="text-sm text-slate-700" data-testid="session-speaker">
            Speaker: {s.speaker_name ?? 'not chosen'}
          </p>
          <p className="text-sm text-slate-600">
            {new Date(s.scheduled_date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} · <span data-testid="session-duration">{formatHoursMinutes(s.duration_seconds)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => actions.showRsvps(s)} data-testid="session-rsvps">
            {rsvps === 1 ? '1 coming' : `${rsvps} coming`}
          </Button>
          {s.status === 'scheduled' && (
            <Button size="sm" variant="primary" onClick={() => window.open('/speaker-studio', '_blank', 'noopener')}>
              Open Studio
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => actions.newToken(s)}>
            New Token
          </Button>
          <Button size="sm" variant="outline" onClick={() => actions.edit(s)}>
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => actions.editRecordingUrl(s)}>
            Recording URL
          </Button>
          {s.status === 'scheduled' && (
            <Button size="sm" variant="outline" onClick={() => actions.cancel(s)}>
              Cancel Session
            </Button>
          )}
          <Button size="sm" variant="destructive" onClick={() => actions.remove(s)}>
            Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
