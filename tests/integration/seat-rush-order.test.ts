// A held seat's checkout does not wait behind the rest of a rush: with far more seat statements asked for than the
// process's pool has connections, every seat-holding Enroll answers before the last refusal, not after all of them.
// The rush is parked on the cohort's row lock until every call has asked for its seat statement, so the order of the
// answers depends on how statements share the pool, not on how fast the calls arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { anonymous } from '../helpers/session';
import { eventually } from '../helpers/worker';
import { buildCohort } from '../factories/index';

const CALLS = 200;
const SEATS = 3;
let t: TestApp;
let cohortId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { DB_POOL_MAX: '10' } });
  cohortId = (await buildCohort(t.database.db, { seats: SEATS })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('a rush of Enroll calls on one process', () => {
  it('answers every seat-holding call before the last refusal', async () => {
    let asked = 0;
    const onQuery = (q: { name?: string }) => {
      if (q.name === 'hold_seat') asked += 1;
    };
    t.app.db.on('query', onQuery);
    // The test's own connection (not the app's pool) holds the cohort's row, so every seat statement waits for it.
    const lock = await t.database.db.transaction();
    const finished: number[] = [];
    try {
      await lock('cohorts').where({ id: cohortId }).forUpdate().first('id');
      const calls = Array.from({ length: CALLS }, () =>
        anonymous(t.app)
          .request('POST', '/api/payments/program', { kind: 'program' })
          .then((res) => {
            finished.push(res.statusCode);
            return res;
          }),
      );
      await eventually(async () => asked === CALLS, 30_000, 'every call asking for its seat');
      await lock.commit();
      const answers = await Promise.all(calls);
      const full = answers.filter((r) => r.statusCode === 409 && r.json().message === 'This cohort is full');
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(SEATS);
      expect(full).toHaveLength(CALLS - SEATS);
    } finally {
      t.app.db.off('query', onQuery);
      if (!lock.isCompleted()) await lock.rollback();
    }
    expect(await t.database.db('cohorts').where({ id: cohortId }).first('seats_held', 'seats_taken')).toEqual({ seats_held: SEATS, seats_taken: 0 });
    // Positions in the order the answers arrived: the last held seat's answer comes before the last refusal's.
    expect(finished.lastIndexOf(200), `the last held seat's answer, of ${CALLS}`).toBeLessThan(finished.lastIndexOf(409));
  }, 120_000);
});
