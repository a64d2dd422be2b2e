// Signed checkpoints and proofs over HTTP (docs/ledger-transparency.md): payments go through the webhook and the real
// worker, each committed batch is covered by a signed checkpoint, and the key, checkpoints and proofs the API serves
// verify with the shared verification code (the Go test checks them with code we did not write).
import { expect, it } from 'vitest';
import { openNote, parseCheckpoint } from '@app/common/domain/signed-note';
import { fromHex, leafHashOf, rootOf, toHex, verifyConsistency, verifyInclusion } from '@app/common/domain/tlog';
import type { TCheckpointList, TConsistencyProof, TInclusionProof, TRowProof } from '@app/common/schemas/transparency';
import { latestCheckpoint } from '@app/common/server/ledger/tlog-checkpoints';
import { deliver, inboxDrained, startDonation, useStripeSite } from '../helpers/payments';
import { logLeaves } from '../helpers/tlog';
import { eventually } from '../helpers/worker';

const site = useStripeSite();

async function pay(n: number): Promise<void> {
  const sessions = [];
  for (let i = 0; i < n; i++) sessions.push(site.stripe.pay((await startDonation(site.t, site.stripe, 1000 + i)).id));
  await Promise.all(sessions.map((s) => deliver(site.t, site.stripe.event('checkout.session.completed', s))));
  await eventually(() => inboxDrained(site.t.database.db), 30_000, 'every event applied');
  // Each job completes after a checkpoint that covers its commit; the inbox drains at the commits, a moment before.
  const size = Number(((await site.t.database.db('ledger_log_head').first('size')) as { size: string }).size);
  await eventually(async () => (await latestCheckpoint(site.t.database.db))?.size === size, 10_000, 'a checkpoint of every row');
}

const get = (url: string) => site.t.app.inject({ method: 'GET', url });

it('signs a checkpoint for each committed batch and serves key, checkpoints and proofs that verify', { timeout: 120_000 }, async () => {
  expect((await get('/ledger/checkpoint')).statusCode).toBe(404);
  await pay(3);
  const key = (await get('/ledger/key')).body.trim();
  expect(key).toMatch(/^[^+\s]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);

  const first = await get('/ledger/checkpoint');
  expect(first.statusCode).toBe(200);
  const text1 = openNote(first.body, key);
  expect(text1).not.toBeNull();
  const c1 = parseCheckpoint(text1!);
  expect(c1.size).toBe(3);
  expect(c1.origin).toBe(key.split('+')[0]);
  expect(toHex(c1.root)).toBe(toHex(rootOf(await logLeaves(site.t.database.db))));
  // A note edited after signing no longer opens.
  expect(openNote(first.body.replace(/^(.*\n)3\n/, '$14\n'), key)).toBeNull();

  await pay(4);
  const c2 = parseCheckpoint(openNote((await get('/ledger/checkpoint')).body, key)!);
  expect(c2.size).toBe(7);

  const list = (await get('/api/ledger/checkpoints')).json<TCheckpointList>();
  expect(list.verifierKey).toBe(key);
  expect(list.checkpoints.map((c) => c.size)[0]).toBe(7);
  expect(list.checkpoints.map((c) => c.size)).toContain(3);
  for (const c of list.checkpoints) expect(openNote(c.note, key)).not.toBeNull();

  for (let index = 0; index < 7; index++) {
    const res = await get(`/api/ledger/proof/inclusion?index=${index}&size=7`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    const p = res.json<TInclusionProof>();
    expect(toHex(leafHashOf(p.row))).toBe(p.leafHash);
    expect(verifyInclusion(index, 7, fromHex(p.leafHash), p.proof.map(fromHex), c2.root)).toBe(true);
  }
  const consistency = (await get('/api/ledger/proof/consistency?from=3&to=7')).json<TConsistencyProof>();
  expect(verifyConsistency(3, 7, consistency.proof.map(fromHex), c1.root, c2.root)).toBe(true);

  expect((await get('/api/ledger/proof/inclusion?index=7&size=7')).statusCode).toBe(400);
  expect((await get('/api/ledger/proof/inclusion?index=1&size=8')).statusCode).toBe(404);
  expect((await get('/api/ledger/proof/consistency?from=5&to=3')).statusCode).toBe(400);
  expect((await get('/api/ledger/proof/inclusion?index=x&size=3')).statusCode).toBe(400);
});

it("answers the page's Verify in one request: the latest checkpoint, the row's inclusion and consistency from the size seen", async () => {
  const key = (await get('/ledger/key')).body.trim();
  const res = await get('/api/ledger/proof/row?index=2&seen=3');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  const answer = res.json<TRowProof>();
  expect(answer.verifierKey).toBe(key);
  const cp = parseCheckpoint(openNote(answer.checkpoint!.note, key)!);
  expect(cp.size).toBe(7);
  const p = answer.inclusion!;
  expect(toHex(leafHashOf(p.row))).toBe(p.leafHash);
  expect(verifyInclusion(2, cp.size, fromHex(p.leafHash), p.proof.map(fromHex), cp.root)).toBe(true);
  const first = (await get('/api/ledger/checkpoints')).json<TCheckpointList>().checkpoints.find((c) => c.size === 3)!;
  expect(verifyConsistency(3, cp.size, answer.consistency!.proof.map(fromHex), fromHex(first.rootHash), cp.root)).toBe(true);

  // Nothing to prove from the size seen when it is the checkpoint's; a row past the checkpoint has no proof yet.
  expect((await get('/api/ledger/proof/row?index=0&seen=7')).json<TRowProof>().consistency).toBeNull();
  expect((await get('/api/ledger/proof/row?index=0')).json<TRowProof>().consistency).toBeNull();
  const beyond = (await get('/api/ledger/proof/row?index=7')).json<TRowProof>();
  expect(beyond.inclusion).toBeNull();
  expect(beyond.checkpoint!.size).toBe(7);
  expect((await get('/api/ledger/proof/row?index=x')).statusCode).toBe(400);
});
