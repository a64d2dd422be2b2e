/**
 * The 'I Am The Business' incubator's facts as the spec states them (§1, §9); every page that describes the
 * program reads them from here.
 */
export const PROGRAM = {
  name: 'I Am The Business',
  weeks: 12,
  sessionTime: '10:00 AM',
  startDate: 'October 4, 2025',
  startDateShort: 'October 4th 2025',
  cohortLabel: 'Cohort 1 of 10',
  cohortCap: 25,
  priceLabel: '$2,497',
  sessionsExpected: 12,
  makeupSessions: 1,
  reviewHours: 48,
  scholarshipDecision: '5-7 business days',
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

/** The cohort facts shown as a list on the program pages. */
export const COHORT_FACTS = [
  { label: 'Next cohort', value: `Starts ${PROGRAM.startDate}` },
  { label: 'Schedule', value: `${PROGRAM.weeks} weeks, weekly sessions at ${PROGRAM.sessionTime}` },
  { label: 'Format', value: 'Hybrid: online plus in person; virtual cohort on our Discord community' },
  { label: 'Cohort', value: `${PROGRAM.cohortLabel}, the inaugural cohort; runs quarterly in different cities` },
  { label: 'Class size', value: `Limited to ${PROGRAM.cohortCap} participants per cohort` },
] as const;
