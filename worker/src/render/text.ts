import type { Font, Glyph } from 'opentype.js';
import type { Face } from './fonts';

/** How a line is placed: x is its start, middle or end. */
type Anchor = 'start' | 'middle' | 'end';

interface Placed {
  font: Font;
  glyph: Glyph;
}

const liningMaps = new WeakMap<Font, Map<number, number>>();

/**
 * The font's lining-figure substitutions (its `lnum` feature), glyph index → glyph index. Playfair Display's
 * default digits are old-style: 3, 4, 5, 7 and 9 hang below the baseline, so a flyer's "7:00" or a date's 3
 * read like 'ȝ'. Set beside capitals and times, digits take the lining forms (no-op for fonts without lnum).
 */
function liningFigures(font: Font): Map<number, number> {
  let map = liningMaps.get(font);
  if (!map) {
    map = new Map();
    const subs = (font.substitution as unknown as { getSingle(feature: string, script: string, lang: string): Array<{ sub: number; by: number }> | undefined }).getSingle('lnum', 'latn', 'dflt');
    for (const { sub, by } of subs ?? []) map.set(sub, by);
    liningMaps.set(font, map);
  }
  return map;
}

/** Characters with the first font of the face that has them (else the first font's .notdef); digits as lining figures. */
function glyphs(text: string, face: Face): Placed[] {
  const out: Placed[] = [];
  for (const ch of text.normalize('NFC')) {
    const font = face.find((f) => f.hasChar(ch)) ?? face[0]!;
    let glyph = font.charToGlyph(ch);
    const lining = liningFigures(font).get(glyph.index);
    if (lining !== undefined) glyph = font.glyphs.get(lining);
    out.push({ font, glyph });
  }
  return out;
}

function advance(p: Placed, size: number): number {
  return ((p.glyph.advanceWidth ?? 0) * size) / p.font.unitsPerEm;
}

/** The width of `text` at `size` px, with `tracking` px added after each character but the last. */
export function measure(text: string, face: Face, size: number, tracking = 0): number {
  const gs = glyphs(text, face);
  return gs.reduce((w, g) => w + advance(g, size), 0) + tracking * Math.max(0, gs.length - 1);
}

const glyphPaths = new WeakMap<Font, Map<number, string>>();
const fontIds = new WeakMap<Font, number>();
let nextFontId = 0;

/** A glyph's outline in font units (y down), computed once per process. */
function glyphOutline(font: Font, glyph: Glyph): string {
  let byIndex = glyphPaths.get(font);
  if (!byIndex) glyphPaths.set(font, (byIndex = new Map()));
  let d = byIndex.get(glyph.index);
  if (d === undefined) {
    d = glyph.getPath(0, 0, font.unitsPerEm).toPathData(0);
    byIndex.set(glyph.index, d);
  }
  return d;
}

function glyphId(font: Font, glyph: Glyph): string {
  let id = fontIds.get(font);
  if (id === undefined) fontIds.set(font, (id = nextFontId++));
  return `g${id}_${glyph.index}`;
}

/** What a line of text is drawn with. */
export interface LineStyle {
  fill: string;
  opacity?: number;
  anchor?: Anchor;
  /** px added after each character. */
  tracking?: number;
}

/**
 * Text for one SVG document, as outlines of the bundled fonts: each glyph used is defined once in
 * <defs> (its outline cached for the process) and placed with <use>, so no font is needed to render.
 */
export class SvgText {
  private readonly used = new Map<string, string>();

  /** One line of text, its baseline at y. */
  line(text: string, face: Face, size: number, x: number, y: number, style: LineStyle): string {
    const tracking = style.tracking ?? 0;
    const width = measure(text, face, size, tracking);
    let pen = style.anchor === 'middle' ? x - width / 2 : style.anchor === 'end' ? x - width : x;
    const uses: string[] = [];
    for (const g of glyphs(text, face)) {
      const outline = glyphOutline(g.font, g.glyph);
      if (outline) {
        const id = glyphId(g.font, g.glyph);
        this.used.set(id, outline);
        uses.push(`<use href="#${id}" transform="translate(${pen.toFixed(1)} ${y}) scale(${(size / g.font.unitsPerEm).toFixed(5)})"/>`);
      }
      pen += advance(g, size) + tracking;
    }
    return `<g fill="${style.fill}"${style.opacity === undefined ? '' : ` fill-opacity="${style.opacity}"`}>${uses.join('')}</g>`;
  }

  /** The <path> definitions of every glyph used so far (put inside <defs>). */
  defs(): string {
    return [...this.used].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('');
  }
}

/** The largest size from `max` down to `min` (step 2) at which `text` fits in `width`; `min` otherwise. */
export function fitSize(text: string, face: Face, max: number, min: number, width: number, tracking = 0): number {
  for (let size = max; size > min; size -= 2) if (measure(text, face, size, tracking) <= width) return size;
  return min;
}

/** `text` with an ellipsis at the end, cut so that both fit in `width`. */
function ellipsize(text: string, face: Face, size: number, width: number): string {
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join('').trimEnd()}…`, face, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Cuts `text` to fit `width`, ending with an ellipsis when anything was cut. */
export function truncate(text: string, face: Face, size: number, width: number): string {
  return measure(text, face, size) <= width ? text : ellipsize(text, face, size, width);
}

/**
 * Greedy word wrap into at most `maxLines` lines of at most `width`; a word longer than a line is cut
 * by characters, and the last line ends with an ellipsis when text is left over.
 */
export function wrap(text: string, face: Face, size: number, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let i = 0;
  for (; i < words.length && lines.length < maxLines; i++) {
    let word = words[i]!;
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, face, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
      if (lines.length === maxLines) break;
    }
    // A single word wider than the line: split it by characters.
    while (measure(word, face, size) > width && lines.length < maxLines - 1) {
      const chars = [...word];
      let n = chars.length;
      while (n > 1 && measure(chars.slice(0, n).join(''), face, size) > width) n--;
      lines.push(chars.slice(0, n).join(''));
      word = chars.slice(n).join('');
    }
    line = word;
  }
  const leftOver = i < words.length;
  if (line && lines.length < maxLines) lines.push(line);
  if (lines.length === 0) return [];
  const last = lines.length - 1;
  if (leftOver) lines[last] = ellipsize(lines[last]!, face, size, width);
  else lines[last] = truncate(lines[last]!, face, size, width);
  return lines;
}

/**
 * Like {@link wrap}, but with lines of even length: when the text fits in its lines, the width is
 * narrowed (binary search) as far as it goes without adding a line, so no line is left with one word.
 */
export function wrapBalanced(text: string, face: Face, size: number, width: number, maxLines: number): string[] {
  const greedy = wrap(text, face, size, width, maxLines);
  if (greedy.length < 2 || greedy[greedy.length - 1]!.endsWith('…')) return greedy;
  let lo = width / 2;
  let hi = width;
  let best = greedy;
  for (let i = 0; i < 8; i++) {
    const mid = (lo + hi) / 2;
    const lines = wrap(text, face, size, mid, maxLines);
    if (lines.length === greedy.length && !lines[lines.length - 1]!.endsWith('…')) {
      best = lines;
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return best;
}
