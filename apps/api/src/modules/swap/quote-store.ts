import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { swapQuotes } from '../../db/schema/index.ts';
import { findQuote, type QuoteRow } from './queries.ts';

/**
 * Where quotes are kept: written behind the answer, many in one INSERT, so that a quote does not wait for the database
 * (quotes are asked for every few seconds by every open swap page; few are ever submitted). A quote is readable at
 * once on this process and, within milliseconds, on every process — usually long before a wallet has signed it (and a
 * submit on another process waits for it: UNWRITTEN_QUOTE_WAIT_MS). A process that dies with quotes unwritten loses
 * them: their submit answers 'This quote is unknown. Get a fresh quote.'
 */
/** Quotes given within this window go to the database in one INSERT. */
const BATCH_MS = 50;
/** At most this many rows per INSERT, other requests served between two (an embedded database blocks while it writes). */
const ROWS_PER_INSERT = 16;
/**
 * Behind a round-robin load balancer the submit may reach another replica than the quote did, before that replica's
 * batch is written (a client that signs at once, a busy database): a quote not found is looked for again for this
 * long before it is called unknown. Only unknown quotes (expired and swept, or made up) wait.
 */
export const UNWRITTEN_QUOTE_WAIT_MS = 2_000;
const REREAD_MS = 100;

export interface QuoteStore {
  add(row: QuoteRow): void;
  /** The quote, written to the database first if it is still pending here (a swap row refers to it). */
  find(id: string): Promise<QuoteRow | undefined>;
  /** Writes what is pending (the app's close). */
  flush(): Promise<void>;
}

export function createQuoteStore(db: Database, log?: FastifyBaseLogger): QuoteStore {
  const pending = new Map<string, QuoteRow>();
  let batch: QuoteRow[] = [];
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  const write = (rows: QuoteRow[]) =>
    db
      .insert(swapQuotes)
      .values(rows)
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((error: unknown) => log?.error({ err: error, quotes: rows.length }, 'swap quotes could not be stored'))
      .finally(() => {
        for (const row of rows) pending.delete(row.id);
      });

  const flush = () => {
    scheduled = false;
    const rows = batch;
    batch = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      writing = writing.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => write(chunk));
    }
    return writing;
  };

  return {
    add(row) {
      pending.set(row.id, row);
      batch.push(row);
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => void flush(), BATCH_MS).unref();
    },
    async find(id) {
      if (pending.has(id)) await flush();
      const deadline = Date.now() + UNWRITTEN_QUOTE_WAIT_MS;
      for (;;) {
        const row = await findQuote(db, id);
        if (row || Date.now() >= deadline) return row;
        await sleep(REREAD_MS);
      }
    },
    flush,
  };
}
