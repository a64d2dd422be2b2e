import { FLYER_HEIGHT, FLYER_WIDTH, SESSION_MINUTES, type SessionDay } from '@app/common/domain/flyer';
import { SESSION_TIME_LABEL } from '@app/common/domain/session-time';
import { initials } from '@app/common/domain/initials';
import { BRAND, brandedSvg, loadSharp, PNG_OPTIONS } from './brand';
import { faces } from './fonts';
import { SvgText, fitSize, measure, truncate, wrapBalanced } from './text';

/** What a flyer shows. */
export interface FlyerInput {
  speakerName: string;
  topic: string;
  day: SessionDay;
  /** A square PNG (from fetchAvatar), or null for the initials. */
  avatarPng: Buffer | null;
}

const W = FLYER_WIDTH;
const H = FLYER_HEIGHT;
const CX = W / 2;
const AVATAR_R = 170;
const AVATAR_CY = 650;
/** Size of the avatar image the template expects (fetchAvatar's `size`). */
export const FLYER_AVATAR_PX = AVATAR_R * 2;

const BACKGROUND = { x2: 0.35, y2: 1, stops: [[0, BRAND.ink800], [0.55, BRAND.ink900], [1, BRAND.ink950]] as Array<[number, string]> };

/**
 * The part of the flyer that changes with the speaker (avatar or initials, name, topic) lies inside
 * this box; everything else depends only on the day, so it is rasterized once per day and process.
 */
const SPEAKER_BOX = { left: 60, top: 470, width: 960, height: 740 } as const;

/** What does not depend on the speaker: background, frame, rings, header, day, time, footer. */
function fixedContent(t: SvgText, day: SessionDay): string {
  const { display, body, bodyBold } = faces();
  const when = `${SESSION_TIME_LABEL}  ·  ${SESSION_MINUTES} MINUTES`;
  const whenWidth = measure(when, bodyBold, 32, 2) + 64;
  return `<rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${CX}" cy="${AVATAR_CY}" r="${AVATAR_R + 44}" fill="none" stroke="${BRAND.gold500}" stroke-opacity="0.2" stroke-width="2"/>
  <rect x="36" y="36" width="${W - 72}" height="${H - 72}" rx="28" fill="none" stroke="${BRAND.gold500}" stroke-opacity="0.55" stroke-width="3"/>
  ${t.line('THE DOG POUND', bodyBold, 30, CX, 132, { fill: BRAND.gold400, anchor: 'middle', tracking: 9 })}
  ${t.line('WEEKLY SPEAKER SESSION', bodyBold, 24, CX, 178, { fill: BRAND.paper, opacity: 0.72, anchor: 'middle', tracking: 6 })}
  ${t.line(day, display, 148, CX, 330, { fill: BRAND.gold500, anchor: 'middle' })}
  <rect x="${(CX - whenWidth / 2).toFixed(1)}" y="366" width="${whenWidth.toFixed(1)}" height="60" rx="30" fill="${BRAND.gold500}" fill-opacity="0.12" stroke="${BRAND.gold500}" stroke-width="2"/>
  ${t.line(when, bodyBold, 32, CX, 407, { fill: BRAND.paper, anchor: 'middle', tracking: 2 })}
  <circle cx="${CX}" cy="${AVATAR_CY}" r="${AVATAR_R + 12}" fill="none" stroke="${BRAND.gold500}" stroke-width="8"/>
  ${t.line('FEATURED SPEAKER', bodyBold, 24, CX, 894, { fill: BRAND.gold400, anchor: 'middle', tracking: 6 })}
  <rect x="${CX - 60}" y="1228" width="120" height="4" rx="2" fill="${BRAND.gold500}"/>
  ${t.line('Join us live in the community · Monday, Wednesday & Friday', body, 26, CX, 1278, { fill: BRAND.paper, opacity: 0.7, anchor: 'middle' })}`;
}

/** The speaker's part: avatar (or initials), name and topic, in flyer coordinates inside SPEAKER_BOX. */
function speakerContent(t: SvgText, input: FlyerInput): string {
  const { display, body } = faces();
  const name = truncate(input.speakerName.trim() || 'Guest speaker', display, 44, 900);
  const nameSize = fitSize(name, display, 84, 44, 900);
  const topic = wrapBalanced(`“${input.topic.trim()}”`, body, 44, 880, 3);
  const avatar = input.avatarPng
    ? `<clipPath id="avatar"><circle cx="${CX}" cy="${AVATAR_CY}" r="${AVATAR_R}"/></clipPath>
  <image href="data:image/png;base64,${input.avatarPng.toString('base64')}" x="${CX - AVATAR_R}" y="${AVATAR_CY - AVATAR_R}" width="${FLYER_AVATAR_PX}" height="${FLYER_AVATAR_PX}" clip-path="url(#avatar)"/>`
    : `<circle cx="${CX}" cy="${AVATAR_CY}" r="${AVATAR_R}" fill="url(#initials)"/>
  ${t.line(initials(input.speakerName), display, 136, CX, AVATAR_CY + 48, { fill: BRAND.gold300, anchor: 'middle' })}`;
  return `${avatar}
  ${t.line(name, display, nameSize, CX, 980, { fill: BRAND.paper, anchor: 'middle' })}
  ${topic.map((line, i) => t.line(line, body, 44, CX, 1064 + i * 58, { fill: BRAND.paper, opacity: 0.88, anchor: 'middle' })).join('\n  ')}`;
}

/** The whole flyer as one SVG document (all text as outlines of the bundled fonts). */
export function flyerSvg(input: FlyerInput): string {
  const t = new SvgText();
  const content = `${fixedContent(t, input.day)}
  ${speakerContent(t, input)}`;
  return brandedSvg(W, H, BACKGROUND, t.defs(), content);
}

/** Only the speaker's part, as a transparent SVG the size of SPEAKER_BOX (its viewBox is that box). */
function flyerSpeakerSvg(input: FlyerInput): string {
  const t = new SvgText();
  const content = speakerContent(t, input);
  const { left, top, width, height } = SPEAKER_BOX;
  return brandedSvg(width, height, BACKGROUND, t.defs(), content).replace(`viewBox="0 0 ${width} ${height}"`, `viewBox="${left} ${top} ${width} ${height}"`);
}

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** The fixed layer of each day, rasterized once per process (three days: ~17 MB of pixels in all). */
const fixedLayers = new Map<SessionDay, Promise<RawImage>>();

function fixedLayer(day: SessionDay): Promise<RawImage> {
  let layer = fixedLayers.get(day);
  if (!layer) {
    const t = new SvgText();
    const content = fixedContent(t, day);
    const svg = Buffer.from(brandedSvg(W, H, BACKGROUND, t.defs(), content));
    layer = loadSharp().then((sharp) => sharp(svg).raw().toBuffer({ resolveWithObject: true }));
    layer.catch(() => fixedLayers.delete(day));
    fixedLayers.set(day, layer);
  }
  return layer;
}

/**
 * The flyer as a 1080×1350 PNG: the day's fixed layer (cached) with the speaker's part drawn over it,
 * the same pixels as rasterizing flyerSvg whole, without redrawing the fixed part every time.
 */
export async function renderFlyer(input: FlyerInput): Promise<Buffer> {
  const [base, sharp] = await Promise.all([fixedLayer(input.day), loadSharp()]);
  return sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
    .composite([{ input: Buffer.from(flyerSpeakerSvg(input)), left: SPEAKER_BOX.left, top: SPEAKER_BOX.top }])
    .png(PNG_OPTIONS)
    .toBuffer();
}
