import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fetchAvatar } from '../../worker/src/render/avatar';
import { faces } from '../../worker/src/render/fonts';
import { SvgText, measure, truncate, wrap, wrapBalanced } from '../../worker/src/render/text';

const { body, display } = faces();
const TOPIC = 'Owning the corner store: how cooperatives keep money in the neighbourhood and build wealth for families';

describe('text layout with the bundled fonts', () => {
  it('wraps within the width and the line count, ending with an ellipsis when text is left over', () => {
    const lines = wrap(TOPIC, body, 44, 600, 2);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(measure(l, body, 44)).toBeLessThanOrEqual(600);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(wrap('Short', body, 44, 600, 3)).toEqual(['Short']);
    // A single word longer than a line is cut by characters.
    const long = wrap('x'.repeat(80), body, 44, 300, 3);
    expect(long.length).toBe(3);
    for (const l of long) expect(measure(l, body, 44)).toBeLessThanOrEqual(300);
  });

  it('balances lines without adding one', () => {
    const topic = '“Ship it small: your first product in 30 days”';
    const greedy = wrap(topic, body, 44, 880, 3);
    const balanced = wrapBalanced(topic, body, 44, 880, 3);
    expect(greedy).toEqual(['“Ship it small: your first product in 30', 'days”']);
    expect(balanced).toHaveLength(2);
    expect(balanced.join(' ')).toBe(topic);
    expect(Math.min(...balanced.map((l) => l.split(' ').length))).toBeGreaterThan(1);
  });

  it('truncates a name with an ellipsis, and draws Latin Extended letters from the fallback font', () => {
    const name = truncate('Łukasz Żółć-Brzęczyszczykiewicz the Third of Many Names', display, 60, 500);
    expect(name.endsWith('…')).toBe(true);
    expect(measure(name, display, 60)).toBeLessThanOrEqual(500);
    const t = new SvgText();
    const svg = t.line('Łó', display, 60, 0, 60, { fill: '#000' });
    expect(svg.match(/<use /g)).toHaveLength(2);
    // Ł is not in the Latin subset: its outline comes from the second (Latin Extended) font.
    expect(t.defs()).toMatch(/id="g\d+_\d+"/);
    expect(display[0]!.hasChar('Ł')).toBe(false);
    expect(display[1]!.hasChar('Ł')).toBe(true);
  });
});

describe('avatar fetch (the internet is faked)', () => {
  const png = () => sharp({ create: { width: 500, height: 300, channels: 3, background: '#8a6a0c' } }).png().toBuffer();

  it('only asks Discord\'s CDN, and answers a square PNG', async () => {
    const asked: string[] = [];
    const fake = (async (url: URL | RequestInfo) => {
      asked.push(String(url));
      return new Response(new Uint8Array(await png()), { headers: { 'content-type': 'image/png' } });
    }) as typeof fetch;
    expect(await fetchAvatar('https://evil.example/a.png', 340, fake)).toBeNull();
    expect(await fetchAvatar('http://cdn.discordapp.com/a.png', 340, fake)).toBeNull();
    expect(await fetchAvatar(null, 340, fake)).toBeNull();
    expect(asked).toEqual([]);
    const out = await fetchAvatar('https://cdn.discordapp.com/avatars/1/a.png', 340, fake);
    expect(await sharp(out!).metadata()).toMatchObject({ format: 'png', width: 340, height: 340 });
  });

  it('gives up (null, never a throw) on errors, non-images and no answer', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const text = (async () => new Response('<html>', { headers: { 'content-type': 'text/html' } })) as typeof fetch;
    const hanging = ((_u: unknown, init?: RequestInit) =>
      new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch;
    const url = 'https://cdn.discordapp.com/avatars/1/a.png';
    expect(await fetchAvatar(url, 340, failing)).toBeNull();
    expect(await fetchAvatar(url, 340, text)).toBeNull();
    expect(await fetchAvatar(url, 340, hanging)).toBeNull();
  });
});

describe('digits on the flyers', () => {
  // Playfair Display's default figures are old-style: its '3' hangs below the baseline and looked like 'ȝ'.
  it('draws a 3 standing on the baseline, as tall as a capital (lining figures)', async () => {
    const inkRows = async (text: string) => {
      const t = new SvgText();
      const line = t.line(text, display, 200, 20, 250, { fill: '#000' });
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="340"><rect width="300" height="340" fill="#fff"/><defs>${t.defs()}</defs>${line}</svg>`;
      const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
      const rows: number[] = [];
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          if (data[y * info.width + x]! < 128) {
            rows.push(y);
            break;
          }
        }
      }
      return { top: Math.min(...rows), bottom: Math.max(...rows) };
    };
    const three = await inkRows('3');
    const capital = await inkRows('E');
    // The baseline is at y = 250: no ink more than a pixel or two below it.
    expect(three.bottom).toBeLessThanOrEqual(252);
    expect(Math.abs(three.top - capital.top)).toBeLessThanOrEqual(12);
    for (const d of '0123456789') expect((await inkRows(d)).bottom, d).toBeLessThanOrEqual(252);
  });
});
