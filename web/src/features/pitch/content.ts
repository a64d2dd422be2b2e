import type { RoadmapKey } from '@app/common/domain/pitch';
import { ROADMAP_PROGRESS } from '@app/common/domain/pitch';

/** The solution panel's sectors (spec §2 pitch deck, point 4): key, title, description; 'default' is shown first. */
export const PITCH_SECTORS = [
  {
    key: 'education',
    label: 'Education',
    title: 'Education',
    description: 'A decentralized learning hub with verified resources and educators, where learning leads to earning.',
  },
  { key: 'media', label: 'Media', title: 'Media', description: 'A transparent platform that rewards factual, high-quality content and the people who create it.' },
  {
    key: 'economics',
    label: 'Economics',
    title: 'Economics',
    description: 'A fair, open marketplace with transparent, secure transactions using the ADX token.',
  },
  { key: 'family', label: 'Family', title: 'Family', description: 'Tools for family well-being, secure communication and community support.' },
  {
    key: 'arts',
    label: 'Arts & Entertainment',
    title: 'Arts and Entertainment',
    description: 'A platform where creators share their work, engage their audiences and are paid fairly, without intermediaries.',
  },
  { key: 'religion', label: 'Religion', title: 'Religion', description: 'A space for spiritual communities to connect, worship, serve and grow together.' },
  {
    key: 'government',
    label: 'Government',
    title: 'Government',
    description: 'Tools for transparent governance and civic engagement, so every voice is counted and every decision can be checked.',
  },
] as const;

/** The panel before any sector is chosen. */
export const DEFAULT_SECTOR = {
  key: 'default',
  title: 'The Seven Sectors',
  description:
    'Education, media, economics, family, arts and entertainment, religion and government: the seven places where communities are built. Choose one to see what we are building there.',
} as const;

/** The roadmap's four phases (spec §9), with their step labels and progress. */
export const ROADMAP: Array<{ key: RoadmapKey; step: string; title: string; description: string; progress: number }> = [
  {
    key: 'q4-2024',
    step: "Q4 '24",
    title: 'Foundation & Funding',
    description: 'Secure initial funding from friends, family and associates, and begin building the core ecosystem and AI tools.',
    progress: ROADMAP_PROGRESS['q4-2024'],
  },
  {
    key: 'q1-2025',
    step: "Q1 '25",
    title: 'Launch & Incubation',
    description: 'Create the ADX token on a public blockchain and launch the first incubator cohort.',
    progress: ROADMAP_PROGRESS['q1-2025'],
  },
  {
    key: 'q2-2025',
    step: "Q2 '25",
    title: 'Onboarding & Growth',
    description: 'Onboard the first businesses and users, and begin the initial ecosystem transactions.',
    progress: ROADMAP_PROGRESS['q2-2025'],
  },
  {
    key: 'ongoing',
    step: 'Next',
    title: 'Scaling the Vision',
    description: 'Scale the incubator nationwide and expand into all seven sectors.',
    progress: ROADMAP_PROGRESS.ongoing,
  },
];

/** The doughnut's colours, in slice order: green, blue, amber. */
export const FUND_COLORS = ['#15803d', '#1d4ed8', '#d97706'] as const;
