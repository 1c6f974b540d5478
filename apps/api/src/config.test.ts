import { mkdtemp, rm, stat, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_WEB_DIST, loadConfig } from './config.ts';

const admin = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
let cwd: string;

beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'jelly-config-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the documented defaults', async () => {
    const config = await loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve(cwd, '.data'),
      database: { driver: 'pglite', dataDir: resolve(cwd, '.data', 'pglite') },
      publicUrl: 'http://localhost:8080',
      trustedProxies: [],
      logLevel: 'info',
      ipLookupUrl: null,
      solanaRpcUrl: null,
      solanaWsUrl: null,
      solanaCluster: 'localnet',
      adminKeypairFile: null,
      escrowProgramId: null,
      localnetPort: 0,
      telegramBotUsername: null,
      telegram: null,
      webDist: DEFAULT_WEB_DIST,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 86400,
      nonceTtlSeconds: 300,
      rateLimits: { nonce: 30, signIn: 10, refresh: 30 },
    });
    expect(config.adminWallets.size).toBe(0);
    expect(config.outbound).toEqual({ allow: [] });
    expect(config.metrics).toEqual({ allow: ['127.0.0.1', '::1'] });
    expect(DEFAULT_WEB_DIST.endsWith(join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', async () => {
    const config = await loadConfig(
      {
        PORT: '9090',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/jelly',
        DATABASE_URL: 'postgres://jelly:pw@db.internal:5432/jelly',
        ADMIN_WALLETS: ` ${admin} ,So11111111111111111111111111111111111111112`,
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://jelly.example/',
        TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1',
        LOG_LEVEL: 'warn',
        IP_LOOKUP_URL: 'https://api.ipify.org?format=json',
        SUPPORT_EMAIL: 'help@jelly.example',
        SUPPORT_CHAT_URL: 'https://t.me/jelly_support',
        TELEGRAM_BOT_USERNAME: 'jelly_bot',
        SOLANA_RPC_URL: 'https://api.devnet.solana.com',
        SOLANA_WS_URL: 'wss://api.devnet.solana.com',
        SOLANA_CLUSTER: 'devnet',
        ADMIN_KEYPAIR: 'secrets/admin.json',
        LOCALNET_PORT: '18999',
        WEB_DIST: 'web',
        ACCESS_TOKEN_TTL: '5m',
        REFRESH_TOKEN_TTL: '7d',
        RATE_LIMIT_AUTH_NONCE: '100',
        RATE_LIMIT_AUTH_SIGN_IN: '20',
        RATE_LIMIT_AUTH_REFRESH: '50',
        OUTBOUND_ALLOW_HOSTS: '10.0.0.0/8,telegram-proxy.internal',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: resolve(cwd, 'var/jelly'),
      database: { driver: 'postgres', url: 'postgres://jelly:pw@db.internal:5432/jelly' },
      publicUrl: 'https://jelly.example',
      trustedProxies: ['10.0.0.0/8', '127.0.0.1', '::1'],
      logLevel: 'warn',
      ipLookupUrl: 'https://api.ipify.org?format=json',
      supportEmail: 'help@jelly.example',
      supportChatUrl: 'https://t.me/jelly_support',
      telegramBotUsername: 'jelly_bot',
      solanaRpcUrl: 'https://api.devnet.solana.com',
      solanaWsUrl: 'wss://api.devnet.solana.com',
      solanaCluster: 'devnet',
      adminKeypairFile: resolve(cwd, 'secrets/admin.json'),
      escrowProgramId: null,
      localnetPort: 18999,
      webDist: resolve(cwd, 'web'),
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 7 * 86400,
      rateLimits: { nonce: 100, signIn: 20, refresh: 50 },
      outbound: { allow: ['10.0.0.0/8', 'telegram-proxy.internal'] },
    });
    expect([...config.adminWallets]).toEqual([admin, 'So11111111111111111111111111111111111111112']);
    expect(new TextDecoder().decode(config.jwtSecret)).toBe('x'.repeat(40));
  });

  it('reads the Telegram bot settings, polling by default, webhook only with a secret', async () => {
    const polling = await loadConfig({ TELEGRAM_BOT_TOKEN: '123456:ABC-def_9' }, cwd);
    expect(polling.telegram).toEqual({
      botToken: '123456:ABC-def_9',
      mode: 'polling',
      webhookSecret: null,
      apiRoot: 'https://api.telegram.org',
      adminChatId: null,
    });
    const webhook = await loadConfig(
      {
        TELEGRAM_BOT_TOKEN: '123456:ABC',
        TELEGRAM_MODE: 'webhook',
        TELEGRAM_WEBHOOK_SECRET: 's3cret_value',
        TELEGRAM_API_ROOT: 'http://127.0.0.1:9999/',
        TELEGRAM_ADMIN_CHAT_ID: '-1001234567890',
      },
      cwd,
    );
    expect(webhook.telegram).toEqual({
      botToken: '123456:ABC',
      mode: 'webhook',
      webhookSecret: 's3cret_value',
      apiRoot: 'http://127.0.0.1:9999',
      adminChatId: -1001234567890,
    });
    await expect(loadConfig({ TELEGRAM_BOT_TOKEN: '123456:ABC', TELEGRAM_MODE: 'webhook' }, cwd)).rejects.toThrow(
      /TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_MODE is webhook/,
    );
    await expect(loadConfig({ TELEGRAM_BOT_TOKEN: 'not a token' }, cwd)).rejects.toThrow(/TELEGRAM_BOT_TOKEN must look like/);
    await expect(loadConfig({ TELEGRAM_BOT_TOKEN: '1:A', TELEGRAM_ADMIN_CHAT_ID: 'admins' }, cwd)).rejects.toThrow(
      /TELEGRAM_ADMIN_CHAT_ID must be a Telegram chat id/,
    );
  });

  it('derives PUBLIC_URL from PORT and treats empty variables as unset', async () => {
    const config = await loadConfig({ PORT: '8081', PUBLIC_URL: '', ADMIN_WALLETS: '' }, cwd);
    expect(config.publicUrl).toBe('http://localhost:8081');
    expect(config.adminWallets.size).toBe(0);
  });

  it('generates the JWT secret once, with mode 0600, and reuses it', async () => {
    const first = await loadConfig({}, cwd);
    const file = join(cwd, '.data', 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBe(32);
    const second = await loadConfig({}, cwd);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(Buffer.from(first.jwtSecret).toString('base64url'));
    const elsewhere = await loadConfig({ DATA_DIR: 'other' }, cwd);
    expect(Buffer.from(elsewhere.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ADMIN_WALLETS: 'not-a-wallet' }, 'ADMIN_WALLETS'],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: 'proxy.local' }, 'TRUSTED_PROXIES'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ ACCESS_TOKEN_TTL: '15 minutes' }, 'ACCESS_TOKEN_TTL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_AUTH_NONCE: '0' }, 'RATE_LIMIT_AUTH_NONCE'],
    [{ SOLANA_RPC_URL: 'https://api.devnet.solana.com' }, 'ADMIN_KEYPAIR'],
    [{ ESCROW_PROGRAM_ID: '0x1' }, 'ESCROW_PROGRAM_ID'],
    [{ LOCALNET_PORT: '99999' }, 'LOCALNET_PORT'],
    [{ OUTBOUND_ALLOW_HOSTS: 'http://feed.internal' }, 'OUTBOUND_ALLOW_HOSTS'],
    [{ METRICS_ALLOW: 'prometheus.internal' }, 'METRICS_ALLOW'],
  ])('rejects %o naming the variable', async (env, name) => {
    const attempt = loadConfig(env, cwd);
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(name);
  });
});
