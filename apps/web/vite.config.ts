import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { escapePage } from './escape-page/plugin.ts';
import { firstPaintShell } from './first-paint/plugin.ts';

// The API (and, through it, the embedded Solana JSON-RPC) runs on port 8080 in development.
const apiTarget = process.env.JELLY_API_URL ?? 'http://localhost:8080';

/** The app, imported by the tiny entry (src/boot.ts) once the HTML shell has painted. */
const APP = 'src/main.tsx';

/**
 * Links the app's stylesheet from index.html as a render-blocking stylesheet: the HTML shell is drawn with its
 * variables, and the app's chunk (with its CSS) is otherwise asked for only after the first frame.
 */
function linkAppStylesheet(): Plugin {
  return {
    name: 'jelly:link-app-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const app = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(APP));
        const css = app?.type === 'chunk' ? [...(app.viteMetadata?.importedCss ?? [])] : [];
        if (css.length === 0) throw new Error(`linkAppStylesheet: ${APP} has no chunk with a stylesheet`);
        return css.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    linkAppStylesheet(),
    firstPaintShell(),
    // escape.html: the escape kit as one self-contained page (see escape-page/plugin.ts)
    escapePage(),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends them as they are. Brotli
    // quality 10 instead of 11: the copies are under 2% larger and made in less than half the time.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } }), 'gzip'],
      exclude: [/\.map$/],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/rpc': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunk holds which module (the delivery test finds the wallet chunks by it).
    manifest: true,
    // A lazy import adds a preload link only for its stylesheets (drawn before its screen renders); its scripts' own
    // imports are fetched by the browser as it reads them. A link per chunk, dozens per import, was one long task
    // on a phone's CPU right after the first paint.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    // A contracts schema the app never uses is left out: declaring one (lazySchema, see @jelly/contracts) has no effect.
    rolldownOptions: { treeshake: { manualPureFunctions: ['lazySchema'] } },
  },
});
