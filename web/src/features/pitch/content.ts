import type { SectorKey } from '@app/common/schemas/site';

/** The solution panel's sectors (spec §2 pitch deck, point 4): key and description; each name is the site setting's. */
export const PITCH_SECTORS: ReadonlyArray<{ key: SectorKey; description: string }> = [
  {
    key: 'education',
    description: 'A decentralized learning hub with verified resources and educators, where learning leads to earning.',
  },
  { key: 'media', description: 'A transparent platform that rewards factual, high-quality content and the people who create it.' },
  {
    key: 'economy',
    description: 'A fair, open marketplace with transparent, secure transactions using the ADX token.',
  },
  { key: 'family', description: 'Tools for family well-being, secure communication and community support.' },
  {
    key: 'arts',
    description: 'A platform where creators share their work, engage their audiences and are paid fairly, without intermediaries.',
  },
  { key: 'religion', description: 'A space for spiritual communities to connect, worship, serve and grow together.' },
  {
    key: 'government',
    description: 'Tools for transparent governance and civic engagement, so every voice is counted and every decision can be checked.',
  },
];

/** The panel before any sector is chosen. */
export const DEFAULT_SECTOR = {
  title: 'The Seven Sectors',
  description: (names: string[]) => `${names.join(', ')}: the seven places where communities are built. Choose one to see what we are building there.`,
} as const;

/** The doughnut's colours, in slice order: green, blue, amber. */
export const FUND_COLORS = ['#15803d', '#1d4ed8', '#d97706'] as const;
