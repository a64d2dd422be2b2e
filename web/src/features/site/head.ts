import { PRODUCT_NAME } from '../../components/brand';
import { SHARE_IMAGE, type PageMeta } from './seo';

/** Stands for PUBLIC_URL in built pages; the API puts its configured origin in its place when it loads them. */
export const ORIGIN_TOKEN = '__PUBLIC_URL__';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// In a <script> block only "</" could end it early.
const jsonForScript = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The `<head>` tags of a page: title, description, canonical URL, Open Graph and Twitter card (with the share image),
 * JSON-LD, and `noindex` for pages search engines should not list. `path` is the page's path on the site.
 */
export function headTags(meta: PageMeta, path: string, opts: { index: boolean }): string {
  const url = `${ORIGIN_TOKEN}${path}`;
  const image = `${ORIGIN_TOKEN}${SHARE_IMAGE.path}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    opts.index ? `<link rel="canonical" href="${url}">` : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(SHARE_IMAGE.alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${image}">`,
    ...(meta.jsonLd ?? []).map((o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`),
  ];
  return tags.join('');
}

/**
 * The built index.html with the page's head tags (replacing the shell's title and description) and its rendered
 * HTML inside #root; `data` (what the page was rendered with) goes in JSON blocks the app reads first.
 */
export function composePage(shell: string, head: string, body: string, data: Array<{ id: string; json: unknown }> = []): string {
  const script = data.map((d) => `<script type="application/json" id="${d.id}">${jsonForScript(d.json)}</script>`).join('');
  // React puts the page's <title> first in what it renders; the head already has it.
  const content = body.replace(/^<title>[^<]*<\/title>/, '');
  return shell
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${content}</div>${script}`);
}
