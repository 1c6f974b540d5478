import type { PublicConfig } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      ipLookupUrl: 'https://ip.example/json',
      supportEmail: 'help@jelly.example',
      supportChatUrl: 'https://chat.jelly.example',
      telegramBotUsername: 'jelly_test_bot',
      solanaRpcUrl: 'http://127.0.0.1:8899',
      solanaWsUrl: 'ws://127.0.0.1:8900',
      solanaCluster: 'localnet',
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/platform/config', () => {
  it('publishes the client settings from the configuration and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/platform/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PublicConfig>()).toEqual({
      solanaRpcUrl: 'http://127.0.0.1:8899',
      solanaWsUrl: 'ws://127.0.0.1:8900',
      cluster: 'localnet',
      ipLookupUrl: 'https://ip.example/json',
      supportEmail: 'help@jelly.example',
      supportChatUrl: 'https://chat.jelly.example',
      telegramBotUsername: 'jelly_test_bot',
      escrowProgramId: null,
      feePayer: null,
      // SOLANA_RPC_URL set (even to a localnet): the server did not start that cluster and cannot mint its coins.
      testFunds: false,
    });
    expect(response.body).not.toContain(Buffer.from(t.config.jwtSecret).toString('base64url'));
  });
});
