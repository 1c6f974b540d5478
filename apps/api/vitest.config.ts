import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // lint fixtures (test/lint-boundaries.test.ts lints them; some are named like tests on purpose); the crash and
    // replica tests need PostgreSQL and their own processes: npm run test:crash and npm run test:replicas
    exclude: [...configDefaults.exclude, 'test/fixtures/**', 'test/crash/**', 'test/replicas/**'],
    // Each file starts its own database (PGlite, or a PostgreSQL database), copied from a template migrated once.
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
