import type sharpFunction from 'sharp';

/**
 * sharp (libvips), loaded at the first render rather than at start: it is ~28 MB of resident memory that a
 * worker which renders nothing (most of the time) need not hold.
 */
let sharpLoading: Promise<typeof sharpFunction> | undefined;
export function loadSharp(): Promise<typeof sharpFunction> {
  sharpLoading ??= import('sharp').then((m) => m.default);
  return sharpLoading;
}

/** The site's colours (web/src/styles.css @theme): navy ink, gold accent, warm paper. */
export const BRAND = {
  ink950: '#070f20',
  ink900: '#0b1730',
  ink800: '#13264a',
  ink700: '#1c3461',
  ink600: '#2a4680',
  gold300: '#e3c567',
  gold400: '#d6b445',
  gold500: '#c9a227',
  gold600: '#a8861c',
  paper: '#f6f4ee',
} as const;

/** PNG encoding used for every rendered image (and by the benchmark's bare sharp peer). */
export const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

/**
 * A branded SVG document: the navy background gradient (`url(#bg)`, its stops and direction given),
 * the navy initials-disc gradient (`url(#initials)`), the text layer's glyph definitions, and `content`.
 */
export function brandedSvg(width: number, height: number, background: { x2: number; y2: number; stops: ReadonlyArray<[number, string]> }, glyphDefs: string, content: string): string {
  const stops = background.stops.map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`).join('\n      ');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="${background.x2}" y2="${background.y2}">
      ${stops}
    </linearGradient>
    <linearGradient id="initials" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND.ink600}"/>
      <stop offset="1" stop-color="${BRAND.ink800}"/>
    </linearGradient>
    ${glyphDefs}
  </defs>
  ${content}
</svg>`;
}

/** Rasterizes an SVG document to PNG with the shared encoding options. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
}
