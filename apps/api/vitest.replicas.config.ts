import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The replica tests (npm run test:replicas): the global setup starts one cluster of processes (localnet, three API
// replicas, HAProxy) on the PostgreSQL server scripts/with-postgres.sh provides; the files share it, one at a time.
export default defineConfig({
  test: {
    name: 'replicas',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/replicas/**/*.test.ts'],
    globalSetup: ['test/cluster/global-setup.ts'],
    fileParallelism: false,
    // one worker runs every file and keeps its imports: on a loaded machine importing web3.js anew per file costs more than the tests
    isolate: false,
    hookTimeout: 240_000,
    testTimeout: 120_000,
  },
});
