import { defineConfig } from 'vitest/config';

// The crash tests (npm run test:crash, under scripts/with-postgres.sh): API processes killed by their fail-points.
// One file at a time: each starts its own localnet and API processes, and the machine runs them one by one.
export default defineConfig({
  test: {
    name: 'api-crash',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 180_000,
  },
});
