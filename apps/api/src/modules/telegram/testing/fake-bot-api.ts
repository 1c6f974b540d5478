import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for the Telegram Bot API (https://core.telegram.org/bots/api), for tests:
 * grammY talks to it through `apiRoot`. It records every call, long-polls getUpdates, delivers updates to a webhook
 * when one is set (with the secret header, as Telegram does), and can answer calls with errors to test retries.
 * Test code only: nothing in the product imports it.
 *
 * Run as its own process (browser tests), it is driven over HTTP under /__fake/: GET health, GET calls,
 * POST user-sends { chat, text }, POST fail-next { method, failure, times }.
 */
export interface RecordedBotCall {
  method: string;
  token: string;
  payload: Record<string, unknown>;
  at: number;
}

interface FailureSpec {
  error_code: number;
  description: string;
  retry_after?: number;
}

interface PendingPoll {
  offset: number;
  respond: (updates: unknown[]) => void;
}

export interface FakeChat {
  id: number;
  username?: string;
  first_name?: string;
}

export class FakeBotApi {
  readonly calls: RecordedBotCall[] = [];
  readonly botUsername: string;
  private server: Server | null = null;
  private readonly updates: { update_id: number; [key: string]: unknown }[] = [];
  private nextUpdateId = 1;
  private nextMessageId = 1;
  private readonly polls = new Set<PendingPoll>();
  private readonly failures = new Map<string, FailureSpec[]>();
  private readonly holds = new Map<string, Promise<void>[]>();
  private readonly releases = new Set<() => void>();
  private webhook: { url: string; secret: string | null } | null = null;
  private readonly callWaiters = new Set<{ match: (c: RecordedBotCall) => boolean; resolve: (c: RecordedBotCall) => void }>();

  constructor(readonly token = '123456:TEST-token_for-jelly', botUsername = 'jelly_test_bot') {
    this.botUsername = botUsername;
  }

  /** Listens on 127.0.0.1 (port 0 = any free port); answers the apiRoot to give grammY. */
  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return this.apiRoot;
  }

  get apiRoot(): string {
    if (!this.server) throw new Error('FakeBotApi not started');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const release of [...this.releases]) release();
    for (const poll of this.polls) poll.respond([]);
    this.polls.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` calls of `method` answer with this error (e.g. 429 with retry_after, 403, 500). */
  failNext(method: string, failure: FailureSpec, times = 1): void {
    const queue = this.failures.get(method) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(failure);
    this.failures.set(method, queue);
  }

  /**
   * The next call of `method` is recorded at once but answered only after the returned release function runs, so a
   * test can prove that something finished while the Bot API had not answered yet.
   */
  holdNext(method: string): () => void {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = () => {
        this.releases.delete(release);
        resolve();
      };
    });
    this.releases.add(release);
    this.holds.set(method, [...(this.holds.get(method) ?? []), held]);
    return release;
  }

  /** A user writes `text` in a private chat with the bot: queued for getUpdates, or posted to the webhook. */
  async userSends(chat: FakeChat, text: string): Promise<void> {
    const entities = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }] : undefined;
    const update = {
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chat.id, type: 'private', username: chat.username, first_name: chat.first_name ?? 'Test' },
        from: { id: chat.id, is_bot: false, first_name: chat.first_name ?? 'Test', username: chat.username },
        text,
        ...(entities ? { entities } : {}),
      },
    };
    if (this.webhook) {
      const response = await fetch(this.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.webhook.secret ? { 'x-telegram-bot-api-secret-token': this.webhook.secret } : {}),
        },
        body: JSON.stringify(update),
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
      return;
    }
    this.updates.push(update);
    for (const poll of [...this.polls]) {
      const due = this.updates.filter((u) => u.update_id >= poll.offset);
      if (due.length > 0) {
        this.polls.delete(poll);
        poll.respond(due);
      }
    }
  }

  /** Calls of one method (e.g. 'sendMessage'). */
  callsOf(method: string): RecordedBotCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Messages the bot sent to a chat. */
  sentTo(chatId: number): string[] {
    return this.callsOf('sendMessage')
      .filter((c) => Number(c.payload.chat_id) === chatId)
      .map((c) => String(c.payload.text));
  }

  /** Resolves with the first call (past or future) matching the predicate. */
  waitForCall(match: (call: RecordedBotCall) => boolean, timeoutMs = 5000): Promise<RecordedBotCall> {
    const found = this.calls.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (c: RecordedBotCall) => resolve(c) };
      const timer = setTimeout(() => {
        this.callWaiters.delete(waiter);
        reject(new Error(`no matching Bot API call within ${timeoutMs} ms; calls: ${this.calls.map((c) => c.method).join(', ')}`));
      }, timeoutMs);
      waiter.resolve = (c) => {
        clearTimeout(timer);
        resolve(c);
      };
      this.callWaiters.add(waiter);
    });
  }

  get webhookUrl(): string | null {
    return this.webhook?.url ?? null;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/__fake/')) return this.control(path, request, response);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
    const reply = (status: number, body: unknown) => {
      if (response.writableEnded) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!match) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token = '', method = ''] = match;
    const payload = await readPayload(request);
    const call: RecordedBotCall = { method, token, payload, at: Date.now() };
    this.calls.push(call);
    for (const waiter of [...this.callWaiters]) {
      if (waiter.match(call)) {
        this.callWaiters.delete(waiter);
        waiter.resolve(call);
      }
    }
    if (token !== this.token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const held = this.holds.get(method)?.shift();
    if (held) await held;
    const failure = this.failures.get(method)?.shift();
    if (failure) {
      const { retry_after, ...rest } = failure;
      return reply(failure.error_code, { ok: false, ...rest, ...(retry_after !== undefined ? { parameters: { retry_after } } : {}) });
    }
    const ok = (result: unknown) => reply(200, { ok: true, result });
    switch (method) {
      case 'getMe':
        return ok({ id: 424242, is_bot: true, first_name: 'Jelly', username: this.botUsername, can_join_groups: false });
      case 'deleteWebhook':
        this.webhook = null;
        return ok(true);
      case 'setWebhook':
        this.webhook = { url: String(payload.url), secret: typeof payload.secret_token === 'string' ? payload.secret_token : null };
        return ok(true);
      case 'sendMessage':
        return ok({
          message_id: this.nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(payload.chat_id), type: 'private' },
          text: payload.text,
        });
      case 'getUpdates':
        return this.getUpdates(payload, response, ok);
      default:
        return reply(400, { ok: false, error_code: 400, description: `Bad Request: method ${method} is not faked` });
    }
  }

  /** The control interface for tests running in another process. */
  private async control(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const body = request.method === 'POST' ? await readPayload(request) : {};
    switch (path) {
      case '/__fake/health':
        return reply(200, { ok: true, botUsername: this.botUsername });
      case '/__fake/calls':
        return reply(200, this.calls);
      case '/__fake/user-sends':
        await this.userSends(body.chat as FakeChat, String(body.text));
        return reply(200, { ok: true });
      case '/__fake/fail-next':
        this.failNext(String(body.method), body.failure as FailureSpec, Number(body.times ?? 1));
        return reply(200, { ok: true });
      default:
        return reply(404, { ok: false });
    }
  }

  private getUpdates(payload: Record<string, unknown>, response: ServerResponse, ok: (result: unknown) => void): void {
    const offset = Number(payload.offset ?? 0);
    // Confirming an offset drops the updates before it, as Telegram does.
    for (let i = this.updates.length - 1; i >= 0; i -= 1) if ((this.updates[i]?.update_id ?? 0) < offset) this.updates.splice(i, 1);
    const due = this.updates.filter((u) => u.update_id >= offset);
    const timeoutSeconds = Number(payload.timeout ?? 0);
    if (due.length > 0 || timeoutSeconds <= 0) return ok(due);
    const poll: PendingPoll = {
      offset,
      respond: (updates) => {
        clearTimeout(timer);
        ok(updates);
      },
    };
    const timer = setTimeout(() => {
      this.polls.delete(poll);
      ok([]);
    }, Math.min(timeoutSeconds, 2) * 1000);
    // Fires only if the client goes away before the answer (grammY aborts its poll on stop).
    response.on('close', () => {
      clearTimeout(timer);
      this.polls.delete(poll);
    });
    this.polls.add(poll);
  }
}

async function readPayload(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return Object.fromEntries(new URL(request.url ?? '/', 'http://x').searchParams);
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(text) as Record<string, unknown>;
  if (type.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return { raw: text };
}
