import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The fixtures are benches the tests run as child processes, not tests.
  test: { name: 'bench-kit', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
