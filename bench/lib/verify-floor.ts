import type { Page } from 'playwright-core';
import { LEDGER_PATHS } from '@app/common/api/ledger-paths';

/**
 * The floor peer of the ledger page's Verify: what any design must do between the click and an outcome on screen,
 * done bare in a page of the same origin with the same CPU slowdown. One fetch of the same row proof (revalidated, as
 * the page does), the checkpoint's Ed25519 signature checked with WebCrypto against the published key, the inclusion
 * proof walked with WebCrypto's SHA-256 up to the signed root (RFC 9162 §2.1.3.2), then one line of text written. No
 * framework, no router, no validation, no history of checkpoints seen; the row's own index and the first Ed25519
 * verification are done before the click, as the ledger page does them while the reader types. Returns the time.
 */
export async function floorVerify(page: Page, origin: string, investorId: string): Promise<{ ms: number; outcome: string }> {
  // A small same-origin document (text, no app code) for the peer to run in.
  await page.goto(`${origin}${LEDGER_PATHS.checkpoint}`, { waitUntil: 'load' });
  // tsx keeps function names by wrapping them in `__name`, which the page does not have (a string is sent as it is).
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(
    async ({ entriesPath, investor }) => {
      const res = await fetch(`${entriesPath}?investor=${encodeURIComponent(investor)}`);
      const { entries } = (await res.json()) as { entries: Array<{ index: number }> };
      const button = document.createElement('button');
      button.textContent = 'Verify';
      button.dataset.index = String(entries[0]!.index);
      button.id = 'floor-verify';
      const out = document.createElement('p');
      out.id = 'floor-outcome';
      document.body.replaceChildren(button, out);
      const { publicKey } = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
      await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, new Uint8Array(64), new Uint8Array(1));
    },
    { entriesPath: LEDGER_PATHS.entries, investor: investorId },
  );
  const done = page.evaluate(
    (rowProofPath) =>
      new Promise<{ ms: number; outcome: string }>((resolve) => {
        const button = document.getElementById('floor-verify')!;
        const out = document.getElementById('floor-outcome')!;
        const hex = (s: string) => Uint8Array.from(s.match(/../g)!, (b) => parseInt(b, 16));
        const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
        const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
        const node = async (l: Uint8Array, r: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', Uint8Array.from([1, ...l, ...r])));
        let clickedAt = 0;
        button.addEventListener('click', () => void check().catch((err: Error) => resolve({ ms: performance.now() - clickedAt, outcome: `error: ${err.message}` })), { once: true });
        const check = async () => {
          clickedAt = performance.now();
          const index = Number(button.dataset.index);
          const answer = (await (await fetch(`${rowProofPath}?index=${index}`, { cache: 'no-cache' })).json()) as {
            verifierKey: string;
            checkpoint: { note: string };
            inclusion: { leafHash: string; proof: string[] };
          };
          // The signed note: its text, a blank line, then "— <name> <base64(key hash ‖ signature)>" lines.
          const note = answer.checkpoint.note;
          const split = note.indexOf('\n\n');
          const message = new TextEncoder().encode(note.slice(0, split + 1));
          // <name>+<key hash>+<base64 of the algorithm byte and the key>: the base64 may hold '+' itself.
          const key = b64(answer.verifierKey.split('+').slice(2).join('+')).slice(1);
          const signature = b64(note.slice(split + 2).trim().split(' ').pop()!).slice(4);
          const publicKey = await crypto.subtle.importKey('raw', key, { name: 'Ed25519' }, false, ['verify']);
          const signed = await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, signature, message);
          const [, sizeLine, rootLine] = note.slice(0, split).split('\n');
          let fn = index;
          let sn = Number(sizeLine) - 1;
          let r = hex(answer.inclusion.leafHash);
          for (const p of answer.inclusion.proof.map(hex)) {
            if (fn % 2 === 1 || fn === sn) {
              r = await node(p, r);
              while (fn % 2 === 0 && fn !== 0) {
                fn = Math.floor(fn / 2);
                sn = Math.floor(sn / 2);
              }
            } else r = await node(r, p);
            fn = Math.floor(fn / 2);
            sn = Math.floor(sn / 2);
          }
          const ok = signed && sn === 0 && same(r, b64(rootLine!));
          out.textContent = ok ? `Row ${index + 1} verified.` : 'Verification failed.';
          resolve({ ms: performance.now() - clickedAt, outcome: ok ? 'verified' : 'failed' });
        };
      }),
    LEDGER_PATHS.rowProof,
  );
  await page.locator('#floor-verify').click({ timeout: 30_000 });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no floor outcome within 30 s of the click')), 30_000)));
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}
