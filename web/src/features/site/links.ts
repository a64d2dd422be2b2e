/**
 * Every address outside this site, in one place. These are PLACEHOLDERS until the organisation supplies the real
 * ones (see README, "Configuration to fill in"): each is a plausible https address on a placeholder account or a reserved example domain, so
 * nothing here pretends to work. Change them here and nowhere else.
 */

/** The organisation's contact address: scholarship and registration mail drafts go to it. */
export const ORG_EMAIL = 'info@adx-trust.example.org';

/** The organisation's main site ('Learn More About Us'): a placeholder to fill in before going live, though no page links it yet. @public */
export const ORG_SITE_URL = 'https://www.adx-trust.example.org';

/** The external scheduling page for a 30-minute sector consultation (Learn More on sector cards and the consultation dialog). */
export const SCHEDULING_URL = 'https://calendly.com/adx-trust/sector-consultation';

/** The external registration page opened 1 s after the incubator registration form (form B) is sent. */
export const REGISTRATION_URL = 'https://www.eventbrite.com/e/i-am-the-business-cohort-1-registration';

/** The chat-platform community (Discord) invite: the virtual cohort, 'Join Discord', the DOG POUND sessions. */
export const COMMUNITY_INVITE_URL = 'https://discord.gg/adx-trust';

/** The incubator's intro video and the pitch deck's video pitch (embedded on request, privacy-enhanced player). */
export const INCUBATOR_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/adx-incubator-intro';
export const PITCH_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/adx-pitch';

/** The business-planning canvas app (its QR code is generated from this address). */
export const BUSINESS_CANVAS_URL = 'https://canvas.adx-trust.example.org';

/** The motivational app, The 10th Percentile (its QR code is generated from this address). */
export const TENTH_PERCENTILE_URL = 'https://the10thpercentile.example.com';

/** Social links in the footer. */
export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/adxtrust' },
  { name: 'Instagram', href: 'https://www.instagram.com/adxtrust' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/adx-trust' },
  { name: 'YouTube', href: 'https://www.youtube.com/@adxtrust' },
] as const;

/** The ten featured ventures from the first cohort on the pitch deck (name + external link, opened in a new tab). */
export const VENTURES = [
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
] as const;

/** The presenter named on the pitch deck. */
export const PITCH_PRESENTER = 'Marcus D. Whitfield, Founder';
