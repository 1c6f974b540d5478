import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { testKeys } from './wallet/keys.ts';
import { e2eDataDir, e2eOrigin, e2ePort, e2eWebDist } from './fixtures/server-env.ts';
import { telegramAdminChatId, telegramApiRoot, telegramBotToken, telegramBotUsername } from './fixtures/telegram/telegram-env.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  use: {
    baseURL: e2eOrigin,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        // without these Chromium keeps calling home, which floods a closed network
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // The Telegram Bot API stand-in (notifications tests): the server below polls it and sends through it.
      command: 'npx tsx e2e/fixtures/telegram/fake-telegram-server.ts',
      cwd: repoRoot,
      url: `${telegramApiRoot}/__fake/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npm run build -w @jelly/web -- --outDir ${JSON.stringify(e2eWebDist)} --emptyOutDir && npx tsx apps/api/src/server.ts`,
      cwd: repoRoot,
      url: `${e2eOrigin}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(e2ePort),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        WEB_DIST: e2eWebDist,
        PUBLIC_URL: e2eOrigin,
        ADMIN_WALLETS: testKeys.admin.address,
        LOG_LEVEL: 'warn',
        // no balancer in front: SIGTERM closes at once
        SHUTDOWN_DRAIN_SECONDS: '0',
        // Every test signs in from 127.0.0.1, far more often than the per-IP production limits allow.
        RATE_LIMIT_AUTH_NONCE: '1000',
        RATE_LIMIT_AUTH_SIGN_IN: '1000',
        RATE_LIMIT_AUTH_REFRESH: '1000',
        // Alice and Bob claim, cancel and create offers across every spec of the run, far beyond one trader's limits.
        CLAIM_MAX_OPEN_DEALS: '1000',
        CLAIM_MAX_PER_HOUR: '1000',
        CLAIM_MAX_CANCELLATIONS_PER_DAY: '1000',
        OFFER_MAX_PER_HOUR: '1000',
        // The deal tests wait for a 1-minute payment window to pass; sweep every 2 s instead of every 15 s.
        PAYMENT_WINDOW_SWEEP_SECONDS: '2',
        // Swap quotes live 8 s, so the expired-quote test waits seconds, not half a minute; the page refreshes every 5 s.
        SWAP_QUOTE_TTL_SECONDS: '8',
        // Telegram through the local stand-in (never the real Bot API).
        TELEGRAM_BOT_TOKEN: telegramBotToken,
        TELEGRAM_BOT_USERNAME: telegramBotUsername,
        TELEGRAM_API_ROOT: telegramApiRoot,
        // The stand-in listens on loopback, which the server's outbound client reaches only when listed here.
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        TELEGRAM_MODE: 'polling',
        TELEGRAM_ADMIN_CHAT_ID: telegramAdminChatId,
      },
    },
  ],
});
