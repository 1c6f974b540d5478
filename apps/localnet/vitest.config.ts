import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'localnet',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // Each test file starts real servers (LiteSVM + HTTP + WebSocket) and drives them with web3.js.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
