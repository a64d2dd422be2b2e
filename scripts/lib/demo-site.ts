import type { Knex } from 'knex';
import { ZSiteSettings, type TSiteSettings } from '@app/common/schemas/site';
import { loadSiteSettings, saveSiteSettings } from '@app/common/server/site/site.repository';

/**
 * The demo site's settings: every address on a reserved example domain or a placeholder account, so the demo looks
 * complete and nothing pretends to be the organisation's. No video (none exists: the pages show their posters), and
 * no figure the demo's own data would contradict (no alumni count beside the inaugural cohort, no member count beside
 * a directory of a dozen): the organisation states its own figures before going live (README, "Site settings").
 */
const DEMO_SITE_SETTINGS: TSiteSettings = ZSiteSettings.parse({
  contactEmail: 'info@adx-trust.example.org',
  mainSiteUrl: 'https://www.adx-trust.example.org',
  schedulingUrl: 'https://calendly.com/adx-trust/sector-consultation',
  registrationUrl: 'https://www.eventbrite.com/e/i-am-the-business-cohort-1-registration',
  communityInviteUrl: 'https://discord.gg/adx-trust',
  businessCanvasUrl: 'https://canvas.adx-trust.example.org',
  tenthPercentileUrl: 'https://the10thpercentile.example.com',
  socials: [
    { name: 'Facebook', href: 'https://www.facebook.com/adxtrust' },
    { name: 'Instagram', href: 'https://www.instagram.com/adxtrust' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/adx-trust' },
    { name: 'YouTube', href: 'https://www.youtube.com/@adxtrust' },
  ],
  ventures: [
    { name: 'Crown & Crumb Bakery', href: 'https://crownandcrumb.example.com' },
    { name: 'Legacy Lawn Care', href: 'https://legacylawncare.example.com' },
    { name: 'Faithful Finance Coaching', href: 'https://faithfulfinance.example.com' },
    { name: 'Kingdom Kids Tutoring', href: 'https://kingdomkidstutoring.example.com' },
    { name: 'Heritage Threads Apparel', href: 'https://heritagethreads.example.com' },
    { name: 'Sound Mind Media', href: 'https://soundmindmedia.example.com' },
    { name: 'Harvest Table Catering', href: 'https://harvesttable.example.com' },
    { name: 'Iron Sharpens Fitness', href: 'https://ironsharpens.example.com' },
    { name: 'Cornerstone Home Repair', href: 'https://cornerstonerepair.example.com' },
    { name: 'Bright Path Tech Services', href: 'https://brightpathtech.example.com' },
  ],
  presenter: 'Marcus D. Whitfield, Founder',
  organisationName: 'ADX Trust',
  organisationAddress: '100 Example Avenue, Suite 200\nSpringfield, IL 62701',
  receiptTaxNote: 'No goods or services were provided in exchange for this contribution.',
  claims: [
    { figure: '7', label: 'Sectors served' },
    { figure: '12', label: 'Weeks per cohort' },
    { figure: '24/7', label: 'Mentor support' },
  ],
  programClaims: [
    { figure: '12', label: 'Weekly sessions' },
    { figure: '24/7', label: 'Mentor support' },
    { figure: '48 h', label: 'Application answer' },
  ],
  sectors: { education: 'Education', media: 'Media', economy: 'Economics', government: 'Government', family: 'Family', arts: 'Arts & Entertainment', religion: 'Religion' },
  roadmap: [
    { step: 'Phase 1', title: 'Foundation & Funding', description: 'Secure initial funding from friends, family and associates, and begin building the core ecosystem and AI tools.', progress: 100 },
    { step: 'Phase 2', title: 'Launch & Incubation', description: 'Create the ADX token on a public blockchain and launch the first incubator cohort.', progress: 40 },
    { step: 'Phase 3', title: 'Onboarding & Growth', description: 'Onboard the first businesses and users, and begin the initial ecosystem transactions.', progress: 0 },
    { step: 'Next', title: 'Scaling the Vision', description: 'Scale the incubator nationwide and expand into all seven sectors.', progress: 0 },
  ],
});

/** Writes the demo settings unless an admin has set an address already (an operator's edits are never overwritten). Returns whether it wrote. */
export async function seedSiteSettings(db: Knex): Promise<boolean> {
  const current = await loadSiteSettings(db);
  if (current.contactEmail || current.communityInviteUrl || current.mainSiteUrl) return false;
  await saveSiteSettings(db, DEMO_SITE_SETTINGS, null);
  return true;
}
