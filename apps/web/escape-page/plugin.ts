import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/** The escape page's entry (apps/web/escape.html) and the file the web build writes beside index.html. */
export const ESCAPE_PAGE = 'escape.html';

/**
 * Puts the page's one script inside the HTML. A page opened from disk (file://) cannot load a module script from a
 * file beside it (the browser refuses module loads from a null origin), so the saved page must be one file. No
 * library here: vite-plugin-singlefile would be a new dependency for these few lines.
 */
function inlineScript(): Plugin {
  return {
    name: 'jelly:escape-inline-script',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle[ESCAPE_PAGE];
      if (html?.type !== 'asset' || typeof html.source !== 'string') throw new Error(`escapePage: no ${ESCAPE_PAGE} in the bundle`);
      let source = html.source;
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const tag = new RegExp(`<script type="module" crossorigin src="[^"]*${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`);
        if (!tag.test(source)) throw new Error(`escapePage: ${ESCAPE_PAGE} does not load ${file}; the page must be one script`);
        // '</script' inside the code would end the inline element early
        const code = output.code.replace(/<\/script/gi, '<\\/script');
        source = source.replace(tag, () => `<script type="module">${code}</script>`);
        delete bundle[file];
      }
      html.source = source;
    },
  };
}

/**
 * Builds escape.html, the escape kit in the browser, into the web build's folder once the app's build is written: one
 * self-contained file (script inlined, no absolute URL) that works saved to disk, with no Jelly server, against any
 * RPC. A build of its own: the app's HTML plugins (first paint, its stylesheet link) are not for this page.
 */
export function escapePage(): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  return {
    name: 'jelly:escape-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        mode,
        base: './',
        logLevel: 'warn',
        plugins: [inlineScript()],
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: false,
          modulePreload: false,
          rolldownOptions: { input: resolve(root, ESCAPE_PAGE) },
        },
      });
    },
  };
}
