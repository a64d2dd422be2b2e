import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { noteToVerify, openNote, parseCheckpoint } from '@app/common/domain/signed-note';
import { fromHex, leafHashOf, toHex, verifyConsistency, verifyInclusion } from '@app/common/domain/tlog';
import type { TCheckpointList, TConsistencyProof, TEntries, TInclusionProof } from '@app/common/schemas/transparency';

// The ledger page's Verify, in the browser (loaded only when asked: it carries the Ed25519 and SHA-256 code): the
// row's leaf from its fields, its inclusion proof against the latest checkpoint, the checkpoint's signature against
// the published key, and that the ledger only grew since the checkpoint this browser saw last (localStorage).

/** What a verification proved, or where it stopped, in plain words. */
export interface VerifyResult {
  ok: boolean;
  headline: string;
  details: string[];
  verifierKey: string | null;
}

const SEEN_KEY = 'adx-ledger-checkpoint';
const n = (x: number) => x.toLocaleString('en-US');

async function text(path: string): Promise<string> {
  // Revalidated: a verification checks the latest checkpoint, not one the browser kept for a few seconds.
  const res = await fetch(path, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.text();
}
const json = async <T>(path: string): Promise<T> => JSON.parse(await text(path)) as T;

/** The published key and the latest checkpoint, fetched together. */
type Latest = { key: string; checkpoints: TCheckpointList['checkpoints'] };
let prefetched: { at: number; latest: Promise<Latest> } | null = null;
const fetchLatest = async (): Promise<Latest> => {
  const [key, list] = await Promise.all([text(LEDGER_PATHS.key), json<TCheckpointList>(`${LEDGER_PATHS.checkpoints}?limit=1`)]);
  return { key: key.trim(), checkpoints: list.checkpoints };
};
/** How long a prefetch made on the click serves the verification it leads to (not a later one). */
const PREFETCH_FRESH_MS = 5_000;

/** Starts fetching the key and the latest checkpoint while the row's index is looked up (the Verify click). */
export function prefetchLatest(): void {
  const latest = fetchLatest();
  latest.catch(() => undefined); // a failure is reported by the verification that uses it
  prefetched = { at: Date.now(), latest };
}

function takeLatest(): Promise<Latest> {
  const p = prefetched && Date.now() - prefetched.at < PREFETCH_FRESH_MS ? prefetched.latest : fetchLatest();
  prefetched = null;
  return p;
}

/**
 * The checkpoint's text when its signature by `key` is valid, else null. The browser's own Ed25519 (WebCrypto) when it
 * has one: on a slow phone the JavaScript implementation's first verification alone takes tens of milliseconds.
 */
async function openCheckpoint(note: string, key: string): Promise<string | null> {
  const n = noteToVerify(note, key);
  if (!n) return null;
  let publicKey: CryptoKey;
  try {
    publicKey = await crypto.subtle.importKey('raw', new Uint8Array(n.publicKey), { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return openNote(note, key); // no Ed25519 in this browser's WebCrypto
  }
  for (const sig of n.signatures) if (await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, new Uint8Array(sig), new Uint8Array(n.message))) return n.text;
  return null;
}

/** The log index of a row shown on the page: the investor's first entry with the same fields not taken yet. */
export async function indexOfShownRow(row: { investor_id: string; purchase_date: string; investment_amount_usd: string; tokens_to_be_distributed: string }): Promise<number | null> {
  const { entries } = await json<TEntries>(`${LEDGER_PATHS.entries}?investor=${encodeURIComponent(row.investor_id)}`);
  const same = (a: string, b: string) => Number(a) === Number(b);
  const found = entries.find((e) => e.purchase_date === row.purchase_date && same(e.investment_amount_usd, row.investment_amount_usd) && same(e.tokens_to_be_distributed, row.tokens_to_be_distributed));
  return found ? found.index : null;
}

/** Verifies the row at log `index`; never throws (a failure to fetch is a result too). */
export async function verifyRow(index: number): Promise<VerifyResult> {
  let key: string | null = null;
  try {
    const latestP = takeLatest();
    ({ key } = await latestP);
    const latest = (await latestP).checkpoints[0];
    if (!latest) return { ok: false, headline: 'No checkpoint has been signed yet.', details: [], verifierKey: key };
    const body = await openCheckpoint(latest.note, key);
    if (body === null) return { ok: false, headline: 'The latest checkpoint is not signed by the published key.', details: ['Do not trust this ledger until that is explained.'], verifierKey: key };
    const cp = parseCheckpoint(body);
    const signedAt = new Date(latest.signedAt).toLocaleString();
    if (index >= cp.size) return { ok: false, headline: `Row ${n(index + 1)} is not in a signed checkpoint yet.`, details: ['Checkpoints are signed at least once a minute: try again shortly.'], verifierKey: key };

    const seenRaw = localStorage.getItem(SEEN_KEY);
    const seen = seenRaw ? (JSON.parse(seenRaw) as { size: number; root: string }) : null;
    // The inclusion and the consistency proofs both follow from the checkpoint: asked for together.
    const [proof, consistencyProof] = await Promise.all([
      json<TInclusionProof>(`${LEDGER_PATHS.inclusionProof}?index=${index}&size=${cp.size}`),
      seen && seen.size < cp.size ? json<TConsistencyProof>(`${LEDGER_PATHS.consistencyProof}?from=${seen.size}&to=${cp.size}`) : null,
    ]);
    if (toHex(leafHashOf(proof.row)) !== proof.leafHash) {
      return {
        ok: false,
        headline: `Verification failed: row ${n(index + 1)} no longer matches what was recorded.`,
        details: ['Its values were changed after it was written to the signed log. Keep your receipt and contact the administrators.'],
        verifierKey: key,
      };
    }
    if (!verifyInclusion(index, cp.size, fromHex(proof.leafHash), proof.proof.map(fromHex), cp.root)) {
      return { ok: false, headline: `Verification failed: row ${n(index + 1)} is not in the signed checkpoint.`, details: [], verifierKey: key };
    }
    const details = [`Your purchase is row ${n(index + 1)} of ${n(cp.size)} in the checkpoint signed at ${signedAt}.`];

    if (seen && seen.size <= cp.size) {
      const consistent = consistencyProof ? verifyConsistency(seen.size, cp.size, consistencyProof.proof.map(fromHex), fromHex(seen.root), cp.root) : seen.root === toHex(cp.root);
      if (!consistent) {
        return { ok: false, headline: 'Verification failed: the ledger was rewritten since the checkpoint you last saw.', details: [...details, `You last saw ${n(seen.size)} rows; the signed history no longer starts with them.`], verifierKey: key };
      }
      details.push(seen.size === cp.size ? 'The ledger is the one you last saw.' : `The ledger has only grown since the checkpoint you last saw (${n(seen.size)} rows).`);
    }
    localStorage.setItem(SEEN_KEY, JSON.stringify({ size: cp.size, root: toHex(cp.root) }));
    return { ok: true, headline: 'Verified.', details, verifierKey: key };
  } catch (err) {
    return { ok: false, headline: 'The verification could not be completed.', details: [(err as Error).message], verifierKey: key };
  }
}
