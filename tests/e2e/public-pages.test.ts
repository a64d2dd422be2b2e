import { createHash } from 'node:crypto';
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PRIVATE_ROUTES, PUBLIC_ROUTES } from '@app/common/routes';
import { appendLedgerRows } from '@app/common/server/ledger/ledger.repository';
import { useE2eSite } from '../helpers/e2e';
import { openHydratedPage } from '../helpers/site';
import { eventually } from '../helpers/worker';

const site = useE2eSite();

/**
 * Each page's code-split chunk (web/src/app.tsx), title and the heading its built HTML must already contain (the success
 * pages: a neutral shell).
 */
const PAGES: Array<{ path: string; chunk: string; title: string; heading: string | null; index: boolean }> = [
  { path: '/', chunk: 'Home', title: 'ADX Trust', heading: 'Trust Is the Foundation. Legacy Is the Goal.', index: true },
  { path: '/pitch-deck', chunk: 'PitchDeck', title: 'Pitch Deck · ADX Trust', heading: 'Rebuilding Trust, One Sector at a Time', index: true },
  { path: '/token-ledger', chunk: 'TokenLedger', title: 'Token Ledger · ADX Trust', heading: 'Token Ledger', index: true },
  { path: '/dog-pound', chunk: 'DogPound', title: 'DOG POUND · ADX Trust', heading: 'DOG POUND', index: true },
  { path: '/incubator', chunk: 'IncubatorInfo', title: 'I Am The Business Incubator · ADX Trust', heading: 'I Am The Business Incubator', index: true },
  { path: '/incubator-application', chunk: 'IncubatorApplication', title: 'Apply to the Incubator · ADX Trust', heading: 'Apply to I Am The Business', index: true },
  { path: '/events/i-am-the-business', chunk: 'EventDetails', title: 'I Am The Business: Event Details · ADX Trust', heading: 'I Am The Business', index: true },
  { path: '/business-ecosystem', chunk: 'BusinessEcosystem', title: 'Business Ecosystem · ADX Trust', heading: 'Grow with a community that does business on trust', index: true },
  { path: '/donation-success', chunk: 'DonationSuccess', title: 'Thank you · ADX Trust', heading: null, index: false },
  { path: '/payment-success', chunk: 'PaymentSuccess', title: 'Payment successful · ADX Trust', heading: null, index: false },
];

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

describe('HTML as a crawler or a link preview sees it (no JavaScript)', () => {
  it('covers every prerendered route', () => {
    expect(PAGES.map((p) => p.path).sort()).toEqual([...PUBLIC_ROUTES, ...PRERENDERED_PRIVATE_ROUTES].sort());
  });

  for (const p of PAGES) {
    it(`${p.path}: heading, title, description, canonical and share tags`, async () => {
      const res = await fetch(`${site.app.baseUrl}${p.path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const root = attr(html, /<div id="root">([\s\S]*)<\/div>/) ?? '';
      if (p.heading) expect(text(attr(root, /<h1[^>]*>([\s\S]*?)<\/h1>/) ?? '')).toBe(p.heading);
      else expect(root).toContain('role="status"'); // the neutral shell: the page checks the payment in the browser
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(p.title);
      const description = attr(html, /<meta name="description" content="([^"]+)"/);
      expect(description?.length).toBeGreaterThan(20);
      expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBe(p.title);
      expect(attr(html, /<meta property="og:description" content="([^"]+)"/)).toBe(description);
      expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${site.app.baseUrl}${p.path}`);
      expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toBe(`${site.app.baseUrl}/og-image.png`);
      expect(attr(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
      if (p.index) {
        expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${site.app.baseUrl}${p.path}`);
        expect(html).not.toContain('noindex');
      } else {
        expect(html).toContain('<meta name="robots" content="noindex">');
      }
    });
  }

  it('prerendered pages need no other request to paint: the stylesheet is inline and the HTML is sent compressed', async () => {
    for (const p of PAGES) {
      const res = await fetch(`${site.app.baseUrl}${p.path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers.get('content-encoding'), p.path).toBe('br');
      expect(res.headers.get('vary')?.toLowerCase(), p.path).toContain('accept-encoding');
      const html = await res.text();
      expect(html, p.path).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(html, p.path).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    }
    const gzip = await fetch(`${site.app.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('<h1');
  });

  it('prerendered pages request no script before they paint: one inline loader, allowed by its hash in the CSP', async () => {
    for (const p of [...PAGES.map((x) => x.path), '/no/such/page']) {
      const res = await fetch(`${site.app.baseUrl}${p}`);
      const html = await res.text();
      // No entry <script type="module"> nor modulepreload in the HTML: the loader adds them after the first paint.
      expect(html, p).not.toMatch(/<script[^>]*type="module"/);
      expect(html, p).not.toMatch(/<link[^>]*rel="modulepreload"/);
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs!));
      expect(scripts, p).toHaveLength(1);
      const [, attrs, code] = scripts[0]!;
      expect(attrs, p).toMatch(/ data-entry="\/assets\/[\w.-]+\.js"/);
      // In the head: it listens before any form is parsed (a click before it ran would submit natively).
      expect(html.indexOf(scripts[0]![0]), p).toBeLessThan(html.indexOf('</head>'));
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
      expect(scriptSrc, p).toContain(`'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`);
      expect(scriptSrc, p).not.toContain('unsafe-inline');
    }
    // Each page's own chunks go with the entry (the loader's data-preload), not in the head, and not after it: the app
    // is ready only once the page has hydrated, and its code found by the entry would be a second round trip.
    for (const p of PAGES) {
      const html = await (await fetch(`${site.app.baseUrl}${p.path}`)).text();
      expect(attr(html, /data-preload="([^"]*)"/), p.path).toMatch(new RegExp(`/assets/${p.chunk}-[\\w-]+\\.js`));
    }
    // The shell of the client-rendered pages keeps its entry script in the head, and its CSP no inline script.
    const shell = await fetch(`${site.app.baseUrl}/community`);
    expect(await shell.text()).toMatch(/<head>[\s\S]*<script type="module"[^>]*src="\/assets\/[\w.-]+\.js"[\s\S]*<\/head>/);
    expect(shell.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
  });

  it('serves a 1200x630 PNG share image', async () => {
    const res = await fetch(`${site.app.baseUrl}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('describes the organisation and the program in JSON-LD', async () => {
    const ld = async (path: string) => {
      const html = await (await fetch(`${site.app.baseUrl}${path}`)).text();
      return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    };
    expect(await ld('/')).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'ADX Trust', url: `${site.app.baseUrl}/` })]);
    // The demo cohort's start (the cohorts table), not a constant.
    const cohort = await site.app.database.db('cohorts').first();
    expect(await ld('/events/i-am-the-business')).toEqual([
      expect.objectContaining({
        '@type': 'Event',
        name: 'I Am The Business',
        startDate: cohort.starts_at.toISOString(),
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: expect.objectContaining({ '@type': 'VirtualLocation' }),
      }),
    ]);
  });

  it('lists exactly the public routes in sitemap.xml, and robots.txt points to it', async () => {
    const xml = await (await fetch(`${site.app.baseUrl}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_ROUTES.map((r) => `${site.app.baseUrl}${r}`));
    const robots = await (await fetch(`${site.app.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.app.baseUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });

  it('marks private pages noindex and serves the 404 page with status 404', async () => {
    for (const path of ['/community', '/security', '/token-admin', '/profile/someone']) {
      const html = await (await fetch(`${site.app.baseUrl}${path}`)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
    const res = await fetch(`${site.app.baseUrl}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(text(attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/) ?? '')).toBe('Oops! Page not found');
    expect(html).toContain('noindex');
  });

  it('puts the ledger summary and first page in /token-ledger, and a new row in the next page load', async () => {
    await appendLedgerRows(site.app.database.db, [
      { investor_id: 'ADX4242', purchase_date: '2025-06-01', investment_amount_usd: '1234.50', tokens_to_be_distributed: '12345.00000000', source: 'admin' },
    ]);
    const ledgerHtml = async () => text(attr(await (await fetch(`${site.app.baseUrl}/token-ledger`)).text(), /<div id="root">([\s\S]*)<\/div>/) ?? '');
    await eventually(async () => (await ledgerHtml()).includes('ADX4242'), 5_000, 'first row in the HTML');
    const first = await ledgerHtml();
    expect(first).toContain('$1,234.50');
    expect(first).not.toContain('ADX4343');
    await appendLedgerRows(site.app.database.db, [
      { investor_id: 'ADX4343', purchase_date: '2025-06-02', investment_amount_usd: '10.00', tokens_to_be_distributed: '100.00000000', source: 'admin' },
    ]);
    await eventually(async () => (await ledgerHtml()).includes('ADX4343'), 2_000, 'the new row in the HTML');
    expect(await ledgerHtml()).toContain('$1,244.50');
  });
});

describe('in the browser', () => {
  it('does not send a form natively before the app has started (what was typed stays out of the address)', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      // The app's code never arrives: the prerendered HTML is all there is.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${site.app.baseUrl}/incubator-application`, { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: 'Incubator application' });
      await form.getByRole('textbox').first().fill('Ada Lovelace');
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await page.waitForTimeout(1_000);
      expect(page.url()).toBe(`${site.app.baseUrl}/incubator-application`);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('changes the title when moving to another page without a reload', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${site.app.baseUrl}/dog-pound`, { waitUntil: 'networkidle' });
      expect(await page.title()).toBe('DOG POUND · ADX Trust');
      await page.getByRole('banner').getByRole('link', { name: 'Pitch Deck' }).click();
      await page.waitForURL(`${site.app.baseUrl}/pitch-deck`);
      await expect.poll(() => page.title()).toBe('Pitch Deck · ADX Trust');
      expect(await page.evaluate('document.querySelectorAll("title").length')).toBe(1);
    } finally {
      await page.close();
    }
  });

  const openHydrated = (path: string, viewport: { width: number; height: number }, keep: (m: ConsoleMessage) => boolean) => openHydratedPage(site.browser, `${site.app.baseUrl}${path}`, viewport, keep);

  for (const p of ['/', '/token-ledger']) {
    it(`${p}: requests the app's code only after the first contentful paint, then hydrates with no console error`, async () => {
      const { page, problems } = await openHydrated(p, { width: 412, height: 823 }, (m) => m.type() === 'error' || m.type() === 'warning');
      try {
        const timing = (await page.evaluate(`({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          scripts: performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.startsWith('/assets/') && r.name.endsWith('.js'))
            .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
          entry: document.querySelector('script[data-entry]')?.getAttribute('data-entry') ?? null,
        })`)) as { fcp: number | null; scripts: Array<{ path: string; start: number }>; entry: string | null };
        expect(timing.fcp).not.toBeNull();
        expect(timing.scripts.length).toBeGreaterThan(1);
        for (const s of timing.scripts) expect(s.start, `${s.path} requested at ${s.start} ms, first paint at ${timing.fcp} ms`).toBeGreaterThanOrEqual(timing.fcp!);
        expect(timing.scripts.map((s) => s.path)).toContain(timing.entry);
        await page.waitForTimeout(300);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  for (const p of [...PAGES.map((x) => x.path), '/no/such/page']) {
    it(`${p}: hydrates the built HTML without a mismatch`, async () => {
      const { page, problems } = await openHydrated(p, { width: 1280, height: 900 }, (m) => /hydrat|did not match|mismatch|#418|#419|#423|#425/i.test(m.text()));
      try {
        await page.waitForTimeout(300);
        expect(problems).toEqual([]);
        // One title, React's, so that it changes with client-side navigation.
        expect(await page.evaluate('document.querySelectorAll("title").length')).toBe(1);
      } finally {
        await page.close();
      }
    });
  }
});
