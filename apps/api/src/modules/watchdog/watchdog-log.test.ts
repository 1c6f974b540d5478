// The watchdog's run, as the job list runs it, logs what it announced as one watchdog.overdue line at warn, with
// the job's name and the late records: what an operator's log alert matches.
import { Writable } from 'node:stream';
import { OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { IntervalJobs } from '../../lib/interval-job.ts';
import { watchdogRun } from './index.ts';
import { seedDeal } from './testing.ts';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { adminWallets: new Set([createWallet().address]), logLevel: 'info' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });
});
afterAll(() => t.close());

/** One run of the watchdog job, as the app's job list runs it. */
async function runJob(): Promise<void> {
  const jobs = new IntervalJobs(t.app.log);
  jobs.add({ name: 'watchdog', everyMs: 60_000, run: watchdogRun(t.app) });
  jobs.start();
  await jobs.close();
}

interface OverdueLine {
  level: number;
  job?: string;
  event?: string;
  watchdog?: { notified: { kind: string; ref: string }[] };
}
const overdueLines = () => lines.map((line) => JSON.parse(line) as OverdueLine).filter((line) => line.event === 'watchdog.overdue');

describe('the watchdog in the logs', () => {
  it('logs nothing before a deadline, then one watchdog.overdue warning naming the late record, once', async () => {
    const locked = await seedDeal(t.app.db, { status: OrderStatus.CryptoGuyLockedCrypto, updatedAt: t.clock.now(), paymentDeadline: t.clock.now() });
    await runJob();
    expect(overdueLines()).toEqual([]);

    t.clock.advance(60 * 60_000);
    await runJob();
    expect(overdueLines()).toEqual([
      expect.objectContaining({ level: 40, job: 'watchdog', watchdog: expect.objectContaining({ notified: [{ kind: 'deal_locked', ref: String(locked) }] }) }),
    ]);

    // announced already: the next run has nothing new to say
    await runJob();
    expect(overdueLines()).toHaveLength(1);
  });
});
