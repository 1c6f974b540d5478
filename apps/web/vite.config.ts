import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { firstPaintShell } from './first-paint/plugin.ts';

// The API (and, through it, the embedded Solana JSON-RPC) runs on port 8080 in development.
const apiTarget = process.env.JELLY_API_URL ?? 'http://localhost:8080';

/** The screens most first visits land on (the home page and the market), each a lazy route. */
const FIRST_SCREENS = ['src/features/home/pages/HomePage.tsx', 'src/features/market/pages/MarketPage.tsx'];

/**
 * Lists the first screens' chunks (about 8 KB compressed) as modulepreload in index.html, so they download beside
 * the entry instead of after it has run: the router renders nothing until the matched lazy route has loaded.
 */
function preloadFirstScreens(): Plugin {
  return {
    name: 'jelly:preload-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map<string, { imports: string[]; isEntry: boolean; facadeModuleId: string | null }>();
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        const closure = (roots: string[]) => {
          const files = new Set<string>();
          const visit = (file: string) => {
            if (files.has(file) || !chunks.has(file)) return;
            files.add(file);
            chunks.get(file)?.imports.forEach(visit);
          };
          roots.forEach(visit);
          return files;
        };
        const fileNames = [...chunks.keys()];
        const entry = closure(fileNames.filter((file) => chunks.get(file)?.isEntry));
        const screens = fileNames.filter((file) => FIRST_SCREENS.some((screen) => chunks.get(file)?.facadeModuleId?.endsWith(screen)));
        if (screens.length !== FIRST_SCREENS.length) throw new Error(`preloadFirstScreens: a first screen has no chunk of its own`);
        return [...closure(screens)]
          .filter((file) => !entry.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadFirstScreens(),
    firstPaintShell(),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends them as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024, logLevel: 'silent' }),
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
  },
});
