import { describe, expect, it } from 'vitest';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

/** Opens /dog-pound in Berlin at `now`, waits for `wait`, and returns the Time figure and the three weekday lines. */
async function dogPoundIn(now: string, wait: string): Promise<{ time: string; days: string[] }> {
  const context = await site.browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'de-DE' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.clock.setFixedTime(new Date(now));
  await page.goto(`${site.app.baseUrl}/dog-pound`);
  await page.getByText(wait).first().waitFor({ timeout: 10_000 });
  const time = await page.locator('dt', { hasText: 'Time' }).locator('xpath=..').locator('dd').innerText();
  const days = (await page.locator('ol li p.font-semibold').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  // The built page says the dateless time; the app replaces it without a hydration mismatch.
  expect(errors).toEqual([]);
  await context.close();
  return { time, days };
}

describe('DOG POUND session times for a visitor in Berlin', () => {
  it('in November: Eastern Time with EST, and 1:00 PM in Berlin (UTC+1)', async () => {
    // Thursday evening in New York: the next session is Friday 20 November 2026.
    const { time, days } = await dogPoundIn('2026-11-20T02:00:00Z', '1:00 PM GMT+1 your time');
    expect(time.replace(/\s+/g, ' ')).toBe('7:00 AM Eastern Time (EST) 1:00 PM GMT+1 your time');
    expect(days).toEqual([
      'Monday, 7:00 AM Eastern Time (EST) 1:00 PM GMT+1 your time',
      'Wednesday, 7:00 AM Eastern Time (EST) 1:00 PM GMT+1 your time',
      'Friday, 7:00 AM Eastern Time (EST) 1:00 PM GMT+1 your time',
    ]);
  });

  it('in July: Eastern Time with EDT, and 1:00 PM in Berlin (UTC+2)', async () => {
    const { time } = await dogPoundIn('2026-07-01T02:00:00Z', '1:00 PM GMT+2 your time');
    expect(time.replace(/\s+/g, ' ')).toBe('7:00 AM Eastern Time (EDT) 1:00 PM GMT+2 your time');
  });

  it('in the week Berlin has changed its clocks and New York has not: noon in Berlin', async () => {
    const { time } = await dogPoundIn('2026-10-28T02:00:00Z', '12:00 PM GMT+1 your time');
    expect(time.replace(/\s+/g, ' ')).toBe('7:00 AM Eastern Time (EDT) 12:00 PM GMT+1 your time');
  });
});
