// Every Bot API call goes through the outbound client: a TELEGRAM_API_ROOT on loopback (here the local stand-in) is
// refused unless OUTBOUND_ALLOW_HOSTS names it. telegram.test.ts runs the bot against the stand-in with it listed.
import { Writable } from 'node:stream';
import { Api } from 'grammy';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { telegramOutbox } from '../../db/schema/index.ts';
import { enqueueTelegram } from './outbox.ts';
import { TelegramOutboxWorker } from './outbox-worker.ts';
import { telegramFetch } from './telegram-fetch.ts';
import { FakeBotApi } from './testing/fake-bot-api.ts';

describe('the Bot API through the outbound client', () => {
  const fake = new FakeBotApi('555:OUTBOUND-token', 'jelly_outbound_bot');
  let t: TestApp;
  let setWebhookFailure: Promise<{ error: string }>;

  beforeAll(async () => {
    const apiRoot = await fake.start();
    let failed: (line: { error: string }) => void = () => {};
    setWebhookFailure = new Promise((resolve) => (failed = resolve));
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) {
          const line = JSON.parse(text) as { msg: string; error: string };
          if (line.msg === 'telegram setWebhook failed') failed(line);
        }
        done();
      },
    });
    // No allow-list: the product default.
    t = await createTestApp({
      logStream,
      config: {
        logLevel: 'error',
        telegram: { botToken: fake.token, mode: 'webhook', webhookSecret: 'hook-secret', apiRoot, adminChatId: null },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('refuses the stand-in on loopback: setWebhook fails with the reason in the log, and the stand-in sees no call', async () => {
    const { error } = await setWebhookFailure;
    expect(error).toContain('127.0.0.1 is a loopback address');
    expect(error).not.toContain(fake.token);
    expect(fake.calls).toEqual([]);
  });

  it('stores the refusal as the outbox row’s network error and retries later', async () => {
    // Due an hour from the app's clock: the app's own worker leaves it to this one, which runs an hour ahead.
    const later = () => new Date(t.clock.now().getTime() + 3_600_000);
    await enqueueTelegram(t.app.db, { chatId: 4343, text: 'hello', now: later() });
    const worker = new TelegramOutboxWorker({
      db: t.app.db,
      api: new Api(fake.token, { apiRoot: fake.apiRoot, fetch: telegramFetch(t.app.outboundFetch) }),
      publicUrl: 'http://localhost:8080',
      now: later,
      log: t.app.log,
      adminChatId: null,
      botToken: fake.token,
    });
    await worker.drain();
    await worker.stop();
    const [row] = await t.app.db.select().from(telegramOutbox).where(eq(telegramOutbox.chatId, 4343));
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row?.lastError).toMatch(/^network: OutboundRefusedError: 127\.0\.0\.1 is a loopback address/);
    expect(fake.calls).toEqual([]);
  });
});
