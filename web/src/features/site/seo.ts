import type { PRERENDERED_PRIVATE_ROUTES, PUBLIC_ROUTES } from '@app/common/routes';
import { PRODUCT_NAME, pageTitle } from '../../components/brand';
import { PROGRAM } from '../incubator/program';
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

/** The incubator program as a schema.org Event: starts October 4 2025, 10:00 AM, online (spec §1, §9). */
function programEvent(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: PROGRAM.name,
    description: `A ${PROGRAM.weeks}-week business incubator with weekly sessions at ${PROGRAM.sessionTime}, limited to ${PROGRAM.cohortCap} participants per cohort.`,
    // The spec gives the local time without a time zone.
    startDate: '2025-10-04T10:00:00',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: `${origin}/events/i-am-the-business` },
    organizer: { '@type': 'Organization', name: PRODUCT_NAME, url: `${origin}/` },
    offers: { '@type': 'Offer', price: '2497', priceCurrency: 'USD', url: `${origin}/incubator` },
    image: `${origin}${SHARE_IMAGE.path}`,
  };
}

export type MetaRoute = (typeof PUBLIC_ROUTES)[number] | (typeof PRERENDERED_PRIVATE_ROUTES)[number] | '404';

/** Per page; the titles are the ones each page sets with `<title>`, so the first paint and React agree. `site`: what the page renders with. */
export function pageMeta(route: MetaRoute, origin: string, site: TSiteData | null = null): PageMeta {
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
      return { title: pageTitle(`${PROGRAM.name} Incubator`), description: `${PROGRAM.name}: a ${PROGRAM.weeks}-week incubator starting ${PROGRAM.startDate}, weekly at ${PROGRAM.sessionTime}, ${PROGRAM.cohortCap} participants per cohort.` };
    case '/incubator-application':
      return { title: pageTitle('Apply to the Incubator'), description: `Apply to ${PROGRAM.name}, ${PROGRAM.cohortLabel}: we answer every application within ${PROGRAM.reviewHours} hours.` };
    case '/events/i-am-the-business':
      return {
        title: pageTitle(`${PROGRAM.name}: Event Details`),
        description: `${PROGRAM.name} starts ${PROGRAM.startDate} at ${PROGRAM.sessionTime}, online: ${PROGRAM.weeks} weekly sessions for ${PROGRAM.cohortCap} entrepreneurs.`,
        jsonLd: [programEvent(origin)],
      };
    case '/business-ecosystem':
      return { title: pageTitle('Business Ecosystem'), description: `The ${PRODUCT_NAME} business ecosystem: the standards our ventures keep and the support members give each other.` };
    case '/donation-success':
      return { title: pageTitle('Thank you'), description: `Your donation to ${PRODUCT_NAME}.` };
    case '/payment-success':
      return { title: pageTitle('Payment successful'), description: `Your ${PROGRAM.name} enrolment.` };
    case '404':
      return { title: pageTitle('Page not found'), description: 'This page does not exist.' };
  }
}
