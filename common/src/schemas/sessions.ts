import { z } from 'zod';
import { SESSION_STATUSES } from '../domain/session-status';
import { zStorable, zText } from '../domain/text';

const optionalText = (max: number, label: string) =>
  zText({ multiline: true })
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * Create or edit a speaker session: title, scheduled date and the speaker (a member, credited in the studio and
 * the archive) required; description and channel link optional. Edits send only what changes.
 */
export const ZSessionForm = z.object({
  speaker_id: z.uuid({ error: 'Choose the speaker' }),
  session_title: zText({ error: 'Title is required' }).pipe(z.string().min(1, 'Title is required').max(200, 'Title must be at most 200 characters')),
  session_description: optionalText(2000, 'Description'),
  scheduled_date: z.iso.datetime({ offset: true, error: 'Scheduled date is required' }),
  discord_channel_link: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Channel link must be a valid URL' })])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type TSessionForm = z.input<typeof ZSessionForm>;

/** Status changes an admin may ask for (the server allows only the spec's transitions). */
export const ZStatusChange = z.object({ status: z.enum(['live', 'completed', 'cancelled'], { error: "status must be 'live', 'completed' or 'cancelled'" }) });

/**
 * manage-speaker-session update_recording_url: an admin sets (or clears, with null) a session's
 * recording URL — an absolute http(s) URL or one of our stored files (/files/...).
 */
export const ZRecordingUrl = z.object({
  recording_url: z
    .union([
      z.url({ protocol: /^https?$/, error: 'Recording URL must be a valid URL' }),
      z.string().regex(/^\/files\/[A-Za-z0-9._/-]+$/, 'Recording URL must be a valid URL'),
    ], { error: 'Recording URL must be a valid URL' })
    .nullable(),
});
export type TRecordingUrl = z.infer<typeof ZRecordingUrl>;

/** A speaker session as the management tab shows it. */
export const ZSpeakerSession = z.object({
  id: z.string(),
  speaker_id: z.string().nullable(),
  /** The speaker's username (null when the session has none, or the member was removed). */
  speaker_name: z.string().nullable(),
  session_title: z.string(),
  session_description: z.string().nullable(),
  scheduled_date: z.string(),
  discord_channel_link: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  duration_seconds: z.number().int().nullable(),
  recording_url: z.string().nullable(),
  actual_start_time: z.string().nullable(),
  created_at: z.string(),
});
export type TSpeakerSession = z.infer<typeof ZSpeakerSession>;

/** GET /api/speaker-sessions/speaker-options: members an admin may credit as a session's speaker. */
export const ZSpeakerOptionsQuery = z.object({ search: z.string().trim().max(100, 'search must be at most 100 characters').default('') });
const ZSpeakerOption = z.object({ id: z.string(), username: z.string(), avatar: z.string().nullable() });
export type TSpeakerOption = z.infer<typeof ZSpeakerOption>;
export const ZSpeakerOptions = z.object({ members: z.array(ZSpeakerOption) });

/** Create answer: the session and its speaker token, shown once. */
export const ZSessionWithToken = z.object({ session: ZSpeakerSession, token: z.string(), token_expires_at: z.string() });

/** POST /api/speaker/authenticate body. */
export const ZAuthenticateSpeaker = z.object({ token: zStorable({ error: 'Invalid token' }).trim().min(1, 'Invalid token').max(200, 'Invalid token') });

/** authenticate-speaker answer, as the spec names it. */
export const ZSpeakerAuthResult = z.object({
  valid: z.boolean(),
  message: z.string(),
  session: ZSpeakerSession.nullable(),
  speaker: z.object({ id: z.string(), discord_username: z.string().nullable(), discord_avatar_url: z.string().nullable() }).nullable(),
});
export type TSpeakerAuthResult = z.infer<typeof ZSpeakerAuthResult>;

/** Archive listing: search over title, speaker name and topic; sort by date, duration or popularity (views). */
export const ZArchiveQuery = z.object({
  search: zStorable().trim().max(100, 'search must be at most 100 characters').default(''),
  sort: z.enum(['date', 'duration', 'popular'], { error: "sort must be 'date', 'duration' or 'popular'" }).default('date'),
});

/** One archived session card. */
const ZArchivedSession = z.object({
  id: z.string(),
  session_title: z.string(),
  session_description: z.string().nullable(),
  speaker_name: z.string().nullable(),
  speaker_topic: z.string().nullable(),
  speaker_avatar: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  recording_url: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  actual_start_time: z.string().nullable(),
  views: z.number().int(),
  favorite: z.boolean(),
});
export type TArchivedSession = z.infer<typeof ZArchivedSession>;

/** GET /api/archive answer with the spec's totals. */
export const ZArchiveList = z.object({
  sessions: z.array(ZArchivedSession),
  totals: z.object({ sessions: z.number().int(), totalMinutes: z.number().int(), uniqueSpeakers: z.number().int() }),
});
