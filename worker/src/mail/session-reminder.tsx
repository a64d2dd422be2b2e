import { Button, Link, Text } from '@react-email/components';
import type { Knex } from 'knex';
import { isValidEmail } from '@app/common/domain/contact';
import { reminderAt } from '@app/common/domain/session-reminders';
import { easternTime } from '@app/common/domain/session-time';
import type { TMailRequest } from '@app/common/schemas/mail';
import { BRAND } from '../render/brand';
import { MailLayout, type MailFrame } from './layout';

/** The session's time as the community keeps it: New York wall time with its abbreviation (EDT or EST), and UTC. */
function newYorkAndUtcTime(d: Date): string {
  const utc = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' }).format(d);
  return `${easternTime(d, true)} (${utc} UTC)`;
}

interface ReminderFacts {
  title: string;
  when: string;
  speaker: string | null;
  channelUrl: string | null;
  pageUrl: string;
}

/** The reminder of a session a member said they would attend. */
export function SessionReminder({ f, frame }: { f: ReminderFacts; frame: MailFrame }) {
  return (
    <MailLayout {...frame} preview={`Starting soon: ${f.title}`} title="Your session starts soon">
      <Text>
        <strong>{f.title}</strong>
        {f.speaker && (
          <>
            <br />
            with {f.speaker}
          </>
        )}
        <br />
        {f.when}
      </Text>
      {f.channelUrl && (
        <Button href={f.channelUrl} style={{ backgroundColor: BRAND.gold500, color: BRAND.ink950, padding: '12px 20px', borderRadius: 8, fontWeight: 600 }}>
          Join the channel
        </Button>
      )}
      <Text>
        You said you would be there. Changed your mind? Undo it on the <Link href={f.pageUrl}>speaker page</Link>, where you can also choose when (or
        whether) reminders come.
      </Text>
    </MailLayout>
  );
}

type ReminderRequest = Extract<TMailRequest, { kind: 'session-reminder' }>;

/**
 * The facts of a reminder that is still due: the session still scheduled, not begun, the member still coming, and
 * the send time the job carries still the one their lead time gives for the session's start (a moved session or a
 * changed setting left this job behind; its replacement carries the new time). Null otherwise.
 */
export async function reminderFacts(db: Knex, req: ReminderRequest, frame: MailFrame, now = new Date()): Promise<{ to: string; f: ReminderFacts } | null> {
  const row = (await db('session_rsvps as r')
    .join('speaker_sessions as s', 's.id', 'r.session_id')
    .join('users as m', 'm.id', 'r.user_id')
    .leftJoin('users as sp', 'sp.id', 's.speaker_id')
    .where({ 'r.session_id': req.sessionId, 'r.user_id': req.userId })
    .first('s.session_title', 's.scheduled_date', 's.status', 's.discord_channel_link', 'sp.discord_username as speaker', 'm.email', 'm.session_reminder_minutes as minutes')) as
    | { session_title: string; scheduled_date: Date; status: string; discord_channel_link: string | null; speaker: string | null; email: string | null; minutes: number | null }
    | undefined;
  if (!row || row.status !== 'scheduled' || row.scheduled_date.getTime() <= now.getTime()) return null;
  if (reminderAt(row.scheduled_date, row.minutes)?.getTime() !== req.sendAt) return null;
  if (!row.email || !isValidEmail(row.email)) return null;
  return {
    to: row.email.trim().toLowerCase(),
    f: { title: row.session_title, when: newYorkAndUtcTime(row.scheduled_date), speaker: row.speaker, channelUrl: row.discord_channel_link, pageUrl: `${frame.publicUrl}/speakers` },
  };
}
