import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../domain/contact';
import { CONSULTATION_SECTORS, TIME_COMMITMENTS } from '../domain/outreach';
import { zText } from '../domain/text';

/**
 * The public site's forms (spec §3, §5): one schema per form, used by the form in the browser and by its API route,
 * so both show the spec's exact messages. Limits the spec does not state (maximum lengths) only guard the server.
 */

/** The zod-3 style fallback texts the spec lists for form B: 'Required' and 'Expected X, received Y'. */
function typeError(issue: { input?: unknown; expected?: unknown }): string {
  if (issue.input === undefined) return 'Required';
  const got = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  return `Expected ${String(issue.expected ?? 'string')}, received ${got}`;
}

/** A required text: the `required` message when missing or blank, then `rest` on the trimmed value. */
function requiredText(required: string, rest: z.ZodType<string, string> = z.string(), multiline = true) {
  return zText({ multiline, error: required }).pipe(z.string().min(1, required)).pipe(rest);
}

/** A text that runs through the spec's cleaning step before its length rules. */
function cleaned(min: number, minMessage: string, max: number, maxMessage: string, multiline = false) {
  return zText({ multiline, error: { error: typeError } }).pipe(z.string().min(min, minMessage).max(max, maxMessage));
}

// ── Scholarship application (dialog on the landing page) ─────────────────────────────────────────

/** POST /api/forms/scholarship: the scholarship application; experience is the only optional field. */
export const ZScholarshipApplication = z.object({
  fullName: requiredText('Full name is required', z.string().max(100, 'Full name must be less than 100 characters'), false),
  email: requiredText('Email is required', z.string().max(254, 'Invalid email address').regex(EMAIL_PATTERN, 'Invalid email address'), false),
  phone: requiredText('Phone number is required', z.string().max(40, 'Phone number must be less than 40 characters'), false),
  businessIdea: requiredText('Business idea description is required', z.string().max(2000, 'Business idea description must be less than 2000 characters')),
  financialNeed: requiredText('Financial need explanation is required', z.string().max(2000, 'Financial need explanation must be less than 2000 characters')),
  communityImpact: requiredText('Community impact vision is required', z.string().max(2000, 'Community impact vision must be less than 2000 characters')),
  experience: zText({ multiline: true }).pipe(z.string().max(2000, 'Experience description must be less than 2000 characters')).optional(),
  commitment: requiredText('Commitment statement is required', z.string().max(2000, 'Commitment statement must be less than 2000 characters')),
});
export type TScholarshipApplication = z.infer<typeof ZScholarshipApplication>;

// ── Sector consultation (dialog on the landing page) ─────────────────────────────────────────────

/** POST /api/forms/consultation: a sector and a time commitment, both required before scheduling. */
export const ZConsultationRequest = z.object({
  sector: z.enum(CONSULTATION_SECTORS, { error: 'Please choose a sector' }),
  timeCommitment: z.enum(TIME_COMMITMENTS, { error: 'Please choose a time commitment' }),
});
export type TConsultationRequest = z.infer<typeof ZConsultationRequest>;

// ── Form A: the incubator application (commitment style) ─────────────────────────────────────────

/** POST /api/forms/incubator-application: form A, every field required. */
export const ZIncubatorApplication = z.object({
  firstName: zText({ error: 'First name must be at least 2 characters' }).pipe(z.string().min(2, 'First name must be at least 2 characters').max(50, 'First name must be less than 50 characters')),
  lastName: zText({ error: 'Last name must be at least 2 characters' }).pipe(z.string().min(2, 'Last name must be at least 2 characters').max(50, 'Last name must be less than 50 characters')),
  email: zText({ error: 'Please enter a valid email address' }).pipe(z.string().max(254, 'Please enter a valid email address').regex(EMAIL_PATTERN, 'Please enter a valid email address')),
  phone: zText({ error: 'Please enter a valid phone number' }).pipe(z.string().min(10, 'Please enter a valid phone number').max(40, 'Please enter a valid phone number')),
  businessIdea: zText({ multiline: true, error: 'Please describe your business idea in at least 50 characters' }).pipe(
    z.string().min(50, 'Please describe your business idea in at least 50 characters').max(5000, 'Business idea description must be less than 5000 characters'),
  ),
  commitment: z.literal(true, { error: 'You must agree to the attendance commitment' }),
  termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions' }),
});
export type TIncubatorApplication = z.infer<typeof ZIncubatorApplication>;
/** Form A's values while being edited (the checkboxes start unticked). */
export type TIncubatorApplicationDraft = Omit<TIncubatorApplication, 'commitment' | 'termsAccepted'> & { commitment: boolean; termsAccepted: boolean };

// ── Form B: the incubator registration (information page) ────────────────────────────────────────

/** POST /api/forms/incubator-registration: form B, every value cleaned, then checked for its length. */
export const ZIncubatorRegistration = z.object({
  firstName: cleaned(2, 'First name must be at least 2 characters', 50, 'First name must be less than 50 characters'),
  lastName: cleaned(2, 'Last name must be at least 2 characters', 50, 'Last name must be less than 50 characters'),
  email: zText({ error: { error: typeError } }).pipe(
    z
      .string()
      .max(254, 'Please enter a valid email address')
      // zod's own e-mail check plus the spec's extra pattern, reported once (patterns, so the document states them).
      .regex(new RegExp(`(?=${z.regexes.email.source})${EMAIL_PATTERN.source}`), 'Please enter a valid email address'),
  ),
  phone: zText({ error: { error: typeError } }).pipe(
    z
      .string()
      .max(40, 'Please enter a valid phone number')
      .min(10, { message: 'Please enter a valid phone number', abort: true })
      .regex(PHONE_PATTERN, 'Please enter a valid phone number'),
  ),
  businessIdea: cleaned(10, 'Please provide more details about your business idea', 2000, 'Business idea description must be less than 2000 characters', true),
  experience: cleaned(10, 'Please describe your entrepreneurial experience', 2000, 'Experience description must be less than 2000 characters', true),
  goals: cleaned(10, 'Please share your goals for the program', 2000, 'Goals description must be less than 2000 characters', true),
  availability: cleaned(5, 'Please confirm your availability', 1000, 'Availability confirmation must be less than 1000 characters', true),
});
export type TIncubatorRegistration = z.infer<typeof ZIncubatorRegistration>;

// ── Stored submissions ───────────────────────────────────────────────────────────────────────────

/** Every kind of form stored in form_submissions (the table's check constraint), including the ecosystem's two. */
export const FORM_KINDS = ['scholarship', 'consultation', 'incubator_application', 'incubator_registration', 'business_application', 'feedback'] as const;
/** One stored form kind. */
export type FormKind = (typeof FORM_KINDS)[number];
/** A form kind, validated. */
const ZFormKind = z.enum(FORM_KINDS, { error: 'Unknown form' });

/** How the admin Submissions page names each kind. */
export const FORM_LABELS: Record<FormKind, string> = {
  scholarship: 'Scholarship application',
  consultation: 'Consultation request',
  incubator_application: 'Incubator application',
  incubator_registration: 'Incubator registration',
  business_application: 'Business application',
  feedback: 'Feedback',
};

/** The answer to a stored form: its id and when it was received. */
export const ZFormStored = z.object({ id: z.string(), createdAt: z.string() });
export type TFormStored = z.infer<typeof ZFormStored>;

/** GET /api/admin/submissions query: an optional form filter and a page. */
export const ZSubmissionQuery = z.object({
  form: ZFormKind.optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000, 'page is too large').default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int('pageSize must be a whole number').min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').default(20),
});
export type TSubmissionQuery = z.infer<typeof ZSubmissionQuery>;

/** One stored submission as admins read it: the payload is shown generically as label/value pairs. */
const ZSubmission = z.object({
  id: z.string(),
  form: ZFormKind,
  payload: z.record(z.string(), z.unknown()),
  email: z.string().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

/** GET /api/admin/submissions answer: newest first. */
export const ZSubmissionPage = z.object({
  rows: z.array(ZSubmission),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TSubmissionPage = z.infer<typeof ZSubmissionPage>;
