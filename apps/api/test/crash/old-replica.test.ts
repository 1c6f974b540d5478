// The previous build keeps working on the newest schema: the server as it was before the newest migration (checked
// out from git) runs a deal end to end on a database the newest server migrated, and the newest server, started
// beside it, reads the same deal. During a rolling deploy the first new replica migrates the shared database while
// the old replicas still serve on it for minutes; the migrations' expand/contract rule (drizzle/README.md) exists
// so that they can, and this test is where a migration that breaks the previous build fails.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAndRelease } from '../cluster/deal-steps.ts';
import { escrowConfig, getOrder, type Trader } from '../helpers/deal-fixtures.ts';
import { httpInject } from '../helpers/http-inject.ts';
import type { ApiProcess } from './api-process.ts';
import { DEAL_AMOUNT, expectParties, lockedDeal, statusOf, treasuryUsdc } from './crash-deals.ts';
import { createCrashWorld, type CrashWorld } from './crash-world.ts';

const JOURNAL = 'apps/api/drizzle/meta/_journal.json';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const repo = git(fileURLToPath(new URL('.', import.meta.url)), 'rev-parse', '--show-toplevel');

/** The code before the newest migration: the first parent of the newest mainline commit that changed the journal. */
function previousMigrationSet(): string {
  // A shallow clone has no older build to run: fetch the history first (a clone without its origin fails below).
  if (git(repo, 'rev-parse', '--is-shallow-repository') === 'true') {
    try {
      git(repo, 'fetch', '--quiet', '--unshallow');
    } catch {
      // the message below says what is missing
    }
  }
  const newest = git(repo, 'log', '--first-parent', '-1', '--format=%H', '--', JOURNAL);
  try {
    if (!newest) throw new Error(`no commit changed ${JOURNAL}`);
    return git(repo, 'rev-parse', '--verify', `${newest}^1`);
  } catch (error) {
    throw new Error(
      `the old-replica test needs the git history (a full clone, not a shallow one) to check out the build before ` +
        `the newest migration; found ${newest || 'no commit'} changing ${JOURNAL}: ${String(error)}`,
    );
  }
}

/**
 * Makes the old tree runnable without an install. An old release is its own build, so its @jelly packages must be
 * its own (the old server on the new domain or contracts would not be the previous build): `node_modules/@jelly/*`
 * point at the old tree's workspaces, every other package (and each workspace's own node_modules) at this checkout's.
 */
function linkNodeModules(oldTree: string): void {
  const modules = join(oldTree, 'node_modules');
  mkdirSync(join(modules, '@jelly'), { recursive: true });
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry !== '@jelly') symlinkSync(join(repo, 'node_modules', entry), join(modules, entry));
  }
  const { workspaces } = JSON.parse(readFileSync(join(oldTree, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const workspace of workspaces) {
    const { name } = JSON.parse(readFileSync(join(oldTree, workspace, 'package.json'), 'utf8')) as { name: string };
    if (!name.startsWith('@jelly/')) throw new Error(`workspace ${workspace} is not a @jelly package: ${name}`);
    symlinkSync(join(oldTree, workspace), join(modules, name));
    const own = join(repo, workspace, 'node_modules');
    if (existsSync(own)) symlinkSync(own, join(oldTree, workspace, 'node_modules'));
  }
}

const journalEntries = (tree: string) => (JSON.parse(readFileSync(join(tree, JOURNAL), 'utf8')) as { entries: unknown[] }).entries.length;

/** Lines the process logged at error level or above (pino's JSON), or printed as an uncaught error. */
function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return /error/i.test(line);
    }
  });
}

/** The deal as the party reads it from one replica. */
async function dealOn(api: ApiProcess, party: Trader, dealId: number): Promise<OrderDetails> {
  const app = { inject: (options: Parameters<typeof httpInject>[1]) => httpInject(api.url, options) };
  return getOrder(app as unknown as Parameters<typeof getOrder>[0], party, dealId);
}

let world: CrashWorld;
let scratch = '';
let oldTree = '';

beforeAll(async () => {
  const rev = previousMigrationSet();
  scratch = await mkdtemp(join(tmpdir(), 'jelly-old-replica-'));
  oldTree = join(scratch, 'tree');
  git(repo, 'worktree', 'add', '--detach', oldTree, rev);
  linkNodeModules(oldTree);
  world = await createCrashWorld();
});
afterAll(async () => {
  await world?.close();
  if (oldTree && existsSync(oldTree)) git(repo, 'worktree', 'remove', '--force', oldTree);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('a replica of the previous build on the newest schema', () => {
  it('runs a deal end to end, and the newest replica beside it reads the same deal', async () => {
    world.showOutputOnFailure();
    // the newest server migrates the database, then leaves it to the old build
    await (await world.start()).stop();
    const { rows } = await world.db.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(Number(rows[0]?.n)).toBe(journalEntries(repo));
    expect(journalEntries(oldTree), 'the old build lacks the newest migration').toBeLessThan(journalEntries(repo));

    // the old build is now the newest started process: the deal helpers go to it
    const old = await world.start(undefined, {}, { apiDir: join(oldTree, 'apps/api') });
    const treasuryBefore = await treasuryUsdc(world);
    const deal = await lockedDeal(world, { buyerAccount: true });
    await payAndRelease(world.t, deal.seller, deal.buyer, deal.dealId);
    expect(await statusOf(world, deal.dealId)).toBe(OrderStatus.Completed);
    const { fee, toFiatSide } = settlementPayout(DEAL_AMOUNT, (await escrowConfig(world.t)).feeBps);
    await expectParties(world, deal, { seller: DEAL_AMOUNT, buyer: toFiatSide, vault: 0n }, 'released through the old build');
    expect(await treasuryUsdc(world)).toBe(treasuryBefore + fee);
    expect(errorLines(old.output()), 'the old build logged no error on the newest schema').toEqual([]);

    // a rolling deploy: the newest replica serves beside the old one, and both read the deal alike
    const newest = await world.start();
    for (const party of [deal.seller, deal.buyer]) {
      const [onOld, onNewest] = [await dealOn(old, party, deal.dealId), await dealOn(newest, party, deal.dealId)];
      expect(onNewest.status).toBe(OrderStatus.Completed);
      expect({ ...onNewest, ...onOld }, 'every field the old build shows, the newest shows the same').toEqual(onNewest);
    }
    expect(errorLines(old.output())).toEqual([]);
    expect(errorLines(newest.output())).toEqual([]);
  });
});
