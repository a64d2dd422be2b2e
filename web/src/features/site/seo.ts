import type { PRERENDERED_PRIVATE_ROUTES, PUBLIC_ROUTES } from '@app/common/routes';
import { PRODUCT_NAME, pageTitle } from '../../components/brand';
import { offerAvailability } from '@app/common/domain/cohorts';
import type { TCohortPublic, TProgramView } from '@app/common/schemas/program';
import { PROGRAM } from '../incubator/program';
import { cohortText } from '../program/cohort-text';
import type { TSiteData, TSiteSettings } from '@app/common/schemas/site';

/** What a search engine or a chat app shows for a page: the document title, the description and structured data. */
export interface PageMeta {
  title: string;
  description: string;
  /** schema.org objects for `<script type="application/ld+json">` (each with its own @context). */
  jsonLd?: object[];
}

/** The share image (1200×630), drawn at build time by the worker's image tools (scripts/prerender-web.ts). */
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: `${PRODUCT_NAME}: education, business incubation and a public token ledger` };

/** The organisation, on the landing page, with the addresses admins set. `origin` is PUBLIC_URL. */
function organization(origin: string, settings: TSiteSettings | null): object {
  const sameAs = [settings?.mainSiteUrl, ...(settings?.socials ?? []).map((l) => l.href)].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: PRODUCT_NAME,
    url: `${origin}/`,
    logo: `${origin}${SHARE_IMAGE.path}`,
    ...(settings?.contactEmail ? { email: settings.contactEmail } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/**
 * A cohort as a schema.org Event, from the cohorts table: its own start and end (with the zone's offset), scheduled,
 * and an offer whose availability says whether it sells now. A started cohort keeps its past dates, so nothing reads
 * it as upcoming.
 */
function cohortEvent(origin: string, c: TCohortPublic): object {
  const t = cohortText(c);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: PROGRAM.name,
    description: `${t.label}: a ${c.weeks}-week business incubator with weekly sessions at ${t.sessionTime}, limited to ${c.seats} participants.`,
    startDate: c.startsAt,
    endDate: c.endsAt,
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: `${origin}/events/i-am-the-business` },
    organizer: { '@type': 'Organization', name: PRODUCT_NAME, url: `${origin}/` },
    offers: {
      '@type': 'Offer',
      price: (c.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      url: `${origin}/incubator`,
      availability: `https://schema.org/${offerAvailability(c.state, c.seatsFree)}`,
      validFrom: c.enrolmentOpensAt,
    },
    image: `${origin}${SHARE_IMAGE.path}`,
  };
}

/** The program's words for a page description: the next cohort's start, or plainly that none is open. */
function programLine(program: TProgramView | null): string {
  const next = program?.next;
  if (!next) return 'No cohort is open for enrolment right now; leave your e-mail to hear when the next one opens.';
  const t = cohortText(next);
  return `${t.label} starts ${t.startDate}, weekly at ${t.sessionTime}: ${next.weeks} weeks, ${next.seats} participants.`;
}

export type MetaRoute = (typeof PUBLIC_ROUTES)[number] | (typeof PRERENDERED_PRIVATE_ROUTES)[number] | '404';

/**
 * Per page; the titles are the ones each page sets with `<title>`, so the first paint and React agree. `site`: what the
 * page renders with; `program` (the API's program view) fills the program pages' descriptions and the event's JSON-LD;
 * without it they say nothing dated.
 */
export function pageMeta(route: MetaRoute, origin: string, site: TSiteData | null = null, program: TProgramView | null = null): PageMeta {
  const cohort = program?.next ?? program?.running ?? null;
  switch (route) {
    case '/':
      return {
        title: pageTitle(),
        description: 'Education, business incubation and a public ledger of ADX token purchases: join the community, sponsor a student or invest.',
        jsonLd: [organization(origin, site?.settings ?? null)],
      };
    case '/pitch-deck':
      return { title: pageTitle('Pitch Deck'), description: `The ${PRODUCT_NAME} investor pitch deck: the seven sectors, the ADX token, the use of funds and the roadmap.` };
    case '/token-ledger':
      return { title: pageTitle('Token Ledger'), description: 'A public record of every ADX token purchase, with running totals. Look up your investor ID to verify yours.' };
    case '/dog-pound':
      return { title: pageTitle('DOG POUND'), description: 'DOG POUND: the brotherhood of speakers and members who meet for short weekly sessions.' };
    case '/incubator':
      return { title: pageTitle(`${PROGRAM.name} Incubator`), description: `${PROGRAM.name}, the business incubator. ${programLine(program)}` };
    case '/incubator-application':
      return { title: pageTitle('Apply to the Incubator'), description: `Apply to ${PROGRAM.name}: we answer every application within ${PROGRAM.reviewHours} hours. ${programLine(program)}` };
    case '/events/i-am-the-business':
      return {
        title: pageTitle(`${PROGRAM.name}: Event Details`),
        description: `${PROGRAM.name}, the business incubator. ${programLine(program)}`,
        ...(cohort ? { jsonLd: [cohortEvent(origin, cohort)] } : {}),
      };
    case '/business-ecosystem':
      return { title: pageTitle('Business Ecosystem'), description: `The ${PRODUCT_NAME} business ecosystem: the standards our ventures keep and the support members give each other.` };
    case '/donation-success':
      return { title: pageTitle('Thank you'), description: `Your donation to ${PRODUCT_NAME}.` };
    case '/payment-success':
      return { title: pageTitle('Payment successful'), description: `Your ${PROGRAM.name} payment.` };
    case '404':
      return { title: pageTitle('Page not found'), description: 'This page does not exist.' };
  }
}
