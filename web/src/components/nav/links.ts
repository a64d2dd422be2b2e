/** The top bar's links (spec §2 "Top navigation"): in-page anchors of the landing page, and the pitch deck. */
export const NAV_LINKS = [
  { label: 'Events', to: '/#events' },
  { label: 'Pitch Deck', to: '/pitch-deck' },
  { label: 'Incubator', to: '/#incubator' },
  { label: 'Partnership', to: '/#partnership' },
  { label: 'Get Involved', to: '/#get-involved' },
] as const;

/** The DOG POUND dropdown's items. */
export const DOG_POUND_LINKS = [
  { label: 'DOG POUND', to: '/dog-pound', hint: 'Brotherhood morning sessions' },
  { label: 'Directory', to: '/community', hint: 'Find community members' },
  { label: 'Security', to: '/security', hint: 'Your security dashboard' },
  { label: 'Speakers', to: '/speakers', hint: 'Sessions, archive and the live studio' },
  { label: 'Ecosystem', to: '/business-ecosystem', hint: 'Join the business ecosystem' },
] as const;
