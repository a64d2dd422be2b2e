import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '@app/common/domain/flyer';
import { initials } from '@app/common/domain/initials';
import { formatMinutesSeconds } from '@app/common/domain/session-status';
import { BRAND, brandedSvg, svgToPng } from './brand';
import { faces } from './fonts';
import { SvgText, fitSize, measure, truncate, wrapBalanced } from './text';

/** What an archive thumbnail shows. */
export interface ThumbnailInput {
  title: string;
  speakerName: string | null;
  topic: string | null;
  durationSeconds: number | null;
}

const W = THUMBNAIL_WIDTH;
const H = THUMBNAIL_HEIGHT;

/** The archive card as an SVG document (same fonts and colours as the flyers). */
function thumbnailSvg(input: ThumbnailInput): string {
  const { display, body, bodyBold } = faces();
  const t = new SvgText();
  const textWidth = 400;
  const titleSize = fitSize(input.title, display, 40, 30, textWidth * 2);
  const title = wrapBalanced(input.title, display, titleSize, textWidth, 2);
  const speaker = truncate(input.speakerName?.trim() || 'Guest speaker', bodyBold, 22, textWidth);
  const topic = input.topic?.trim() ? wrapBalanced(input.topic, body, 19, textWidth, 2) : [];
  const duration = formatMinutesSeconds(input.durationSeconds);
  const durationWidth = measure(duration, bodyBold, 18) + 28;
  const titleTop = 122;
  const speakerY = titleTop + (title.length - 1) * (titleSize + 6) + 46;

  const content = `<rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect x="14" y="14" width="${W - 28}" height="${H - 28}" rx="14" fill="none" stroke="${BRAND.gold500}" stroke-opacity="0.5" stroke-width="2"/>
  ${t.line('SESSION ARCHIVE', bodyBold, 15, 44, 70, { fill: BRAND.gold400, tracking: 4 })}
  ${title.map((line, i) => t.line(line, display, titleSize, 44, titleTop + i * (titleSize + 6), { fill: BRAND.paper })).join('')}
  ${t.line(speaker, bodyBold, 22, 44, speakerY, { fill: BRAND.gold300 })}
  ${topic.map((line, i) => t.line(line, body, 19, 44, speakerY + 32 + i * 26, { fill: BRAND.paper, opacity: 0.82 })).join('')}
  <rect x="44" y="${H - 64}" width="${durationWidth.toFixed(1)}" height="32" rx="16" fill="${BRAND.gold500}" fill-opacity="0.14" stroke="${BRAND.gold500}" stroke-width="1.5"/>
  ${t.line(duration, bodyBold, 18, 44 + durationWidth / 2, H - 42, { fill: BRAND.paper, anchor: 'middle' })}
  <circle cx="${W - 120}" cy="${H / 2}" r="78" fill="none" stroke="${BRAND.gold500}" stroke-width="5"/>
  <circle cx="${W - 120}" cy="${H / 2}" r="70" fill="url(#initials)"/>
  ${t.line(initials(input.speakerName), display, 60, W - 120, H / 2 + 21, { fill: BRAND.gold300, anchor: 'middle' })}`;

  return brandedSvg(W, H, { x2: 1, y2: 1, stops: [[0, BRAND.ink800], [1, BRAND.ink950]] }, t.defs(), content);
}

/** The archive card as a 640×360 PNG. */
export function renderThumbnail(input: ThumbnailInput): Promise<Buffer> {
  return svgToPng(thumbnailSvg(input));
}
