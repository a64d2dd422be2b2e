// The ledger page's Verify (docs/ledger-transparency.md): a reader checks, in the browser, a found row's leaf, its
// inclusion proof and the checkpoint's signature; the next visit checks that the ledger only grew; a row edited
// behind the append-only trigger fails and says so.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { ledgerSignerOf } from '@app/common/server/ledger/ledger-key';
import { signCheckpoint } from '@app/common/server/ledger/tlog-checkpoints';
import { useE2eSite } from '../helpers/e2e';
import { screenshot } from '../helpers/site';

const site = useE2eSite();
let page: Page;

const row = (investor_id: string, usd: string) => ({ investor_id, purchase_date: '2026-03-04', investment_amount_usd: usd, tokens_to_be_distributed: `${Number(usd) * 10}.00000000`, source: 'admin' as const });
/** What the worker does after each committed batch. */
const checkpoint = () => signCheckpoint(site.app.database.db, ledgerSignerOf(site.app.config));
const indexOf = async (investor: string) =>
  Number(((await site.app.database.db('ledger_log as l').join('token_purchases as p', 'p.id', 'l.purchase_id').where('p.investor_id', investor).first('l.log_index')) as { log_index: string }).log_index);

beforeAll(async () => {
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await appendLedgerRows(site.app.database.db, [row('ADXV0001', '10.00'), row('ADXV0002', '25.50'), row('ADXV0003', '7.00')]);
  await checkpoint();
});

describe('Verify on /token-ledger', () => {
  it('verifies a found row in the browser and says what was proven', async () => {
    await page.goto(`${site.app.baseUrl}/token-ledger`);
    await page.getByLabel('Investor ID').fill('ADXV0002');
    await page.getByText('Found 1 matching record(s)').waitFor();
    await page.getByTestId('ledger-verify-row').click();
    const panel = page.getByTestId('ledger-verify');
    await expect.poll(() => panel.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('verified');
    const index = await indexOf('ADXV0002');
    expect(await panel.innerText()).toContain(`Your purchase is row ${index + 1} of 3 in the checkpoint signed at`);
    // The address follows the outcome (a router navigation re-renders the whole site, so it waits until the panel says).
    await expect.poll(() => new URL(page.url()).searchParams.get('verify')).toBe(String(index));
    await screenshot(page, 'ledger-verify');
    const narrow = await site.browser.newPage({ viewport: { width: 375, height: 800 } });
    await narrow.goto(page.url());
    await expect.poll(() => narrow.getByTestId('ledger-verify').getAttribute('data-outcome'), { timeout: 15_000 }).toBe('verified');
    await screenshot(narrow, 'ledger-verify');
    await narrow.close();
  });

  it('closes at once and takes the row out of the address; Verify again starts afresh', async () => {
    await page.getByTestId('ledger-verify').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('ledger-verify').waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.has('verify')).toBe(false);
    expect(new URL(page.url()).searchParams.get('search')).toBe('ADXV0002');
    await page.getByTestId('ledger-verify-row').click();
    await expect.poll(() => page.getByTestId('ledger-verify').getAttribute('data-outcome'), { timeout: 15_000 }).toBe('verified');
    await expect.poll(() => new URL(page.url()).searchParams.get('verify')).toBe(String(await indexOf('ADXV0002')));
  });

  it('stays open when Verify is clicked again before the address has caught up with Close', async () => {
    // A person who closes the panel and changes their mind: the second click lands while the Close's navigation (a
    // transition that re-renders the site, slow on a phone) is still on its way, or just after. The panel must neither
    // close by itself when that navigation lands nor leave the address without the row once the outcome shows.
    const index = await indexOf('ADXV0002');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const outcomes: string[] = [];
    for (const delay of ['panel gone', 0, 10, 20, 30] as const) {
      await expect.poll(() => page.getByTestId('ledger-verify').getAttribute('data-outcome'), { timeout: 15_000 }).toBe('verified');
      await expect.poll(() => new URL(page.url()).searchParams.get('verify')).toBe(String(index));
      await page.evaluate((delay) => {
        const panel = () => document.querySelector('[data-testid="ledger-verify"]');
        const verify = () => (document.querySelector('[data-testid="ledger-verify-row"]') as HTMLButtonElement).click();
        if (delay === 'panel gone') {
          const seen = new MutationObserver(() => {
            if (panel()) return;
            seen.disconnect();
            verify();
          });
          seen.observe(document.body, { subtree: true, childList: true });
        } else setTimeout(verify, delay);
        (panel()!.querySelector('button') as HTMLButtonElement).click();
      }, delay);
      await expect.poll(() => page.getByTestId('ledger-verify').getAttribute('data-outcome'), { timeout: 15_000 }).toBe('verified');
      await expect.poll(() => new URL(page.url()).searchParams.get('verify')).toBe(String(index));
      // Settled: nothing still on its way takes the panel or the row away afterwards.
      await page.waitForTimeout(1000);
      outcomes.push(`${delay}: ${await page.evaluate(() => document.querySelector('[data-testid="ledger-verify"]')?.getAttribute('data-outcome') ?? 'closed')}, verify=${new URL(page.url()).searchParams.get('verify')}`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    expect(outcomes).toEqual(['panel gone', 0, 10, 20, 30].map((d) => `${d}: verified, verify=${index}`));
  });

  it('on the next visit, from a receipt link, also proves the ledger only grew since the checkpoint last seen', async () => {
    await appendLedgerRows(site.app.database.db, [row('ADXV0004', '40.00'), row('ADXV0005', '3.00')]);
    await checkpoint();
    await page.goto(`${site.app.baseUrl}/token-ledger?verify=${await indexOf('ADXV0001')}`);
    const panel = page.getByTestId('ledger-verify');
    await expect.poll(() => panel.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('verified');
    expect(await panel.innerText()).toContain('of 5 in the checkpoint signed at');
    expect(await panel.innerText()).toContain('The ledger has only grown since the checkpoint you last saw (3 rows).');
  });

  it('fails, and says so, for a row edited behind the append-only trigger', async () => {
    const index = await indexOf('ADXV0003');
    await site.app.database.db.transaction(async (trx) => {
      await trx.raw('ALTER TABLE token_purchases DISABLE TRIGGER token_purchases_no_update');
      await trx.raw("UPDATE token_purchases SET tokens_to_be_distributed = 700 WHERE investor_id = 'ADXV0003'");
      await trx.raw('ALTER TABLE token_purchases ENABLE TRIGGER token_purchases_no_update');
    });
    await page.goto(`${site.app.baseUrl}/token-ledger?search=ADXV0003`);
    await page.getByText('Found 1 matching record(s)').waitFor();
    await page.getByTestId('ledger-verify-row').click();
    const panel = page.getByTestId('ledger-verify');
    await expect.poll(() => panel.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('failed');
    expect(await panel.innerText()).toContain(`Verification failed: row ${index + 1} no longer matches what was recorded.`);
    await screenshot(page, 'ledger-verify-failed');
  });
});
