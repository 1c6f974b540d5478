// The production path: a cluster the app did not start (a bare localnet standing in for devnet: no escrow program),
// the program deployed and its Config initialised by the operator command over JSON-RPC, then the API wired the
// way server.ts wires it for SOLANA_RPC_URL + ADMIN_KEYPAIR + ESCROW_PROGRAM_ID, and one deal run to Completed.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { startProcess } from '@jelly/bench-kit/process';
import { decodeConfig, findConfigPda, findProgramDataAddress, type Config } from '@jelly/escrow';
import { startLocalnet, type Localnet } from '@jelly/localnet';
import { Connection, Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Chain } from '../src/chain/chain.ts';
import { startChain } from '../src/chain/start-chain.ts';
import { createClock } from './helpers/clock.ts';
import { claim, getOrder, lockInstruction, offer, signInstructions, submit, trader, usdcOf, userTransaction } from './helpers/deal-fixtures.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';
import type { ChainTestApp } from './helpers/test-chain.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/escrow/tools/operator/escrow-cli.ts');
const PROGRAM = join(ROOT, 'packages/escrow/program/jelly_escrow.so');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

let dir: string;
let cluster: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const program = Keypair.generate();
const treasury = Keypair.generate().publicKey;
let adminFile: string;
let programFile: string;
let t: ChainTestApp | undefined;
let appChain: Chain | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

/** The operator command as a shell runs it; resolves with its output (rejects on a non-zero exit). */
async function escrowCommand(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(TSX, [CLI, ...args, '--url', cluster.rpcUrl, '--keypair', adminFile], { cwd: ROOT });
  return stdout;
}

/** The command without --yes, answering `answer` to its question; resolves with the exit code and the output. */
async function escrowCommandAnswering(answer: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  const command = await startProcess({ name: 'escrow-cli', command: TSX, args: [CLI, ...args, '--url', cluster.rpcUrl, '--keypair', adminFile], cwd: ROOT, stdin: true });
  // the question comes without a newline; a command that ends without asking is answered by its exit
  await command.waitFor({ line: '[y/N]', stream: 'stdout' }, 120_000).then(
    () => command.child.stdin?.end(`${answer}\n`),
    (error: unknown) => {
      if (!command.exit()) throw error;
    },
  );
  return { code: (await command.exited).code, out: command.output('stdout') };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jelly-production-path-'));
  // The stand-in cluster funds the admin (on devnet: an airdrop or a transfer) and holds the test stablecoin mints.
  cluster = await startLocalnet({ dataDir: join(dir, 'cluster'), admin, port: 0, host: '127.0.0.1', deployEscrow: false });
  connection = new Connection(cluster.rpcUrl, 'confirmed');
  adminFile = join(dir, 'admin.json');
  programFile = join(dir, 'program.json');
  await writeFile(adminFile, JSON.stringify([...admin.secretKey]));
  await writeFile(programFile, JSON.stringify([...program.secretKey]));
});
afterAll(async () => {
  await t?.app.close();
  await appChain?.close();
  await dropDatabase?.();
  await cluster.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the operator command against a cluster it did not start', () => {
  it('finds no program and no Config on the bare cluster', async () => {
    expect(cluster.escrow).toBeNull();
    expect(await connection.getAccountInfo(program.publicKey)).toBeNull();
    expect(await escrowCommand('show-config', '--program-id', program.publicKey.toBase58()).catch((e: { stdout: string }) => e.stdout)).toContain(
      'no Config at',
    );
  });

  it('prints the plan and its cost, then asks: answering no spends nothing', async () => {
    const balance = await connection.getBalance(admin.publicKey);
    const { code, out } = await escrowCommandAnswering('n', 'deploy', '--program-keypair', programFile);
    expect(code).toBe(1);
    expect(out).toMatch(/will deploy \d+ bytes \(sha256 [0-9a-f]{64}, room for \d+\) with \w+ as upgrade authority/);
    expect(out).toMatch(/cost: about \d+\.\d+ SOL of rent/);
    expect(await connection.getBalance(admin.publicKey)).toBe(balance);
    expect(await connection.getAccountInfo(program.publicKey)).toBeNull();
  });

  // Each operator command is a process of its own (tsx start-up included: seconds on a busy machine): the tests that
  // run several allow 2 minutes, not the suite's 30 s for one in-process test.
  const SEVERAL_COMMANDS = { timeout: 120_000 };

  it('deploys the program over RPC through the upgradeable loader, with the exact bytes; a second deploy does nothing', SEVERAL_COMMANDS, async () => {
    const out = await escrowCommand('deploy', '--program-keypair', programFile, '--yes');
    expect(out).toMatch(/will deploy \d+ bytes/);
    expect(out).toMatch(/deployed \w+ in \d+ transactions/);
    const so = await readFile(PROGRAM);
    const programData = await connection.getAccountInfo(findProgramDataAddress(program.publicKey));
    expect(programData?.data.subarray(45, 45 + so.length).equals(so)).toBe(true);
    expect((await connection.getAccountInfo(program.publicKey))?.executable).toBe(true);

    const balance = await connection.getBalance(admin.publicKey);
    expect(await escrowCommand('deploy', '--program-keypair', programFile, '--yes')).toContain('already deployed');
    expect(await connection.getBalance(admin.publicKey)).toBe(balance);
  });

  it('initialises the Config once, shows it, changes the fee', SEVERAL_COMMANDS, async () => {
    const id = ['--program-id', program.publicKey.toBase58()];
    const init = ['init-config', ...id, '--treasury', treasury.toBase58(), '--fee-bps', '30', '--yes'];
    expect(await escrowCommand(...init)).toContain('initialised');
    expect(await escrowCommand(...init)).toContain('already exists; nothing to do');
    const shown = await escrowCommand('show-config', ...id);
    expect(shown).toContain(`treasury ${treasury.toBase58()}`);
    expect(shown).toContain('fee 30 bps');
    expect(await escrowCommand('set-fee', ...id, '--fee-bps', '25', '--yes')).toContain('fee changed');
    const config = decodeConfig((await connection.getAccountInfo(findConfigPda(program.publicKey)[0]))!.data);
    expect(config).toMatchObject({ feeBps: 25, admin: admin.publicKey, treasury });
  });
});

describe('the API on that cluster (SOLANA_RPC_URL, ADMIN_KEYPAIR, ESCROW_PROGRAM_ID; no embedded chain)', () => {
  it('runs a deal to Completed', async () => {
    const { database, drop } = await createTestDatabase();
    dropDatabase = drop;
    const clock = createClock();
    const config = testConfig(database, clock, {
      solanaRpcUrl: cluster.rpcUrl,
      solanaCluster: 'custom',
      adminKeypairFile: adminFile,
      escrowProgramId: program.publicKey.toBase58(),
    });
    const log = { info: () => undefined, warn: () => undefined };
    appChain = await startChain(config, log);
    expect(appChain.faucet).toBeNull(); // the real-cluster branch, not the embedded localnet
    const app = await buildApp(config, { chain: appChain });
    await app.ready();
    // The test's users get their SOL and USDC from the stand-in cluster's faucet, as testers do on devnet.
    const chain = {
      ...appChain,
      localnet: cluster,
      advanceClock: () => undefined,
      adminKeypair: admin,
      produceBlocks: () => {
        throw new Error('this stand-in cluster keeps its own slot clock');
      },
    };
    t = { app, config, clock, chain, close: async () => undefined };
    const escrow: Config = decodeConfig((await connection.getAccountInfo(findConfigPda(program.publicKey)[0]))!.data);

    const alice = await trader(t, { usdc: 50_000_000n });
    const bob = await trader(t);
    const dealId = await claim(t, bob, await offer(t, alice, 0, 50_000_000n), 20_000_000n);
    let deal = await getOrder(app, alice, dealId);
    expect((await submit(t, alice, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]))).status).toBe(
      OrderStatus.CryptoGuyLockedCrypto,
    );
    deal = await getOrder(app, bob, dealId);
    expect((await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, deal, bob.key, escrow, false)))).status).toBe(
      OrderStatus.SignedByOneParty,
    );
    deal = await getOrder(app, alice, dealId);
    expect((await submit(t, alice, await userTransaction(t, alice.keypair, signInstructions(t, deal, alice.key, escrow, true)))).status).toBe(
      OrderStatus.Completed,
    );
    const { fee, toFiatSide } = settlementPayout(20_000_000n, escrow.feeBps);
    expect(await usdcOf(t, bob.key)).toBe(toFiatSide);
    expect(await usdcOf(t, treasury)).toBe(fee);
  });
});
