import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'escrow', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'] },
});
