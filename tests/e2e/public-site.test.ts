import { existsSync, statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consolePage, pauseClock, recordingContext, screenshot, scrollThrough, waitScrolledTo } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';
import { formatCohortDate } from '@app/common/domain/cohorts';

const site = useE2eSite();

let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  page = await consolePage(site.browser, consoleErrors);
});

const main = () => page.getByRole('navigation', { name: 'Main' });

describe('top navigation on a desktop (1280 px)', () => {
  it('has the logo home and the anchors of the landing page, from any page', async () => {
    for (const [label, id] of [
      ['Events', 'events'],
      ['Incubator', 'incubator'],
      ['Partnership', 'partnership'],
      ['Get Involved', 'get-involved'],
    ] as const) {
      await page.goto(`${site.app.baseUrl}/dog-pound`);
      await main().getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${site.app.baseUrl}/#${id}`);
      await waitScrolledTo(page, id);
    }
    await page.getByRole('banner').getByRole('link', { name: /home/ }).click();
    await page.waitForURL(`${site.app.baseUrl}/`);
  });

  it('goes to the pitch deck', async () => {
    await main().getByRole('link', { name: 'Pitch Deck' }).click();
    await page.waitForURL(`${site.app.baseUrl}/pitch-deck`);
    await page.getByRole('heading', { name: 'The Trust Gap' }).waitFor();
  });

  it('opens the DOG POUND menu on hover after the delay, and closes it on leaving', async () => {
    // Timed by the page's clock, paused: on a busy machine the real time between the hover and the first look can
    // pass the 200 ms by itself. A context of its own, as the clock belongs to the context.
    const own = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const timed = await own.newPage();
    await timed.clock.install();
    await timed.goto(`${site.app.baseUrl}/`);
    const nav = timed.getByRole('navigation', { name: 'Main' });
    const trigger = nav.getByRole('button', { name: 'DOG POUND' });
    await trigger.waitFor();
    await pauseClock(timed);
    await trigger.hover();
    await timed.clock.runFor(190);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false'); // not before 200 ms
    await timed.clock.runFor(20);
    await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 1000, interval: 50 }).toBe('true');
    const items = nav.getByRole('link');
    expect(await nav.getByRole('link', { name: /^DOG POUND/ }).getAttribute('href')).toBe('/dog-pound');
    expect(await nav.getByRole('link', { name: /^Directory/ }).getAttribute('href')).toBe('/community');
    expect(await nav.getByRole('link', { name: /^Security/ }).getAttribute('href')).toBe('/security');
    expect(await nav.getByRole('link', { name: /^Speakers/ }).getAttribute('href')).toBe('/speakers');
    expect(await nav.getByRole('link', { name: /^Ecosystem/ }).getAttribute('href')).toBe('/business-ecosystem');
    expect(await items.count()).toBe(10);
    await timed.mouse.move(640, 600);
    await timed.clock.runFor(140);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true'); // not before 150 ms
    await timed.clock.runFor(20);
    await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: 1000, interval: 50 }).toBe('false');
    await own.close();
  });

  it('opens the DOG POUND menu with a click and follows its links', async () => {
    await page.goto(`${site.app.baseUrl}/`);
    await main().getByRole('button', { name: 'DOG POUND' }).click();
    await main().getByRole('link', { name: /^DOG POUND/ }).click();
    await page.waitForURL(`${site.app.baseUrl}/dog-pound`);
    await page.getByRole('heading', { name: 'DOG POUND', level: 1 }).waitFor();
    await page.getByText('7:00 AM Eastern Time').first().waitFor();
    expect(await main().getByRole('button', { name: 'DOG POUND' }).getAttribute('aria-expanded')).toBe('false');
    await main().getByRole('button', { name: 'DOG POUND' }).click();
    await page.keyboard.press('Escape');
    expect(await main().getByRole('button', { name: 'DOG POUND' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('offers Join Community (→ /auth) and a Donate button that opens the donation dialog', async () => {
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Join Community' }).getAttribute('href')).toBe('/auth');
    await banner.getByRole('button', { name: /Donate/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Support the Movement' });
    await dialog.waitFor();
    for (const amount of ['$25', '$50', '$100', '$250', '$500', '$1,000']) await dialog.getByRole('button', { name: amount, exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Donate' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Custom amount (USD)').fill('0.5');
    await dialog.getByRole('button', { name: /^Donate/ }).click();
    await page.getByText('Please enter a valid donation amount of at least $1.00').first().waitFor();
    await dialog.getByRole('button', { name: '$25', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Receive ADX tokens for this donation' }).click();
    await dialog.getByTestId('donation-tokens').getByText('You will receive 250 ADX tokens').waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('the landing page', () => {
  it('scrolls to the purpose with Join the Movement, and back to the top with Learn More', async () => {
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByRole('button', { name: 'Join the Movement' }).click();
    await waitScrolledTo(page, 'purpose');
    await page.locator('#cta').scrollIntoViewIfNeeded();
    await page.locator('#cta').getByRole('button', { name: 'Learn More' }).click();
    await expect.poll(() => page.evaluate('window.scrollY'), { timeout: 5000, interval: 100 }).toBe(0);
  });

  it('has every section and anchor, the seven sectors and the stated figures', async () => {
    for (const id of ['about', 'purpose', 'events', 'partnership', 'incubator', 'business-canvas', 'motivational-app', 'community', 'get-involved', 'involved', 'cta']) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    for (const title of ['Trusted Goods', 'Elite Services', 'Sacred Information', 'Verified Transactions', 'Intelligent Security', 'Your Legacy Starts Here', 'Idea Validation', 'Revenue Modeling', 'Goal Setting', 'Progress Tracking']) {
      await page.getByRole('heading', { name: title }).first().waitFor();
    }
    expect(await page.getByTestId('sector-card').count()).toBe(7);
    // The figures are the site's settings (the demo's here: scripts/lib/demo-site.ts).
    for (const figure of ['48 h', '24/7', '7', '12']) await page.getByText(figure, { exact: true }).first().waitFor();
    expect(await page.getByTestId('copyright').innerText()).toContain(String(new Date().getFullYear()));
  });

  it('draws the QR codes of both apps from their addresses', async () => {
    await page.locator('#motivational-app').scrollIntoViewIfNeeded();
    await page.getByTestId('qr-code').nth(1).waitFor();
    expect(await page.getByTestId('qr-code').count()).toBe(2);
    const canvasLink = page.locator('#business-canvas').getByRole('link', { name: /Open the Canvas App/ });
    expect(await canvasLink.getAttribute('target')).toBe('_blank');
  });

  it('changes the highlighted feature after 4 seconds without moving anything', async () => {
    // The page's clock is driven by the test, so a slow machine cannot make the 4 s look shorter. It runs with real
    // time until paused, and the rotation's timer starts when the app mounts, so an unknown part of the first 4 s is
    // gone by then: the first change is found in 100 ms steps, and the next one is timed from it. A context of its own:
    // the clock belongs to the context, and a paused one would stop the timers of the pages that follow.
    const own = await site.browser.newContext();
    const timed = await own.newPage();
    await timed.clock.install();
    await timed.goto(`${site.app.baseUrl}/`);
    const cards = timed.getByTestId('feature-card');
    await cards.first().waitFor();
    const highlighted = () => cards.evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-highlighted') === 'true'));
    await pauseClock(timed);
    const box = await cards.nth(1).boundingBox();
    expect(await highlighted()).toBe(0);
    let waited = 0;
    while ((await highlighted()) === 0 && waited < 4000) {
      await timed.clock.runFor(100);
      waited += 100;
    }
    expect(await highlighted()).toBe(1);
    expect(await cards.nth(1).boundingBox()).toEqual(box);
    await timed.clock.runFor(3000);
    expect(await highlighted()).toBe(1);
    await timed.clock.runFor(1100);
    expect(await highlighted()).toBe(2 % (await cards.count()));
    await own.close();
  });

  it('switches the highlighted feature without a colour fade for a person who asks for reduced motion', async () => {
    // A fade leaves the text half-way between two palettes for half a second, below the contrast either palette has.
    const calm = await site.browser.newContext({ reducedMotion: 'reduce' });
    const still = await calm.newPage();
    await still.goto(`${site.app.baseUrl}/`);
    const cards = still.getByTestId('feature-card');
    await cards.first().waitFor();
    const fading = await cards.evaluateAll((els) =>
      els.flatMap((card) => [card, ...Array.from(card.querySelectorAll('*'))])
        .filter((el) => getComputedStyle(el).transitionProperty !== 'none' && getComputedStyle(el).transitionDuration.split(',').some((d) => parseFloat(d) > 0))
        .map((el) => el.className),
    );
    expect(fading).toEqual([]);
    await calm.close();
  });

  it('leads to the application from Become a Member and Apply Now to Thrive', async () => {
    await page.locator('#cta').getByRole('link', { name: 'Become a Member' }).click();
    await page.waitForURL(`${site.app.baseUrl}/incubator-application`);
    await page.getByRole('link', { name: 'Apply Now to Thrive' }).click();
    await page.waitForURL(`${site.app.baseUrl}/incubator-application`);
    expect(await page.getByTestId('copyright').innerText()).toContain(String(new Date().getFullYear()));
  });

  it('follows the footer anchors from another page', async () => {
    for (const [label, id] of [
      ['About', 'about'],
      ['Incubator', 'incubator'],
      ['Community', 'community'],
      ['Partnership', 'partnership'],
      ['Get Involved', 'involved'],
    ] as const) {
      await page.goto(`${site.app.baseUrl}/dog-pound`);
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${site.app.baseUrl}/#${id}`);
      await waitScrolledTo(page, id);
    }
  });

  it('links the Events anchor to the event details page', async () => {
    await page.goto(`${site.app.baseUrl}/#events`);
    await page.locator('#events').getByRole('link', { name: 'View Event Details' }).click();
    await page.waitForURL(`${site.app.baseUrl}/events/i-am-the-business`);
    await page.getByRole('heading', { name: 'I Am The Business', level: 1 }).waitFor();
    // The demo cohort's facts (the cohorts table), not constants.
    const cohort = await site.app.database.db('cohorts').first();
    for (const text of [`starts ${formatCohortDate(cohort.starts_at.toISOString(), cohort.time_zone)}`, 'Cohort 1 · Enrolment open', 'Limited to 25 participants per cohort']) await page.getByText(text).first().waitFor();
  });
});

describe('screenshots for a person to look at', () => {
  it('writes /, /pitch-deck and /incubator-application at 1280 and 375 px to .data/screenshots', async () => {
    for (const width of [1280, 375]) {
      const ctx = await recordingContext(site.browser, { width, height: 900 });
      const p = await ctx.newPage();
      for (const [path, name] of [
        ['/', 'home'],
        ['/pitch-deck', 'pitch-deck'],
        ['/incubator-application', 'incubator-application'],
      ] as const) {
        await p.goto(`${site.app.baseUrl}${path}`, { waitUntil: 'networkidle' });
        await scrollThrough(p);
        await p.waitForTimeout(700);
        const file = await screenshot(p, name);
        expect(existsSync(file) && statSync(file).size > 10_000).toBe(true);
      }
      await ctx.close();
    }
  });

  it('logged no unexpected errors', () => {
    expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
