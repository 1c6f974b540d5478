import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // Each file starts its own database (PGlite in WebAssembly, or a fresh PostgreSQL database).
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
