import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { buildSpeakerSession, buildUser } from '../factories/index';
import { useE2eSite } from '../helpers/e2e';
import { screenshot, signInBrowser } from '../helpers/site';

const site = useE2eSite();

// 11:00 UTC on a Monday in June: 7:00 AM in New York (EDT), 8:00 PM in Tokyo.
const START = '2030-06-03T11:00:00Z';

describe('upcoming sessions', () => {
  it("a member in Tokyo sees the session in their own time, RSVPs, and the admin's manage tab counts it live", async () => {
    const db = site.app.database.db;
    const speaker = await buildUser(db, { discord_username: 'kofi_speaks', speaker_topic: 'Keeping your word' });
    await buildSpeakerSession(db, { session_title: 'Monday accountability', scheduled_date: new Date(START), speaker_id: speaker.id, discord_channel_link: 'https://discord.example/channels/1' });

    const adminContext = await site.browser.newContext({ locale: 'en-US' });
    await signInBrowser(adminContext, site.app.baseUrl, db, 'calendar_admin', { admin: true });
    const admin = await adminContext.newPage();
    await admin.goto(`${site.app.baseUrl}/speakers`);
    await admin.getByRole('tab', { name: 'Manage Sessions' }).click();
    const adminCount = admin.getByTestId('manage-session').filter({ hasText: 'Monday accountability' }).getByTestId('session-rsvps');
    await expect.poll(() => adminCount.innerText()).toBe('0 coming');

    const context = await site.browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });
    await signInBrowser(context, site.app.baseUrl, db, 'tokyo_member');
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/speakers`);
    const card = page.getByTestId('upcoming-session').filter({ hasText: 'Monday accountability' });
    await card.waitFor();
    const time = await card.getByTestId('upcoming-time').innerText();
    expect(time).toContain('Monday, June 3 at 8:00 PM GMT+9');
    expect(time).toContain('7:00 AM EDT');
    expect(await card.innerText()).toContain('kofi_speaks');
    expect(await card.innerText()).toContain('Keeping your word');
    expect(await card.getByRole('link', { name: 'Add Monday accountability to calendar' }).getAttribute('href')).toMatch(/\/api\/calendar\/sessions\/[\w-]+\/event\.ics$/);

    await card.getByRole('button', { name: "I'll be there (Monday accountability)" }).click();
    await expect.poll(() => card.getByTestId('upcoming-count').innerText()).toBe('1 member is coming');
    await expect.poll(() => adminCount.innerText(), { timeout: 10_000 }).toBe('1 coming');
    await adminCount.click();
    await expect.poll(() => admin.getByTestId('rsvp-list').innerText()).toContain('tokyo_member');

    // The accessibility walk sees the empty list (the demo seed has no sessions): the cards are checked here.
    expect((await new AxeBuilder({ page }).include('section[aria-labelledby="upcoming-sessions"]').analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    if (process.env.SCREENSHOTS) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, 'upcoming-sessions');
      }
    }

    await card.getByRole('button', { name: "Undo: I'll be there (Monday accountability)" }).click();
    await expect.poll(() => card.getByTestId('upcoming-count').innerText()).toBe('0 members are coming');
    await expect.poll(() => adminCount.innerText(), { timeout: 10_000 }).toBe('0 coming');
    await Promise.all([context.close(), adminContext.close()]);
  });

  it('a visitor sees the sessions with a sign-in prompt to RSVP', async () => {
    const context = await site.browser.newContext({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/speakers`);
    const card = page.getByTestId('upcoming-session').filter({ hasText: 'Monday accountability' });
    await card.waitFor();
    expect(await card.getByTestId('upcoming-time').innerText()).toContain('Monday, June 3 at 4:00 AM PDT');
    await card.getByRole('link', { name: 'Sign in to RSVP' }).waitFor();
    expect(await card.getByRole('button', { name: /I'll be there/ }).count()).toBe(0);
    await context.close();
  });
});
