import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const here = import.meta.dirname;
const part = (name: string) => readFileSync(join(here, name), 'utf8').trim();

/**
 * The screens that get a page of their own in the shell: the home page and the market, where most first visits land,
 * and the other main screens with their title (what a visitor and a signed-in user both see there first).
 */
export const FIRST_PAINT_PAGES: Record<string, string> = {
  '/': 'home.html',
  '/buy-crypto': 'buy-crypto.html',
  '/swap': 'swap.html',
  '/coin-jelly': 'coin-jelly.html',
  '/p2p': 'p2p.html',
};

/** Where the build writes the per-screen pages (dist/first-paint/<name>); the server sends them for those paths. */
export const FIRST_PAINT_DIR = 'first-paint';

/** The file name of a screen's page: `index.html` for `/`, else the path's name (`buy-crypto.html`). */
export const firstPaintFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

const ROOT = '<div id="root"></div>';

/** The shell inside #root: the header (with the screen's nav entry marked) and, for a first screen, its top. */
function shell(path: string | null): string {
  const header = path ? part('header.html').replace(`data-path="${path}"`, `class="fp-active" data-path="${path}"`) : part('header.html');
  const page = path ? part(FIRST_PAINT_PAGES[path] ?? '') : '';
  // Only a picture: inert and hidden from assistive technology, so nothing can be pressed or read before the app runs.
  return `<div id="root"><div aria-hidden="true" inert>${header}<main>${page}</main></div></div>`;
}

/**
 * Paints the header (every path), the top of the home and market screens and the title of the other main screens
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
