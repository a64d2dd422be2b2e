/** The organisation's contact address (payment success page). */
export const CONTACT_EMAIL = 'hello@adxtrust.org';
/** The organisation's main website ('Learn More About Us'). */
export const ORG_SITE_URL = 'https://adxtrust.org';
/** The chat community (Discord invite). */
export const COMMUNITY_URL = 'https://discord.gg/adxtrust';
