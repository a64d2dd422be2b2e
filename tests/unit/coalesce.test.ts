// The Coalescer behind the webhook inbox's writes, the ledger's search pages and the studio's chunk rows: calls of one
// turn share a batch; with a cap on batches in flight, the calls made meanwhile wait and share the next one.
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Coalescer } from '@app/common/server/coalesce';

/** A `many` whose batches answer only when the test says so. */
function held() {
  const batches: Array<{ items: number[]; answer: () => void; fail: (err: Error) => void }> = [];
  const many = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ items, answer: () => resolve(items.map((i) => `#${i}`)), fail: reject });
    });
  return { batches, many };
}

describe('Coalescer', () => {
  it('serves the calls of one turn with one batch, each caller its own answer', async () => {
    const { batches, many } = held();
    const c = new Coalescer(many);
    const answers = [1, 2, 3].map((i) => c.run(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    batches[0]!.answer();
    expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3']);
  });

  it('without a cap, starts a batch each turn while others are in flight', async () => {
    const { batches, many } = held();
    const c = new Coalescer(many);
    const first = c.run(1);
    await turn();
    const later = [c.run(2), c.run(3)];
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3]]);
    batches.forEach((b) => b.answer());
    expect(await Promise.all([first, ...later])).toEqual(['#1', '#2', '#3']);
  });

  it('with one batch in flight at most, gathers the calls made meanwhile into the next batch', async () => {
    const { batches, many } = held();
    const c = new Coalescer(many, { maxInFlight: 1 });
    const first = c.run(1);
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1]]); // an idle Coalescer serves a lone call at once
    const meanwhile: Array<Promise<string>> = [];
    for (const i of [2, 3, 4]) {
      meanwhile.push(c.run(i));
      await turn();
    }
    expect(batches).toHaveLength(1);
    batches[0]!.answer();
    expect(await first).toBe('#1');
    await turn(); // the batch's end is noticed after its callers' answers, and the next batch starts a turn later
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.answer();
    expect(await Promise.all(meanwhile)).toEqual(['#2', '#3', '#4']);
  });

  it('fails every caller of a failed batch, and still serves the batch after it', async () => {
    const { batches, many } = held();
    const c = new Coalescer(many, { maxInFlight: 1 });
    const failing = [c.run(1), c.run(2)];
    await turn();
    const next = c.run(3);
    batches[0]!.fail(new Error('refused'));
    await expect(Promise.all(failing.map((p) => p.catch((err: Error) => err.message)))).resolves.toEqual(['refused', 'refused']);
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3]]);
    batches[1]!.answer();
    expect(await next).toBe('#3');
  });

  it('splits a turn larger than maxBatch into batches of maxBatch', async () => {
    const { batches, many } = held();
    const c = new Coalescer(many, { maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5].map((i) => c.run(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3, 4], [5]]);
    batches.forEach((b) => b.answer());
    expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3', '#4', '#5']);
  });
});
