/**
 * The incubator's facts the server states in mail (spec §1, §9). The web app keeps the same facts in
 * web/src/features/incubator/program.ts; the lead may make that file re-export these.
 */
export const PROGRAM_FACTS = {
  name: 'I Am The Business',
  weeks: 12,
  sessionTime: '10:00 AM',
  startDate: 'October 4th 2025',
  schedule: '12 weekly sessions at 10:00 AM on the chat community',
  communityAccess: '1 week before the start',
  reviewHours: 48,
  confirmationHours: 24,
  scholarshipDecision: '5-7 business days',
} as const;
