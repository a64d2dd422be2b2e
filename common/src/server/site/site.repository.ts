import type { Knex } from 'knex';
import type { TokenSale } from '../../domain/payments';
import { ZSiteSettings, type TSiteData, type TSiteSettings } from '../../schemas/site';

interface SaleRow { tokens_per_dollar: string; min_cents: string; max_cents: string; step_cents: string; open: boolean }

/** "10.0000" → "10", "12.5000" → "12.5": the rate as people write it. */
const plainRate = (rate: string) => rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** The token sale as configured now (the migration writes its one row). */
export async function loadTokenSale(db: Knex): Promise<TokenSale> {
  const row = (await db('token_sale').first('tokens_per_dollar', 'min_cents', 'max_cents', 'step_cents', 'open')) as SaleRow | undefined;
  if (!row) throw new Error('token_sale row is missing: run the migrations');
  return { tokensPerDollar: plainRate(row.tokens_per_dollar), minCents: Number(row.min_cents), maxCents: Number(row.max_cents), stepCents: Number(row.step_cents), open: row.open };
}

/** The site settings as stored, read through the same schema admins save with (so a stored value always fits the pages). */
export async function loadSiteSettings(db: Knex): Promise<TSiteSettings> {
  const row = (await db('site_settings').first('settings')) as { settings: unknown } | undefined;
  if (!row) throw new Error('site_settings row is missing: run the migrations');
  return ZSiteSettings.parse(row.settings);
}

/** The content revision: bumped (and NOTIFYed on `site_changed`) by every change to a table the public pages show. */
export async function siteRevision(db: Knex): Promise<number> {
  const row = (await db('site_revision').first('revision')) as { revision: string } | undefined;
  return Number(row?.revision ?? 0);
}

/**
 * The one function that builds what the public pages render with (the server render and the browser start from
 * it). A map of named parts: a part added here (e.g. the current cohort) reaches every page and the browser alike.
 * Read in one transaction so the revision names exactly the content beside it.
 */
export async function loadSiteSeed(db: Knex): Promise<TSiteData> {
  return db.transaction(async (trx) => {
    // One after the other: the transaction's one connection runs one statement at a time.
    const revision = await siteRevision(trx);
    const settings = await loadSiteSettings(trx);
    return { revision, settings, tokenSale: await loadTokenSale(trx) };
  }, { isolationLevel: 'repeatable read', readOnly: true });
}

/** Replaces the settings (already validated), noting who did it. */
export async function saveSiteSettings(db: Knex, settings: TSiteSettings, userId: string | null): Promise<void> {
  await db('site_settings').where({ id: true }).update({ settings: JSON.stringify(settings), updated_by: userId, updated_at: db.fn.now() });
}

/** Replaces the token sale (already validated); payments keep the rate they were sold at. */
export async function saveTokenSale(db: Knex, sale: TokenSale, userId: string | null): Promise<void> {
  await db('token_sale').where({ id: true }).update({
    tokens_per_dollar: sale.tokensPerDollar,
    min_cents: sale.minCents,
    max_cents: sale.maxCents,
    step_cents: sale.stepCents,
    open: sale.open,
    updated_by: userId,
    updated_at: db.fn.now(),
  });
}
