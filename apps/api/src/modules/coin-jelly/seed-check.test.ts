// A server on a database whose deposit addresses came from another seed refuses to start: two replicas each
// generating a seed into their own data folder, or a lost seed file, are stopped before any address is handed out.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { checkSeed, SEED_MISMATCH, seedFingerprint } from './seed-check.ts';
import { testJellyConfig } from './testing.ts';

const first = new Uint8Array(64).fill(1);
let t: TestApp;
const fingerprints = () => queryRows<{ fingerprint: string }>(t.app.db, sql`SELECT fingerprint FROM jelly_seed`);
beforeAll(async () => {
  // The app's start records its seed, as the first replica on a database does.
  t = await createTestApp({ config: { coinJelly: testJellyConfig({ seed: first }) } });
});
afterAll(async () => {
  await t.close();
});

describe('the Coin Jelly seed check at start', () => {
  it('recorded the first server’s seed (its fingerprint is a public address, not the seed)', async () => {
    expect(await fingerprints()).toEqual([{ fingerprint: seedFingerprint(first) }]);
    expect(seedFingerprint(first)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('accepts the same seed again (a restart, another replica configured alike)', async () => {
    await expect(checkSeed(t.app.db, first, new Date())).resolves.toBeUndefined();
  });

  it('refuses another seed, saying what to do, and keeps the first', async () => {
    await expect(checkSeed(t.app.db, new Uint8Array(64).fill(2), new Date())).rejects.toThrow(SEED_MISMATCH);
    expect(await fingerprints()).toEqual([{ fingerprint: seedFingerprint(first) }]);
  });
});
