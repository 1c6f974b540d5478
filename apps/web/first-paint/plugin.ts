import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { PAGE_INTROS, type PageIntroName } from '../src/lib/ui/pageIntros.ts';

const here = import.meta.dirname;
const part = (name: string) => readFileSync(join(here, name), 'utf8').trim();

/** A screen's first paint: a file of its own here, or its title and lead (lib/ui/pageIntros.ts) in its page's box. */
type FirstPaint = { file: string } | { intro: PageIntroName; box: string };

/**
 * The screens that get a page of their own in the shell: the home page and the market, where most first visits land,
 * with their top, and the other main screens with the title and lead the app renders above them (what a visitor and a
 * signed-in user both see there first). `box` is the shell's copy of the screen's page box (shell.css), so that the
 * lead wraps as the app's does. The deal page is one page for every deal (`/swap-chat/{id}`).
 */
export const FIRST_PAINT_PAGES: Record<string, FirstPaint> = {
  '/': { file: 'home.html' },
  '/buy-crypto': { file: 'buy-crypto.html' },
  '/p2p': { file: 'p2p.html' },
  '/swap': { intro: 'swap', box: 'fp-swap' },
  '/coin-jelly': { intro: 'coinJelly', box: 'fp-coin-jelly' },
  '/my-account': { intro: 'dashboard', box: 'fp-dashboard' },
  '/swap-chat/{id}': { intro: 'deal', box: 'fp-deal' },
};

/** Where the build writes the per-screen pages (dist/first-paint/<name>); the server sends them for those paths. */
export const FIRST_PAINT_DIR = 'first-paint';

/** The file name of a screen's page: `index.html` for `/`, `deal.html` for the deal page, else the path's name. */
export const firstPaintFile = (path: string) => (path === '/' ? 'index.html' : path === '/swap-chat/{id}' ? 'deal.html' : `${path.slice(1)}.html`);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function page(paint: FirstPaint): string {
  if ('file' in paint) return part(paint.file);
  const { title, lead } = PAGE_INTROS[paint.intro];
  return `<section class="fp-page ${paint.box}"><div class="fp-intro"><h1 class="fp-intro-title">${escapeHtml(title)}</h1><p class="fp-intro-lead">${escapeHtml(lead)}</p></div></section>`;
}

const ROOT = '<div id="root"></div>';

/** The shell inside #root: the header (with the screen's nav entry marked) and, for a first screen, its top. */
function shell(path: string | null): string {
  const header = path ? part('header.html').replace(`data-path="${path}"`, `class="fp-active" data-path="${path}"`) : part('header.html');
  const paint = path ? FIRST_PAINT_PAGES[path] : undefined;
  // Only a picture: inert and hidden from assistive technology, so nothing can be pressed or read before the app runs.
  return `<div id="root"><div aria-hidden="true" inert>${header}<main>${paint ? page(paint) : ''}</main></div></div>`;
}

/**
 * Paints the header (every path), the top of the home and market screens and the title and lead of the other main screens
 * from HTML, before any JavaScript has run: under a phone's CPU the entry script takes most of a second, and until it
 * has run the page would be blank.
 * src/boot.ts loads the app after the first frame; React's first render replaces the shell (createRoot clears #root),
 * and main.tsx renders once the first screen's chunk has loaded, so the shell gives way to the screen itself.
 */
export function firstPaintShell(): Plugin {
  let outDir = 'dist';
  let html = '';
  return {
    name: 'jelly:first-paint-shell',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(source) {
        if (!source.includes(ROOT)) throw new Error(`firstPaintShell: index.html has no ${ROOT}`);
        html = source.replace('</head>', `<style>${part('shell.css')}</style>\n  </head>`);
        return html.replace(ROOT, shell(null));
      },
    },
    async closeBundle() {
      if (!html) return;
      await mkdir(join(outDir, FIRST_PAINT_DIR), { recursive: true });
      for (const path of Object.keys(FIRST_PAINT_PAGES)) {
        const page = Buffer.from(html.replace(ROOT, shell(path)));
        const file = join(outDir, FIRST_PAINT_DIR, firstPaintFile(path));
        await writeFile(file, page);
        // The server sends the precompressed copies as it does for every built asset.
        await writeFile(`${file}.br`, brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${file}.gz`, gzipSync(page, { level: 9 }));
      }
    },
  };
}
