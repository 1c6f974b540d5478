// Per-wallet daily caps on reports and blocks (REPORT_MAX_PER_DAY, BLOCK_MAX_PER_DAY), counted from the database so
// they hold across API processes and concurrent requests; they reset at 00:00 UTC.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks, userReports } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { readRatingLimitsConfig } from './rating-config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { ratingLimits: { reportsPerDay: 2, blocksPerDay: 2 } } });
});
afterAll(async () => {
  await t.close();
});

const someone = () => createWallet().address;
const report = (s: Session, toWallet: string) =>
  t.app.inject({ method: 'POST', url: '/api/rating', headers: s.headers, payload: { toWallet, score: 0, comment: 'Asked to pay outside', dealId: null } });
const block = (s: Session, bannedWallet: string, reason = 'Spam', remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/user-bans/ban', headers: s.headers, payload: { bannedWallet, reason }, ...(remoteAddress ? { remoteAddress } : {}) });
const unblock = (s: Session, bannedWallet: string, remoteAddress?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/user-bans/${bannedWallet}`, headers: s.headers, ...(remoteAddress ? { remoteAddress } : {}) });
const reportsOf = async (wallet: string) => (await t.app.db.select({ n: count() }).from(userReports).where(eq(userReports.fromWallet, wallet)))[0]?.n;
const blocksOf = async (wallet: string) => (await t.app.db.select({ n: count() }).from(userBlocks).where(eq(userBlocks.blockerWallet, wallet)))[0]?.n;

describe('REPORT_MAX_PER_DAY', () => {
  it('refuses a wallet’s report past the cap with 429 and when it resets; the next UTC day is free', async () => {
    t.clock.set(new Date('2026-11-24T18:00:00Z'));
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    expect((await report(s, someone())).statusCode).toBe(200);
    expect((await report(s, someone())).statusCode).toBe(200);
    const refused = await report(s, someone());
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'You can report at most 2 users a day; the limit resets at 2026-11-25 00:00 UTC.' });
    expect(refused.json<{ error: { details: unknown } }>().error.details).toEqual({ retryAt: '2026-11-25T00:00:00.000Z' });
    expect(await reportsOf(wallet.address)).toBe(2);

    t.clock.set(new Date('2026-11-25T00:00:00Z'));
    expect((await report(await session(t.app, wallet), someone())).statusCode).toBe(200);
  });

  it('holds under concurrency: five reports at once from one wallet, two pass', async () => {
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    const responses = await Promise.all(Array.from({ length: 5 }, () => report(s, someone())));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    expect(await reportsOf(wallet.address)).toBe(2);
  });
});

describe('BLOCK_MAX_PER_DAY', () => {
  it('refuses a new block past the cap with 429 and when it resets; a reason update and the next UTC day are free', async () => {
    t.clock.set(new Date('2026-11-24T18:00:00Z'));
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    const first = someone();
    expect((await block(s, first)).json()).toEqual({ bannedWallet: first, created: true });
    expect((await block(s, someone())).statusCode).toBe(200);
    // Blocking a wallet already on the list only updates the reason: not a new entry, never refused.
    expect((await block(s, first, 'Spam and insults')).json()).toEqual({ bannedWallet: first, created: false });
    const refused = await block(s, someone());
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'You can block at most 2 users a day; the limit resets at 2026-11-25 00:00 UTC.' });
    expect(refused.json<{ error: { details: unknown } }>().error.details).toEqual({ retryAt: '2026-11-25T00:00:00.000Z' });
    expect(await blocksOf(wallet.address)).toBe(2);

    t.clock.set(new Date('2026-11-25T00:00:00Z'));
    expect((await block(await session(t.app, wallet), someone())).statusCode).toBe(200);
  });

  it('counts blocks made, not blocks standing: an unblock gives no slot back', async () => {
    t.clock.set(new Date('2026-11-26T09:00:00Z'));
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    const target = someone();
    for (let cycle = 0; cycle < 2; cycle += 1) {
      expect((await block(s, target)).json()).toEqual({ bannedWallet: target, created: true });
      expect((await unblock(s, target)).statusCode).toBe(200);
    }
    expect(await blocksOf(wallet.address)).toBe(0);
    expect(errorOf(await block(s, target))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(errorOf(await block(s, someone()))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('holds when 30 block-then-unblock cycles race: two blocks made, the rest refused', async () => {
    t.clock.set(new Date('2026-11-27T09:00:00Z'));
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    // Each request from its own address, so the per-IP HTTP limit never answers for the daily cap.
    const cycle = async (i: number) => {
      const target = someone();
      const made = await block(s, target, 'Spam', `10.35.${i}.1`);
      if (made.statusCode === 200) expect((await unblock(s, target, `10.36.${i}.1`)).statusCode).toBe(200);
      return made.statusCode;
    };
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => cycle(i)));
    expect(statuses.filter((code) => code === 200)).toHaveLength(2);
    expect(statuses.filter((code) => code === 429)).toHaveLength(28);
    expect(await blocksOf(wallet.address)).toBe(0);
    expect(errorOf(await block(s, someone(), 'Spam', '10.37.0.1'))).toMatchObject({ status: 429 });
  });

  it('holds under concurrency: five blocks at once from one wallet, two pass', async () => {
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    const responses = await Promise.all(Array.from({ length: 5 }, () => block(s, someone())));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
    expect(await blocksOf(wallet.address)).toBe(2);
  });
});

describe('the settings', () => {
  it('default to 10 reports and 20 blocks a day, and name a wrong value', () => {
    expect(readRatingLimitsConfig({})).toEqual({ ok: true, config: { reportsPerDay: 10, blocksPerDay: 20 } });
    expect(readRatingLimitsConfig({ REPORT_MAX_PER_DAY: '3', BLOCK_MAX_PER_DAY: ' 7 ' })).toEqual({ ok: true, config: { reportsPerDay: 3, blocksPerDay: 7 } });
    const bad = readRatingLimitsConfig({ REPORT_MAX_PER_DAY: '0', BLOCK_MAX_PER_DAY: 'many' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.split(':')[0])).toEqual(['REPORT_MAX_PER_DAY', 'BLOCK_MAX_PER_DAY']);
  });
});
