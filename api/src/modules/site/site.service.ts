import type { Knex } from 'knex';
import type { TokenSale } from '@app/common/domain/payments';
import type { TSiteData, TSiteSettings } from '@app/common/schemas/site';
import { audit, type AuditContext } from '@app/common/server/audit.repository';
import { loadSiteSeed, loadSiteSettings, loadTokenSale, saveSiteSettings, saveTokenSale } from '@app/common/server/site/site.repository';

/** The settings keys whose value differs (what the audit row names; values may be long). */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

/** Saves the settings and audits which ones changed; the pages follow through the content revision. */
export async function updateSettings(db: Knex, settings: TSiteSettings, who: AuditContext): Promise<TSiteData> {
  await db.transaction(async (trx) => {
    const before = await loadSiteSettings(trx);
    await saveSiteSettings(trx, settings, who.userId);
    await audit(trx, 'admin_site_settings_updated', who, { changed: changedKeys(before, settings) });
  });
  return loadSiteSeed(db);
}

/** Saves the token sale and audits the old and new configuration (a price change is a money decision). */
export async function updateTokenSale(db: Knex, sale: TokenSale, who: AuditContext): Promise<TSiteData> {
  await db.transaction(async (trx) => {
    const before = await loadTokenSale(trx);
    await saveTokenSale(trx, sale, who.userId);
    await audit(trx, 'admin_token_sale_updated', who, { before, after: sale });
  });
  return loadSiteSeed(db);
}
