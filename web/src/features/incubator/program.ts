import { PROGRAM_FACTS } from '@app/common/domain/program';

/**
 * The 'I Am The Business' incubator's facts that stay from cohort to cohort (spec §1, §9). Each cohort's dates,
 * schedule, seats and price are data (GET /api/program, features/program/store.ts), never constants here.
 */
export const PROGRAM = {
  name: PROGRAM_FACTS.name,
  makeupSessions: 1,
  reviewHours: PROGRAM_FACTS.reviewHours,
  scholarshipDecision: PROGRAM_FACTS.scholarshipDecision,
} as const;

/** What participants learn. */
export const LEARNING_TOPICS = [
  { title: 'Business Model Validation', text: 'Test your idea with real customers before you spend real money.' },
  { title: 'Financial Planning & Fundraising', text: 'Budgets, pricing, projections and how to raise your first capital.' },
  { title: 'Marketing & Customer Acquisition', text: 'Find your first hundred customers and keep them.' },
  { title: 'Legal Compliance', text: 'Structure, licences, contracts and protecting what you build.' },
  { title: 'Technology', text: 'The tools that let a small team work like a large one.' },
  { title: 'Networking', text: 'Mentors, partners and a cohort that stays with you after graduation.' },
] as const;

