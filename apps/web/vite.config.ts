import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API (and, through it, the embedded Solana JSON-RPC) runs on port 8080 in development.
const apiTarget = process.env.JELLY_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
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
