/**
 * The site data's address and the id of the JSON block a rendered page carries it in, without zod: every page reads
 * the site data, so it must not pull the schema library into the pages' first load.
 */
export const SITE_PATHS = { site: '/api/site' } as const;

/** The id of the `<script type="application/json">` a rendered page carries its site data in (the browser hydrates from it). */
export const SITE_SEED_ID = 'site-seed';
