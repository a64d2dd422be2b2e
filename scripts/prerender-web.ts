// Prepares the public pages after `vite build web` (npm run build:web runs both): builds the server entry
// (web/src/entry-server.tsx) into web/dist-ssr, writes the shell the pages are composed into (inline stylesheet, the
// loader) and the manifest of PUBLIC_ROUTES and the payment success pages' neutral shell into web/dist/pages/, and
// draws the 1200x630 share image with the worker's image tools. The API (api/src/plugins/web.ts) renders each page
// from the server entry with the site's current content (settings admins edit, the token sale; /token-ledger also the
// ledger's figures), so a changed setting reaches the pages without a build.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_PRIVATE_ROUTES, PUBLIC_ROUTES } from '@app/common/routes';
import { renderShareCard } from '../worker/src/render/share-card';
import { ROOT } from './lib/paths';

/** What the built web/src/entry-server.tsx exports that this script uses (the root tsconfig does not compile the web app's JSX). */
interface Entry {
  PRODUCT_NAME: string;
  SHARE_IMAGE: { path: string };
}

/**
 * What the API reads: the shell every page is composed into (inline stylesheet, the loader), each page's path and
 * whether search engines may list it, and the CSP hashes of the inline script the pages carry (the API allows exactly
 * these on the pages it serves).
 */
interface PagesManifest {
  shell: string;
  pages: Record<string, { index: boolean }>;
  scriptHashes: string[];
}

const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const SSR_DIR = path.join(WEB, 'dist-ssr');

/**
 * The prerendered pages carry the app's stylesheet inline (~12 KB gzip): the first paint (the LCP text is in the HTML)
 * then waits for no other request. The SPA shell (dist/index.html) keeps its <link>; the CSP allows inline styles.
 */
function inlineStylesheets(shell: string): string {
  return shell.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = readFileSync(path.join(DIST, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/**
 * The one inline script of the prerendered pages: it starts loading the app (the entry module named by its
 * `data-entry`, and the page's chunks in `data-preload` as modulepreloads, which the API fills in) once the browser
 * reports the page's first contentful paint (a PerformanceObserver on `paint`; where that is not supported, the task
 * after the first animation frame). With the entry's <script> or modulepreloads in the head instead, their download
 * and the hydration they run began before the first paint, and Lighthouse's simulation counted both as holding that
 * paint back (docs/decisions/0002-public-ledger-page-weight.md). A page that is (or goes) hidden paints nothing: it loads the app at once; and a
 * person's first input starts it too (the page is painted by then; no fixed delay as a safety net for a browser that
 * lists paint timing but reports no first-contentful-paint).
 * The page accepts input from its first paint: until the app says it is ready (`data-app-ready` on <html>, set by
 * web/src/lib/early-input.ts) this script notes each control a person changes (`window.__early`) and holds back a
 * submitted form (sent natively it would put what was typed in the address as a GET query), from its submit event or
 * the click on its submit button (Chromium fires no submit event for a click while the page is still being parsed,
 * so the click is what tells); the app then takes the
 * values into its state and submits the form through its own handler. Without JavaScript none of this runs and forms
 * submit natively (the ledger search is a GET form the API answers). The API allows this script by its CSP hash.
 */
const ENTRY_LOADER =
  "(function(s,d,w){var done=0,E=w.__early={t:[],v:[],s:null};function ready(){return d.documentElement.hasAttribute('data-app-ready')}" +
  "function note(v){var t=v.target;if(ready()||!t||!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))return;var i=E.t.indexOf(t);if(i<0)i=E.t.push(t)-1;" +
  "E.v[i]=t.type==='checkbox'||t.type==='radio'?t.checked:t.value;go()}d.addEventListener('input',note,true);d.addEventListener('change',note,true);" +
  "function hold(v,f,b){if(ready()||!f)return;v.preventDefault();E.s=[f,b||null];go()}d.addEventListener('submit',function(v){hold(v,v.target,v.submitter)},true);" +
  "d.addEventListener('click',function(v){var b=v.target&&v.target.closest&&v.target.closest('button,input');if(b&&(b.type==='submit'||b.type==='image'))hold(v,b.form,b)},true);" +
  "function go(){if(done)return;done=1;var h=d.head,p=(s.getAttribute('data-preload')||'').split(' ');" +
  "var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.getAttribute('data-entry');h.appendChild(e);" +
  "for(var i=0;i<p.length;i++)if(p[i]){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=p[i];h.appendChild(l)}}" +
  "if(d.visibilityState==='hidden')return go();d.addEventListener('visibilitychange',go);var P=w.PerformanceObserver;" +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){" +
  "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});" +
  "else requestAnimationFrame(function(){setTimeout(go,0)})})(document.currentScript,document,window)";

/**
 * Takes the entry module's <script> (and any modulepreload Vite put beside it) out of the head and puts the loader
 * above at the end of the head in their place, so nothing the app needs is requested before the first paint, while
 * the loader already listens when the first form is parsed (at the end of the body, a click could submit it first).
 */
function deferEntry(shell: string): string {
  let entry: string | undefined;
  const preloads: string[] = [];
  const head = shell
    .replace(/<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>\s*/g, (_tag, src: string) => {
      if (entry) throw new Error(`prerender: two entry scripts in index.html (${entry}, ${src})`);
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (!entry) throw new Error('prerender: index.html has no entry <script type="module">');
  const loader = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${ENTRY_LOADER}</script>`;
  return head.replace('</head>', `${loader}</head>`);
}

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

async function prerenderWeb(log: (m: string) => void = console.log): Promise<void> {
  await build({
    configFile: path.join(WEB, 'vite.config.ts'),
    root: WEB,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
  });
  const entry = (await import(pathToFileURL(path.join(SSR_DIR, 'entry-server.js')).href)) as Entry;
  const shell = deferEntry(inlineStylesheets(readFileSync(path.join(DIST, 'index.html'), 'utf8')));
  const outDir = path.join(DIST, 'pages');
  mkdirSync(outDir, { recursive: true });
  const manifest: PagesManifest = { shell: 'shell.html', pages: {}, scriptHashes: [cspHash(ENTRY_LOADER)] };
  writeFileSync(path.join(outDir, manifest.shell), shell);
  for (const route of PUBLIC_ROUTES) manifest.pages[route] = { index: true };
  for (const route of PRERENDERED_PRIVATE_ROUTES) manifest.pages[route] = { index: false };
  writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));

  const png = await renderShareCard({
    name: entry.PRODUCT_NAME,
    tagline: 'Education, business incubation and a public ledger of every ADX token purchase',
    footer: 'I AM THE BUSINESS · DOG POUND · TOKEN LEDGER',
  });
  writeFileSync(path.join(DIST, entry.SHARE_IMAGE.path.slice(1)), png);
  log(`web: the server entry, the pages' shell for ${Object.keys(manifest.pages).length} pages (the API renders them) and the share image`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prerenderWeb((m) => console.log(m));
}
