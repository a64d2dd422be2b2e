import { LEDGER_PATHS } from '@app/common/api/ledger-paths';
import { formatCount } from '@app/common/domain/format';
import { noteToVerify, openNote, parseCheckpoint } from '@app/common/domain/signed-note';
import { fromHex, leafHashOf, toHex, verifyConsistency, verifyInclusion } from '@app/common/domain/tlog';
import type { TEntries, TRowProof } from '@app/common/schemas/transparency';

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
// Row numbers through the page's own grouping, not toLocaleString: a browser's first Intl number format loads its
// ICU data, ~100 ms on a phone-speed CPU, which fell inside the click.
const n = formatCount;
// What a first verification does once, done now while the page is idle (this module loads once a search starts, ahead
// of any Verify), so a click pays only for its own row: the first date format loads the visitor's locale data (the
// checkpoint's time is shown in their locale and zone), the first Ed25519 verification sets up WebCrypto's, and the
// first hashes compile the SHA-256 code. Together ~35 ms of a first Verify on a phone-speed CPU.
async function warmUp(): Promise<void> {
  void new Date(0).toLocaleString();
  verifyInclusion(0, 2, leafHashOf({ investor_id: 'ADX0000', purchase_date: '2026-01-01', investment_amount_usd: '0.00', tokens_to_be_distributed: '0.00000000', kind: 'admin', reverses_index: null }), [new Uint8Array(32)], new Uint8Array(32));
  const { publicKey } = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, new Uint8Array(64), new Uint8Array(1));
}

async function text(path: string): Promise<string> {
  // Revalidated: a verification checks the latest checkpoint, not one the browser kept for a few seconds.
  const res = await fetch(path, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.text();
}
const json = async <T>(path: string): Promise<T> => JSON.parse(await text(path)) as T;

/** How long an answer fetched ahead (on the click, or while the found rows show) serves the verification it leads to. */
const PREFETCH_FRESH_MS = 5_000;
/** How long an investor's entries fetched while their rows show serve a click's lookup (a row not found in them is asked for afresh). */
const ENTRIES_FRESH_MS = 60_000;

const seenCheckpoint = (): { size: number; root: string } | null => {
  const raw = localStorage.getItem(SEEN_KEY);
  return raw ? (JSON.parse(raw) as { size: number; root: string }) : null;
};

// The warm-up starts as this module loads, while the reader types. The page's first localStorage read comes first and
// at once, not at idle: it opens the page's storage (a round trip to the browser process), ~14 ms at 4x CPU.
if (typeof window !== 'undefined') {
  try {
    seenCheckpoint();
  } catch {
    // unreadable storage (blocked by the browser, bad JSON): the verification says so when it reads it
  }
  (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 0)))(() => void warmUp().catch(() => undefined));
}

/** The latest checkpoint, the key, the row's inclusion proof and the consistency proof from the size last seen: one request. */
const fetchRowProof = (index: number, seen: number | null): Promise<TRowProof> =>
  json<TRowProof>(`${LEDGER_PATHS.rowProof}?index=${index}${seen ? `&seen=${seen}` : ''}`);

let prefetched: { at: number; index: number; seen: number | null; proof: Promise<TRowProof> } | null = null;

/** Starts fetching what verifying row `index` needs as soon as the click found it, before the panel is there to ask. */
export function prefetchRowProof(index: number): void {
  const seen = seenCheckpoint()?.size ?? null;
  const proof = fetchRowProof(index, seen);
  proof.catch(() => undefined); // a failure is reported by the verification that uses it
  prefetched = { at: Date.now(), index, seen, proof };
}

function takeRowProof(index: number, seen: number | null): Promise<TRowProof> {
  const p = prefetched;
  prefetched = null;
  return p && p.index === index && p.seen === seen && Date.now() - p.at < PREFETCH_FRESH_MS ? p.proof : fetchRowProof(index, seen);
}

const entriesOf = (investor: string) => json<TEntries>(`${LEDGER_PATHS.entries}?investor=${encodeURIComponent(investor)}`);
const entriesAhead = new Map<string, { at: number; entries: Promise<TEntries> }>();

/** Fetches the log entries of the investor IDs whose rows show with a Verify button, so a click finds its row's index at once. */
export function prefetchEntries(investors: string[]): void {
  for (const investor of investors) {
    const had = entriesAhead.get(investor);
    if (had && Date.now() - had.at < ENTRIES_FRESH_MS) continue;
    const entries = entriesOf(investor);
    entries.catch(() => undefined);
    entriesAhead.set(investor, { at: Date.now(), entries });
  }
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

type ShownRow = { investor_id: string; purchase_date: string; investment_amount_usd: string; tokens_to_be_distributed: string };
const same = (a: string, b: string) => Number(a) === Number(b);
const find = ({ entries }: TEntries, row: ShownRow) =>
  entries.find((e) => e.purchase_date === row.purchase_date && same(e.investment_amount_usd, row.investment_amount_usd) && same(e.tokens_to_be_distributed, row.tokens_to_be_distributed));

/** The log index of a row shown on the page: the investor's first entry with the same fields not taken yet. */
export async function indexOfShownRow(row: ShownRow): Promise<number | null> {
  const ahead = entriesAhead.get(row.investor_id);
  const early = ahead && Date.now() - ahead.at < ENTRIES_FRESH_MS ? await ahead.entries.then((e) => find(e, row)).catch(() => undefined) : undefined;
  const found = early ?? find(await entriesOf(row.investor_id), row);
  return found ? found.index : null;
}

/** Verifies the row at log `index`; never throws (a failure to fetch is a result too). */
export async function verifyRow(index: number): Promise<VerifyResult> {
  let key: string | null = null;
  try {
    const seen = seenCheckpoint();
    const answer = await takeRowProof(index, seen?.size ?? null);
    key = answer.verifierKey;
    const latest = answer.checkpoint;
    if (!latest) return { ok: false, headline: 'No checkpoint has been signed yet.', details: [], verifierKey: key };
    const body = await openCheckpoint(latest.note, key);
    if (body === null) return { ok: false, headline: 'The latest checkpoint is not signed by the published key.', details: ['Do not trust this ledger until that is explained.'], verifierKey: key };
    const cp = parseCheckpoint(body);
    const signedAt = new Date(latest.signedAt).toLocaleString();
    if (index >= cp.size) return { ok: false, headline: `Row ${n(index + 1)} is not in a signed checkpoint yet.`, details: ['Checkpoints are signed at least once a minute: try again shortly.'], verifierKey: key };
    // What the checks below use comes from the signed checkpoint and this browser, never from the answer's own sizes.
    const proof = answer.inclusion;
    if (!proof) throw new Error('the answer has no inclusion proof for a row in its checkpoint');
    const consistencyProof = seen && seen.size < cp.size ? answer.consistency : null;
    if (seen && seen.size < cp.size && !consistencyProof) throw new Error('the answer has no consistency proof from the checkpoint last seen');
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
