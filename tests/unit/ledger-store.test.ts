import { describe, expect, it } from 'vitest';
import { LedgerStore, pageUrl, SUMMARY_URL, type LedgerSeed } from '../../web/src/features/ledger/store';

// The /token-ledger page's store of answers (no TanStack Query on that page: docs/decisions/0002-public-ledger-page-weight.md). What the live updates rely
// on: a change makes every answer outdated, and a load that started before the change is followed by another one.

const seed: LedgerSeed = {
  summary: { totalInvestors: 1, totalInvestmentUsd: '10.00', totalTokens: '100.00000000' } as unknown as LedgerSeed['summary'],
  page: { rows: [], total: 0, page: 1, pageSize: 50, nextCursor: null, prevCursor: null } as unknown as LedgerSeed['page'],
};
const firstPage = pageUrl({ search: '', page: 1, pageSize: 50 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Calls ensure() again whenever the entry changes, as the page's effect does. */
function watch(store: LedgerStore, url: string, load: (url: string) => Promise<unknown>): () => void {
  let last = store.get(url);
  store.ensure(url, load);
  return store.subscribe(() => {
    const now = store.get(url);
    if (now === last) return;
    last = now;
    store.ensure(url, load);
  });
}

describe('LedgerStore', () => {
  it('starts from the seed (the server-rendered figures) and does not ask again while fresh', async () => {
    const store = new LedgerStore(seed, 50);
    let loads = 0;
    store.ensure(SUMMARY_URL, async () => ++loads);
    store.ensure(firstPage, async () => ++loads);
    await tick();
    expect(loads).toBe(0);
    expect(store.get(SUMMARY_URL)?.data).toBe(seed.summary);
  });

  it('asks again after a change, and once more when the change came during a load', async () => {
    const store = new LedgerStore(null, 50);
    const releases: Array<(v: unknown) => void> = [];
    const load = () => new Promise((resolve) => releases.push(resolve));
    const stop = watch(store, SUMMARY_URL, load);
    expect(releases).toHaveLength(1);
    store.changed(); // the ledger changed while the first load was under way
    releases[0]!({ n: 1 });
    await tick();
    expect(releases).toHaveLength(2); // asked again: the first answer may predate the change
    releases[1]!({ n: 2 });
    await tick();
    expect(store.get(SUMMARY_URL)?.data).toEqual({ n: 2 });
    expect(releases).toHaveLength(2);
    store.changed();
    await tick();
    expect(releases).toHaveLength(3);
    stop();
  });

  it('keeps the same object when the answer did not change (no render for nothing)', async () => {
    const store = new LedgerStore(seed, 50);
    store.changed();
    store.ensure(SUMMARY_URL, async () => JSON.parse(JSON.stringify(seed.summary)) as unknown);
    await tick();
    expect(store.get(SUMMARY_URL)?.data).toBe(seed.summary);
  });

  it('does not retry a 4xx, nor ask again by itself; Retry (force) asks again', async () => {
    const store = new LedgerStore(null, 50);
    let calls = 0;
    store.ensure(firstPage, async () => {
      calls++;
      throw Object.assign(new Error('bad'), { statusCode: 400 });
    });
    await tick();
    expect(calls).toBe(1);
    expect((store.get(firstPage)?.error as Error).message).toBe('bad');
    store.ensure(firstPage, async () => ({ ok: true }));
    await tick();
    expect(store.get(firstPage)?.data).toBeUndefined(); // not in a loop: only Retry (force) or a change
    store.ensure(firstPage, async () => ({ ok: true }), true);
    await tick();
    expect(store.get(firstPage)).toMatchObject({ data: { ok: true }, error: null });
  });
});
