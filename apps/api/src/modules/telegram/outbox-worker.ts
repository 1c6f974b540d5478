import type { FastifyBaseLogger } from 'fastify';
import { GrammyError, HttpError, type Api } from 'grammy';
import type { Database } from '../../db/connect.ts';
import { unlinkChat } from './link-codes.ts';
import { claimDueMessages, markFailed, markSent, OUTBOX_MAX_ATTEMPTS, scheduleRetry, type OutboxRow } from './outbox.ts';

const BATCH = 20;
const BACKOFF_BASE_MS = 5000;
const BACKOFF_MAX_MS = 10 * 60_000;

export interface OutboxWorkerDeps {
  db: Database;
  api: Api;
  /** Deep links are relative in the outbox; this origin makes them absolute. */
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The admins' chat: never unlinked when Telegram refuses it. */
  adminChatId: number | null;
  /** The bot token, kept out of every stored or logged error (network errors can quote the request URL). */
  botToken: string;
}

/**
 * Sends queued Telegram messages after their transaction committed: woken by the outbox trigger's signal and by a
 * slow poll for retries (`drain`, the telegram-outbox job of the app's list, every OUTBOX_POLL_MS). Failures never reach the request that caused the message; transient ones are retried
 * with exponential backoff (or Telegram's retry_after), permanent ones are recorded, and a chat that blocked the
 * bot or no longer exists is unlinked.
 */
export class TelegramOutboxWorker {
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: OutboxWorkerDeps) {}

  /** Looks for due messages now (coalesces overlapping wake-ups). */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = null;
    });
  }

  /** Sends everything due now; resolves when done (the poll job, tests). */
  async drain(): Promise<void> {
    this.wake();
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.draining;
  }

  private async drainLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        for (;;) {
          const rows = await claimDueMessages(this.deps.db, this.deps.now(), BATCH);
          if (rows.length === 0) break;
          for (const row of rows) await this.send(row);
          if (this.stopped) return;
        }
      } catch (error) {
        this.deps.log.error({ err: error }, 'telegram outbox drain failed');
      }
    } while (this.again && !this.stopped);
  }

  private async send(row: OutboxRow): Promise<void> {
    const { db, api, publicUrl, now, log } = this.deps;
    const url = row.buttonUrl ? new URL(row.buttonUrl, publicUrl).href : null;
    try {
      await api.sendMessage(row.chatId, url ? `${row.text}\n\n${url}` : row.text, {
        link_preview_options: { is_disabled: true },
        // Telegram refuses buttons that point at http:// or localhost; the link is in the text either way.
        ...(url?.startsWith('https://') ? { reply_markup: { inline_keyboard: [[{ text: row.buttonText ?? 'Open', url }]] } } : {}),
      });
      await markSent(db, row.id, now());
    } catch (error) {
      const failure = classify(error);
      const description = redactToken(describe(error), this.deps.botToken);
      if (failure.kind === 'permanent' || row.attempts >= OUTBOX_MAX_ATTEMPTS) {
        await markFailed(db, row.id, now(), description);
        if (failure.kind === 'permanent' && failure.unlink && row.chatId !== this.deps.adminChatId) {
          await unlinkChat(db, row.chatId);
        }
        log.warn({ outboxId: row.id, attempts: row.attempts, error: description }, 'telegram message given up');
        return;
      }
      const delay = failure.retryAfterMs ?? backoffMs(row.attempts);
      await scheduleRetry(db, row.id, new Date(now().getTime() + delay), description);
      log.info({ outboxId: row.id, attempts: row.attempts, retryInMs: delay, error: description }, 'telegram message will be retried');
    }
  }
}

type Failure = { kind: 'permanent'; unlink: boolean } | { kind: 'transient'; retryAfterMs: number | null };

function classify(error: unknown): Failure {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) {
      const seconds = error.parameters.retry_after;
      return { kind: 'transient', retryAfterMs: typeof seconds === 'number' ? seconds * 1000 : null };
    }
    if (error.error_code >= 500) return { kind: 'transient', retryAfterMs: null };
    // 403: the user blocked the bot / the bot was removed; 400 "chat not found": the chat is gone.
    const gone = error.error_code === 403 || /chat not found/i.test(error.description);
    return { kind: 'permanent', unlink: gone };
  }
  // Network trouble (HttpError) and anything unexpected: try again later.
  return { kind: 'transient', retryAfterMs: null };
}

/** The text with the bot token (part of every Bot API URL) replaced. */
export function redactToken(text: string, token: string): string {
  return token ? text.split(token).join('[bot token]') : text;
}

function describe(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code} ${error.description}`.slice(0, 500);
  if (error instanceof HttpError) return `network: ${String(error.error)}`.slice(0, 500);
  return String(error).slice(0, 500);
}

/** 5 s, 10 s, 20 s, … up to 10 minutes, with ±20% jitter so a backlog does not retry in lockstep. */
export function backoffMs(attempts: number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
