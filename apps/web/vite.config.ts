import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API (and, through it, the embedded Solana JSON-RPC) runs on port 8080 in development.
const apiTarget = process.env.JELLY_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
  },
});
