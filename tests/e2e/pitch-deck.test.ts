import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordingContext, waitScrolledTo } from '../helpers/site';
import { useE2eSite } from '../helpers/e2e';

const site = useE2eSite();

let page: Page;
const scripts: string[] = [];

beforeAll(async () => {
  page = await (await recordingContext(site.browser)).newPage();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
});

describe('/pitch-deck', () => {
  it('does not load Chart.js on the landing page', async () => {
    await page.goto(`${site.app.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.some((s) => /\/chart-/.test(s))).toBe(false);
  });

  it('has the sections in order and header links that scroll to them', async () => {
    await page.goto(`${site.app.baseUrl}/pitch-deck`);
    await page.getByRole('heading', { name: 'Build the Trust Economy With Us' }).waitFor();
    const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(['problem', 'solution', 'technology', 'growth', 'opportunity', 'funds', 'roadmap']);
    const header = page.getByRole('navigation', { name: 'Pitch deck' });
    for (const [label, id] of [
      ['Roadmap', 'roadmap'],
      ['Problem', 'problem'],
      ['Opportunity', 'opportunity'],
      ['Solution', 'solution'],
    ] as const) {
      await header.getByRole('button', { name: label }).click();
      await waitScrolledTo(page, id);
    }
    expect(await header.getByRole('link', { name: 'Invest Now' }).getAttribute('href')).toBe('/investment-portal');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.getByRole('button', { name: 'Explore the Vision' }).click();
    await waitScrolledTo(page, 'problem');
  });

  it('swaps the solution panel when a sector is clicked', async () => {
    const panel = page.getByTestId('sector-panel');
    expect(await panel.getByRole('heading').innerText()).toBe('The Seven Sectors');
    await page.getByRole('button', { name: 'Media', exact: true }).click();
    expect(await panel.getByRole('heading').innerText()).toBe('Media');
    expect(await panel.innerText()).toContain('rewards factual, high-quality content');
    await page.getByRole('button', { name: 'Arts & Entertainment' }).click();
    // One name per sector: the button and the panel say the same (the site setting).
    expect(await panel.getByRole('heading').innerText()).toBe('Arts & Entertainment');
    expect(await page.getByRole('button', { name: 'Arts & Entertainment' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('has the growth engine with ten venture links in new tabs and the sponsor slot', async () => {
    const ventures = page.getByTestId('ventures').getByRole('link');
    expect(await ventures.count()).toBe(10);
    for (const target of await ventures.evaluateAll((els) => els.map((e) => e.getAttribute('target')))) expect(target).toBe('_blank');
    await page.locator('#growth').getByRole('button', { name: /Sponsor a Student - \$2,497/ }).waitFor();
  });

  it('shows 250 tokens for $25 at the sale price and counts non-numeric input as 0', async () => {
    const input = page.getByLabel('Investment amount (USD)');
    expect(await page.getByTestId('calculator-tokens').innerText()).toContain('1,000');
    await input.fill('25');
    expect(await page.getByTestId('calculator-tokens').innerText()).toMatch(/^250 ADX tokens/);
    await input.fill('abc');
    expect(await page.getByTestId('calculator-tokens').innerText()).toMatch(/^0 ADX tokens/);
  });

  it('renders the fund-use chart, loading Chart.js only when it is needed', async () => {
    await page.locator('#funds').scrollIntoViewIfNeeded();
    const chart = page.getByTestId('fund-chart');
    await expect.poll(() => chart.getAttribute('data-ready'), { timeout: 5000 }).toBe('true');
    expect(scripts.some((s) => /\/chart-/.test(s))).toBe(true);
    // Something was drawn: the canvas has coloured pixels.
    const painted = await chart.evaluate((c) => {
      const canvas = c as unknown as { width: number; height: number; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(1000);
    expect(await page.locator('#funds').innerText()).toMatch(/Technology and Development\s+50%/);
  });

  it('selects roadmap steps one at a time and moves the progress bar (the demo settings\' phases)', async () => {
    const bar = page.getByRole('progressbar', { name: 'Roadmap progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    for (const [step, progress, title] of [
      ['Phase 2', '40', 'Launch & Incubation'],
      ['Phase 3', '0', 'Onboarding & Growth'],
      ['Next', '0', 'Scaling the Vision'],
      ['Phase 1', '100', 'Foundation & Funding'],
    ] as const) {
      await page.getByRole('button', { name: new RegExp(`^${step}`) }).click();
      expect(await bar.getAttribute('aria-valuenow')).toBe(progress);
      expect(await page.getByTestId('roadmap-panel').getByRole('heading').innerText()).toBe(title);
      expect(await page.locator('#roadmap button[aria-pressed="true"]').count()).toBe(1);
    }
  });

  it('closes with Invest Now and the community link', async () => {
    const closing = page.getByRole('region', { name: 'Build the Trust Economy With Us' });
    expect(await closing.getByRole('link', { name: 'Invest Now' }).getAttribute('href')).toBe('/investment-portal');
    expect(await closing.getByRole('link', { name: /Join the Community/ }).getAttribute('target')).toBe('_blank');
  });
});
