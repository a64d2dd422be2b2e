import { z } from 'zod';
import { SESSION_STATUSES } from '../domain/session-status';
import { REMINDER_CHOICES } from '../domain/session-reminders';

/** One upcoming session on the speaker page. `attending` is null for a visitor (not signed in). */
export const ZUpcomingSession = z.object({
  id: z.string(),
  session_title: z.string(),
  session_description: z.string().nullable(),
  scheduled_date: z.string(),
  status: z.enum(SESSION_STATUSES),
  discord_channel_link: z.string().nullable(),
  speaker: z.object({ name: z.string().nullable(), avatar: z.string().nullable(), topic: z.string().nullable() }).nullable(),
  rsvp_count: z.number().int(),
  attending: z.boolean().nullable(),
});
export type TUpcomingSession = z.infer<typeof ZUpcomingSession>;

/** PUT/DELETE /api/calendar/sessions/:id/rsvp answer. */
export const ZRsvpState = z.object({ attending: z.boolean(), rsvp_count: z.number().int() });

/** Who is coming to a session (admins). */
export const ZRsvpList = z.object({
  members: z.array(z.object({ id: z.string(), username: z.string().nullable(), avatar: z.string().nullable(), rsvp_at: z.string() })),
});

const REMINDER_MINUTES = REMINDER_CHOICES.map((c) => c.minutes) as number[];

/** A member's reminder lead time: one of the offered choices, or null for none. */
export const ZReminderSetting = z.object({
  reminder_minutes: z
    .number({ error: 'Choose when reminders come' })
    .int()
    .refine((m) => REMINDER_MINUTES.includes(m), 'Choose one of the offered reminder times')
    // The choices, stated in the API's document too.
    .meta({ enum: [...REMINDER_MINUTES, null] })
    .nullable(),
});

/** The member's calendar settings: reminder lead time and whether a personal feed link exists (since when). */
export const ZCalendarSettings = ZReminderSetting.extend({ feed_created_at: z.string().nullable() });
export type TCalendarSettings = z.infer<typeof ZCalendarSettings>;

/** A new personal feed link, shown once (only its hash is kept). */
export const ZFeedLink = z.object({ url: z.string(), webcal_url: z.string() });
