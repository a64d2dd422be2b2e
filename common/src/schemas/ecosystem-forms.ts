import { z } from 'zod';
import { zText } from '../domain/text';

/**
 * The two forms of the ecosystem page (members-site spec §3, §5), used by the web forms and by
 * POST /api/forms/business-application and /api/forms/feedback, so both show the same messages.
 */

/** The spec's validation messages (§5), in one place. */
export const FORM_MESSAGES = {
  businessName: 'Business name must be at least 2 characters',
  contactName: 'Contact name must be at least 2 characters',
  email: 'Please enter a valid email address',
  website: 'Please enter a valid URL',
  businessDescription: 'Please provide at least 50 characters describing your business',
  customerService: 'Please provide at least 50 characters about your customer service',
  communityProject: 'Please provide at least 50 characters about your community support',
  businessModel: 'Please provide at least 50 characters about your business model',
  technology: 'Please provide at least 50 characters about your technology use',
  feedbackType: 'Please choose feedback, complaint or suggestion',
  subject: 'Subject must be at least 5 characters',
  messageMin: 'Message must be at least 50 characters',
  messageMax: 'Message must be less than 1000 characters',
} as const;

/** §9: names at least 2 characters, long answers at least 50, subject at least 5, message 50 to 1000. */
export const FORM_LIMITS = { name: 2, longAnswer: 50, subject: 5, messageMin: 50, messageMax: 1000 } as const;

/** Upper bounds the spec leaves open, so one request cannot store megabytes of text. */
const NAME_MAX = 200;
const ANSWER_MAX = 5000;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A required text of at least `min` characters (after the shared cleaning step); a missing value gets the same message. */
function text(min: number, message: string, max: number, maxMessage: string, multiline = false) {
  return zText({ multiline, error: message }).pipe(z.string().min(min, message).max(max, maxMessage));
}

function longAnswer(message: string) {
  return text(FORM_LIMITS.longAnswer, message, ANSWER_MAX, `Please keep this under ${ANSWER_MAX} characters`, true);
}

const email = z.preprocess(trimmed, z.email({ error: FORM_MESSAGES.email }).max(320, FORM_MESSAGES.email));
const optionalEmail = z.preprocess(blankToUndefined, email.optional());

/**
 * Optional website: blank means none; a bare domain such as `mybusiness.com` is read as https://…;
 * anything else must be an http(s) URL with a real host name.
 */
const website = z.preprocess(
  (v) => {
    const s = blankToUndefined(trimmed(v));
    return typeof s === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(s) ? `https://${s}` : s;
  },
  z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: FORM_MESSAGES.website }).max(2048, FORM_MESSAGES.website).optional(),
);

const optionalName = z.preprocess(blankToUndefined, zText().pipe(z.string().max(NAME_MAX, `Please keep this under ${NAME_MAX} characters`)).optional());

/** The Business Application Form. */
export const ZBusinessApplication = z.object({
  businessName: text(FORM_LIMITS.name, FORM_MESSAGES.businessName, NAME_MAX, `Business name must be less than ${NAME_MAX} characters`),
  contactName: text(FORM_LIMITS.name, FORM_MESSAGES.contactName, NAME_MAX, `Contact name must be less than ${NAME_MAX} characters`),
  contactEmail: email,
  website,
  businessDescription: longAnswer(FORM_MESSAGES.businessDescription),
  customerService: longAnswer(FORM_MESSAGES.customerService),
  communityProject: longAnswer(FORM_MESSAGES.communityProject),
  businessModel: longAnswer(FORM_MESSAGES.businessModel),
  technology: longAnswer(FORM_MESSAGES.technology),
});
export type TBusinessApplication = z.infer<typeof ZBusinessApplication>;

/** The three kinds of feedback; `feedback` is the default. */
export const FEEDBACK_TYPES = ['feedback', 'complaint', 'suggestion'] as const;
export type TFeedbackType = (typeof FEEDBACK_TYPES)[number];

/** The feedback / complaint / suggestion form. */
export const ZFeedback = z.object({
  name: optionalName,
  email: optionalEmail,
  businessName: optionalName,
  type: z.enum(FEEDBACK_TYPES, { error: FORM_MESSAGES.feedbackType }).default('feedback'),
  subject: text(FORM_LIMITS.subject, FORM_MESSAGES.subject, NAME_MAX, `Subject must be less than ${NAME_MAX} characters`),
  message: text(FORM_LIMITS.messageMin, FORM_MESSAGES.messageMin, FORM_LIMITS.messageMax, FORM_MESSAGES.messageMax, true),
});
export type TFeedback = z.infer<typeof ZFeedback>;


/** Each field's first message from a failed parse, keyed by field name (for showing under each control). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}
