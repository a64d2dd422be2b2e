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

/** A link in the signed-in member's menu; `server` pages are served by the API, not this app (a full page load). */
export interface AccountLink {
  label: string;
  to: string;
  server?: boolean;
}

/** The member's menu (top bar and mobile menu alike): their payments and receipts, their own profile, the admin pages for admins, Security. */
export function accountLinks(user: { username: string | null; isAdmin: boolean }): AccountLink[] {
  const links: AccountLink[] = [{ label: 'My Account', to: '/account' }];
  if (user.username) links.push({ label: 'My Profile', to: `/profile/${encodeURIComponent(user.username)}` });
  if (user.isAdmin) {
    links.push(
      { label: 'Submissions', to: '/admin/submissions' },
      { label: 'Payments', to: '/admin/payments' },
      { label: 'Cohorts', to: '/admin/cohorts' },
      { label: 'Token Admin', to: '/token-admin' },
      { label: 'Outbox', to: '/admin/outbox' },
      { label: 'Site settings', to: '/admin/settings' },
      // The queue dashboard is bull-board, served by the API.
      { label: 'Job queues', to: '/admin/queues', server: true },
    );
  }
  links.push({ label: 'Security', to: '/security' });
  return links;
}
