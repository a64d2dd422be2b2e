import { z } from 'zod';
import { isTimeZone } from '../domain/cohorts';
import { zEmailAddress } from './mail';
import { zText } from '../domain/text';

const ZState = z.enum(['upcoming', 'open', 'closed', 'running', 'completed']);

/** A cohort as the public pages read it (counts of seats, never who holds them). */
export const ZCohortPublic = z.object({
  id: z.uuid(),
  number: z.number().int(),
  city: z.string(),
  format: z.string(),
  startsOn: z.string(),
  sessionTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  weeks: z.number().int(),
  seats: z.number().int(),
  priceCents: z.number().int(),
  enrolmentOpensAt: z.string(),
  enrolmentClosesAt: z.string(),
  state: ZState,
  seatsFree: z.number().int(),
});
export type TCohortPublic = z.infer<typeof ZCohortPublic>;

/**
 * The program's facts at a moment (`asOf`): the cohort the pages present (`next`: not started yet; null when none
 * is announced) and the one in progress (`running`). Pages never call a started cohort upcoming.
 */
export const ZProgramView = z.object({ asOf: z.string(), next: ZCohortPublic.nullable(), running: ZCohortPublic.nullable() });
export type TProgramView = z.infer<typeof ZProgramView>;

/** A cohort as admins see it: the public facts and its seats taken, held and free. */
export const ZCohortAdmin = ZCohortPublic.extend({ seatsTaken: z.number().int(), seatsHeld: z.number().int(), notifyPending: z.number().int() });
export type TCohortAdmin = z.infer<typeof ZCohortAdmin>;
export const ZCohortList = z.object({ rows: z.array(ZCohortAdmin), notifyPending: z.number().int() });
export type TCohortList = z.infer<typeof ZCohortList>;

const isoInstant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

/** What an admin types to create or change a cohort. */
export const ZCohortInput = z
  .object({
    number: z.number({ error: 'Number must be a whole number' }).int('Number must be a whole number').min(1, 'Number must be at least 1').max(10_000),
    city: zText().pipe(z.string().min(1, 'City is required').max(100, 'City must be at most 100 characters')),
    format: zText().pipe(z.string().min(1, 'Format is required').max(200, 'Format must be at most 200 characters')),
    startsOn: z.iso.date({ error: 'Start date must be a date (YYYY-MM-DD)' }),
    sessionTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Session time must be HH:MM (24-hour)'),
    timeZone: z.string().max(64).refine(isTimeZone, 'Time zone must be an IANA name such as America/New_York'),
    weeks: z.number().int().min(1, 'Weeks must be at least 1').max(104, 'Weeks must be at most 104'),
    seats: z.number().int().min(1, 'Seats must be at least 1').max(10_000, 'Seats must be at most 10,000'),
    priceCents: z.number().int().min(100, 'Price must be at least $1.00').max(100_000_000, 'Price must be at most $1,000,000'),
    enrolmentOpensAt: isoInstant('Enrolment opens'),
    enrolmentClosesAt: isoInstant('Enrolment closes'),
  })
  .strict()
  .refine((c) => Date.parse(c.enrolmentOpensAt) < Date.parse(c.enrolmentClosesAt), { message: 'Enrolment must open before it closes', path: ['enrolmentClosesAt'] })
  // Rules JSON Schema cannot state (a time-zone database lookup, one field against another), in words for the document.
  .meta({ 'x-server-rules': { timeZone: 'an IANA time-zone name the server knows', enrolmentClosesAt: 'later than enrolmentOpensAt' } });
export type TCohortInput = z.infer<typeof ZCohortInput>;

export const ZCohortId = z.object({ id: z.uuid() });

/** "Notify me when enrolment opens". */
export const ZNotifyRequest = z.object({ email: zEmailAddress() }).strict();
export type TNotifyRequest = z.infer<typeof ZNotifyRequest>;
