/**
 * The incubator's facts that do not change from cohort to cohort (spec §1, §9). Dates, times, weeks, seats and
 * prices are each cohort's data (the cohorts table, domain/cohorts.ts), never constants here.
 */
export const PROGRAM_FACTS = {
  name: 'I Am The Business',
  communityAccess: '1 week before the start',
  reviewHours: 48,
  confirmationHours: 24,
  scholarshipDecision: '5-7 business days',
} as const;
