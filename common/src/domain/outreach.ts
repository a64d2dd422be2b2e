/**
 * How the forms reach people outside the site (spec §7 "Not server calls"): the scholarship and registration
 * mail drafts, and the scheduling page's address for a sector consultation. Pure string builders, so they are
 * unit-tested and the browser only has to open what they return.
 */
import type { SectorKey } from '../schemas/site';

/** The sectors a consultation can be about (spec §9, in its order). */
export const CONSULTATION_SECTORS = ['Media', 'Education', 'Government', 'Family', 'Celebration', 'Economy', 'Religion'] as const;
/** One consultation sector. */
export type ConsultationSector = (typeof CONSULTATION_SECTORS)[number];

/** Each consultation sector's site sector (the dialog shows the site's one name for it; the stored value stays). */
export const CONSULTATION_SECTOR_KEYS: Record<ConsultationSector, SectorKey> = {
  Media: 'media',
  Education: 'education',
  Government: 'government',
  Family: 'family',
  Celebration: 'arts',
  Economy: 'economy',
  Religion: 'religion',
};

/** The six time-commitment choices (spec §9). */
export const TIME_COMMITMENTS = [
  '1-2 hours per week',
  '3-5 hours per week',
  '6-10 hours per week',
  '11-20 hours per week',
  '20+ hours per week',
  'I prefer to discuss this personally',
] as const;
/** One time-commitment choice. */
export type TimeCommitment = (typeof TIME_COMMITMENTS)[number];

/** Length of the consultation meeting booked on the scheduling page, in minutes. */
const CONSULTATION_MINUTES = 30;

/**
 * The scheduling page for a 30-minute consultation; with a sector and a time commitment they travel as the query
 * values `sector` and `time_commitment` (Learn More on a sector card opens it without them).
 */
export function consultationUrl(base: string, choice?: { sector: string; timeCommitment: string }): string {
  const url = new URL(base);
  url.searchParams.set('duration', String(CONSULTATION_MINUTES));
  if (choice) {
    url.searchParams.set('sector', choice.sector);
    url.searchParams.set('time_commitment', choice.timeCommitment);
  }
  return url.toString();
}

/** A mailto: link with a subject and a plain-text body (each encoded, line breaks as CRLF as RFC 6068 asks). */
export function mailto(to: string, subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${enc(subject)}&body=${enc(body)}`;
}

/** The fields of a scholarship application as the mail draft lists them. */
export interface ScholarshipDraft {
  fullName: string;
  email: string;
  phone: string;
  businessIdea: string;
  financialNeed: string;
  communityImpact: string;
  experience?: string | undefined;
  commitment: string;
}

/** The scholarship mail draft to the organisation: every field and the submission date. */
export function scholarshipMailto(to: string, a: ScholarshipDraft, submittedAt: Date): string {
  const body = [
    'SCHOLARSHIP APPLICATION - I Am The Business',
    '',
    `Full Name: ${a.fullName}`,
    `Email: ${a.email}`,
    `Phone: ${a.phone}`,
    '',
    'Business Idea:',
    a.businessIdea,
    '',
    'Financial Need:',
    a.financialNeed,
    '',
    'Community Impact Vision:',
    a.communityImpact,
    '',
    'Relevant Experience:',
    a.experience?.trim() ? a.experience : 'Not provided',
    '',
    'Commitment Statement:',
    a.commitment,
    '',
    `Submitted: ${submittedAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' })} (Eastern Time)`,
  ].join('\n');
  return mailto(to, `Scholarship Application - ${a.fullName}`, body);
}

/** The fields of the incubator registration form (form B) as the mail draft lists them. */
export interface RegistrationDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  businessIdea: string;
  experience: string;
  goals: string;
  availability: string;
}

/** The registration mail draft (form B) to the organisation's contact address; the subject names the applicant. */
export function registrationMailto(to: string, r: RegistrationDraft): string {
  const name = `${r.firstName} ${r.lastName}`;
  const body = [
    'I Am The Business - Incubator Registration',
    '',
    `Name: ${name}`,
    `Email: ${r.email}`,
    `Phone: ${r.phone}`,
    '',
    'Business Idea:',
    r.businessIdea,
    '',
    'Entrepreneurial Experience:',
    r.experience,
    '',
    'Goals for the Program:',
    r.goals,
    '',
    'Availability:',
    r.availability,
  ].join('\n');
  return mailto(to, `Incubator Registration - ${name}`, body);
}
