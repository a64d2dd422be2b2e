import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '@app/common/server/repo-root';
import type * as OpenType from 'opentype.js';

type Font = OpenType.Font;

/**
 * opentype.js (~4 MB resident beside the worker's other modules) is needed by the flyer, thumbnail and share-card
 * renders only, a few a day: it loads at the first of them (a synchronous require, so the templates stay
 * synchronous), not with every worker.
 */
const requireHere = createRequire(import.meta.url);
let opentype: typeof OpenType | undefined;

/**
 * The bundled fonts (worker/assets/fonts, from @fontsource, SIL Open Font License): text is laid out
 * as SVG paths from these files, so a render never depends on the fonts a machine has installed.
 * Each face is a fallback chain: the Latin subset, then Latin Extended (ł, ő, ş …).
 */
const FONT_DIR = path.join(repoRoot, 'worker/assets/fonts');

function load(file: string): Font {
  const bytes = readFileSync(path.join(FONT_DIR, file));
  opentype ??= requireHere('opentype.js') as typeof OpenType;
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A face: fonts tried in order for each character. */
export type Face = readonly Font[];

let cache: { display: Face; body: Face; bodyBold: Face } | null = null;

/** The three faces the templates use (parsed once per process). */
export function faces(): { display: Face; body: Face; bodyBold: Face } {
  cache ??= {
    display: [load('playfair-display-latin-700-normal.woff'), load('playfair-display-latin-ext-700-normal.woff')],
    body: [load('inter-latin-400-normal.woff'), load('inter-latin-ext-400-normal.woff')],
    bodyBold: [load('inter-latin-600-normal.woff'), load('inter-latin-ext-600-normal.woff')],
  };
  return cache;
}
