/** The ledger bench's page positions: the one a reader reaches by following "Next", and random ones nobody read. */

/** The position (`after`) of page `page` of 50, found the way a reader gets there: following "Next" from page 1. */
export async function pagePosition(api: string, page: number): Promise<string | null> {
  let after: string | null = null;
  for (let p = 2; p <= page; p++) {
    const res = (await (await fetch(`${api}/api/ledger?pageSize=50&page=${p - 1}${after ? `&after=${after}` : ''}`)).json()) as { nextCursor: string | null };
    if (!res.nextCursor) throw new Error(`the ledger ends before page ${p}`);
    after = res.nextCursor;
  }
  return after;
}

/** Another position every call (a random purchase date and id among `rows`), so that no answer comes from a cache. */
export function randomPosition(rows: number): string {
  const day = new Date(Date.UTC(2024, 0, 1 + Math.floor(Math.random() * 700))).toISOString().slice(0, 10);
  return `${day}_2030-01-01T00:00:00.000000Z_${1 + Math.floor(Math.random() * rows)}`;
}
