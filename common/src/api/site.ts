import { ZSiteData, ZSiteSettings, ZTokenSale } from '../schemas/site';
import { contract } from './contract';
import { SITE_PATHS } from './site-paths';

/** The site module: the content the public pages render with, and the admins' edits of it. */
export const siteApi = {
  get: contract({ method: 'GET', path: SITE_PATHS.site, response: ZSiteData }),
  saveSettings: contract({ method: 'PUT', path: '/api/admin/site/settings', body: ZSiteSettings, response: ZSiteData }),
  saveTokenSale: contract({ method: 'PUT', path: '/api/admin/site/token-sale', body: ZTokenSale, response: ZSiteData }),
};
