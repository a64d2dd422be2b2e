import { BRAND, brandedSvg, svgToPng } from './brand';
import { faces } from './fonts';
import { SvgText, fitSize, wrapBalanced } from './text';

/** The size Open Graph and Twitter cards display without cropping. */
const SHARE_CARD = { width: 1200, height: 630 } as const;

/** What the site's share card says. */
export interface ShareCardInput {
  name: string;
  tagline: string;
  footer: string;
}

/** The share card as an SVG document, drawn with the flyers' fonts and colours (glyph outlines, no system font). */
function shareCardSvg(input: ShareCardInput): string {
  const { width: W, height: H } = SHARE_CARD;
  const { display, body, bodyBold } = faces();
  const t = new SvgText();
  const nameSize = fitSize(input.name, display, 112, 72, W - 160);
  const tagline = wrapBalanced(input.tagline, body, 38, W - 160, 2);
  const content = `<rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect x="24" y="24" width="${W - 48}" height="${H - 48}" rx="22" fill="none" stroke="${BRAND.gold500}" stroke-opacity="0.55" stroke-width="3"/>
  <path d="M600 88 660 112v42c0 36-25.8 60-60 69-34.2-9-60-33-60-69v-42z" fill="none" stroke="${BRAND.gold500}" stroke-width="6" stroke-linejoin="round"/>
  ${t.line(input.name, display, nameSize, W / 2, 340, { fill: BRAND.paper, anchor: 'middle' })}
  ${tagline.map((line, i) => t.line(line, body, 38, W / 2, 414 + i * 50, { fill: BRAND.paper, opacity: 0.86, anchor: 'middle' })).join('')}
  ${t.line(input.footer, bodyBold, 24, W / 2, H - 70, { fill: BRAND.gold300, anchor: 'middle', tracking: 5 })}`;
  return brandedSvg(W, H, { x2: 1, y2: 1, stops: [[0, BRAND.ink800], [1, BRAND.ink950]] }, t.defs(), content);
}

/** The share card as a 1200×630 PNG. */
export function renderShareCard(input: ShareCardInput): Promise<Buffer> {
  return svgToPng(shareCardSvg(input));
}
