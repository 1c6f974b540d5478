import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { OrderStatus } from '@jelly/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import type { DatabaseConfig } from '../src/shared-config.ts';
import { claim, dealRow, getOrder, lockInstruction, offer, submit, trader, userTransaction } from '../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../test/helpers/test-chain.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/test-database.ts';
import { seedDeals, snapshot } from './backup-seed.ts';
import { backupPglite, restorePglite, type BackupResult, type RestoreResult } from './pglite-backup-tool.ts';
import { backupPostgres, restorePostgres } from './pg-backup-tool.ts';

/**
 * npm run db:backup / db:restore on the database the suite runs on: the embedded PGlite folder by default, the
 * PostgreSQL server in CI's second run (DATABASE_URL). 1,000 deals with their transactions, spend, audit rows and
 * the traders' figures, and two deals made through the API and the chain; backed up while the server runs, the
 * database wiped, restored: every table reads the same.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const DEALS = 1000;

let t: ChainTestApp;
let tClosed = false;
let scratch: string;
const opened: DatabaseHandle[] = [];
const extra: TestDatabase[] = [];

beforeAll(async () => {
  t = await createChainTestApp();
  scratch = await mkdtemp(join(tmpdir(), 'jelly-backup-test-'));
}, 120_000);

afterAll(async () => {
  for (const handle of opened) await handle.close();
  for (const database of extra) await database.drop();
  if (!tClosed) await t?.close();
  await rm(scratch, { recursive: true, force: true });
});

const pgliteDir = (config: DatabaseConfig) => (config.driver === 'pglite' && config.dataDir ? config.dataDir : '');
const postgresUrl = (config: DatabaseConfig) => (config.driver === 'postgres' ? config.url : '');

async function open(database: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase(database);
  opened.push(handle);
  return handle;
}

async function close(handle: DatabaseHandle): Promise<void> {
  opened.splice(opened.indexOf(handle), 1);
  await handle.close();
}

/** Figures for the note: the test's own measurement, not a limit. */
function report(what: string, result: BackupResult | RestoreResult & { bytes?: number }): void {
  const size = 'bytes' in result && result.bytes !== undefined ? `, ${(result.bytes / 1024 / 1024).toFixed(2)} MB` : '';
  console.info(`${what} (${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${DEALS} deals): ${Math.round(result.ms)} ms${size}`);
}

describe(`db:backup and db:restore of ${DEALS} deals on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('backs up while the server runs; after a wipe and a restore every table reads the same', async () => {
    // Two deals through the API and the chain: one claimed, one locked in escrow (its co-signed transaction, the
    // fee payer's spend).
    const alice = await trader(t, { usdc: 100_000_000n });
    const bob = await trader(t);
    const offerId = await offer(t, alice, 0, 100_000_000n);
    const claimed = await claim(t, bob, offerId, 10_000_000n);
    const lockedId = await claim(t, bob, offerId, 20_000_000n);
    const deal = await getOrder(t.app, alice, lockedId);
    await submit(t, alice, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]));
    expect((await dealRow(t, lockedId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    expect((await dealRow(t, claimed)).status).toBe(OrderStatus.InProgress);

    await seedDeals(t.app.db, DEALS, t.clock.now());
    const before = await snapshot(t.app.db);
    expect(before['public.orders']?.length).toBe(1 + 2 + 2 * DEALS);
    expect(before['public.admin_audit_log']?.length).toBeGreaterThanOrEqual(DEALS);
    expect(before['public.admin_spend']?.length).toBeGreaterThan(DEALS);
    expect(before['public.trader_volume']?.length).toBe(DEALS);

    const database = t.config.database;
    const backup = onPostgres ? await backupPostgres(postgresUrl(database), scratch) : await backupPglite(pgliteDir(database));
    report('backup', backup);
    // The server held the folder, so the server wrote the dump (this test's process is the server).
    if (!onPostgres) expect(backup.takenBy).toEqual({ serverPid: process.pid });
    expect(await snapshot(t.app.db)).toEqual(before);
    const kept = join(scratch, basename(backup.file));
    if (!onPostgres) await copyFile(backup.file, kept);

    // A restore under a running server is refused, and changes nothing.
    if (onPostgres) {
      const session = new pg.Client({ connectionString: postgresUrl(database) });
      await session.connect();
      await expect(restorePostgres(postgresUrl(database), kept)).rejects.toThrow('Stop every API replica before restoring');
      await session.end();
    } else {
      await expect(restorePglite(pgliteDir(database), kept)).rejects.toThrow(`in use by process ${process.pid}. Stop the server`);
    }

    // The wipe: the server stops and its database is deleted (the folder, or the PostgreSQL database).
    tClosed = true;
    await t.close();
    let target: DatabaseConfig = database;
    if (onPostgres) {
      const fresh = await createTestDatabase();
      extra.push(fresh);
      target = fresh.database;
    }
    const restored = onPostgres ? await restorePostgres(postgresUrl(target), kept) : await restorePglite(pgliteDir(target), kept);
    report('restore', { ...restored, bytes: backup.bytes });
    expect(restored.movedAside).toBeNull();

    const handle = await open(target);
    expect(await snapshot(handle.db)).toEqual(before);
    await close(handle);
  }, 300_000);

  it('PGlite: restores over a folder by moving it aside; a backup of a free folder is taken by the tool', async () => {
    // Always the embedded database, whichever the suite runs on: the folder and its lock are PGlite's.
    const dir = join(scratch, 'free', 'pglite');
    const database: DatabaseConfig = { driver: 'pglite', dataDir: dir };
    let handle = await open(database);
    await seedDeals(handle.db, 10, new Date('2026-01-01T00:00:00Z'));
    const first = await snapshot(handle.db);
    await close(handle);

    const backup = await backupPglite(dir);
    expect(backup.takenBy).toBe('tool');

    handle = await open(database);
    await seedDeals(handle.db, 3, new Date('2026-01-02T00:00:00Z'));
    const later = await snapshot(handle.db);
    await close(handle);

    const restored = await restorePglite(dir, basename(backup.file));
    expect(restored.movedAside).not.toBeNull();
    handle = await open(database);
    expect(await snapshot(handle.db)).toEqual(first);
    await close(handle);
    // The folder that was replaced is kept whole.
    const aside = await open({ driver: 'pglite', dataDir: restored.movedAside });
    expect(await snapshot(aside.db)).toEqual(later);
    await close(aside);
  }, 120_000);
});
