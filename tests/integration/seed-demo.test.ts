import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/lib/seed';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

it('gives a fresh demo upcoming speaker sessions on the session mornings, once', async () => {
  const now = new Date();
  const seeded = await seedDemo(t.database.db, now);
  expect(seeded.speakerSessions).toBe(3);
  expect((await seedDemo(t.database.db, now)).speakerSessions).toBe(0);

  const res = await t.app.inject({ method: 'GET', url: '/api/calendar/upcoming' });
  expect(res.statusCode, res.body).toBe(200);
  const sessions = res.json().sessions as Array<{ scheduled_date: string; session_title: string }>;
  expect(sessions).toHaveLength(3);
  const newYork = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: 'numeric', minute: '2-digit' });
  let previous = now.getTime();
  for (const s of sessions) {
    const at = new Date(s.scheduled_date);
    expect(at.getTime()).toBeGreaterThan(previous);
    previous = at.getTime();
    expect(newYork.format(at).replace(/\s+/g, ' ')).toMatch(/^(Monday|Wednesday|Friday) 7:00 AM$/);
  }
  expect(new Set(sessions.map((s) => s.session_title)).size).toBe(3);
});
