// The operator's upgrade and reclaim steps against a cluster the app did not start (a bare localnet): deploy with no
// spare room, upgrade the same address to a build one byte longer (the program data grows, the deployed bytes'
// sha256 is checked), prove the upgraded program runs; then a deploy killed after its buffer was created, and
// reclaim-buffers returning that buffer's rent.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startProcess } from '@jelly/bench-kit/process';
import { decodeConfig, findConfigPda, findProgramDataAddress } from '@jelly/escrow';
import { startLocalnet, type Localnet } from '@jelly/localnet';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/escrow/tools/operator/escrow-cli.ts');
const PROGRAM = join(ROOT, 'packages/escrow/program/jelly_escrow.so');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const PROGRAMDATA_METADATA_SIZE = 45;
const BPF_LOADER_UPGRADEABLE = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');

let dir: string;
let cluster: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const program = Keypair.generate();
let adminFile: string;
let programFile: string;
let so: Buffer;
let newBuild: string;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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

/** The buffers the loader holds with the admin as authority (tag 1, Some(admin)). */
async function adminBuffers(): Promise<PublicKey[]> {
  const accounts = await connection.getProgramAccounts(BPF_LOADER_UPGRADEABLE, { commitment: 'confirmed' });
  return accounts
    .filter(({ account }) => account.data.readUInt32LE(0) === 1 && account.data[4] === 1 && new PublicKey(account.data.subarray(5, 37)).equals(admin.publicKey))
    .map(({ pubkey }) => pubkey);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jelly-operator-upgrade-'));
  cluster = await startLocalnet({ dataDir: join(dir, 'cluster'), admin, port: 0, host: '127.0.0.1', deployEscrow: false });
  connection = new Connection(cluster.rpcUrl, 'confirmed');
  adminFile = join(dir, 'admin.json');
  programFile = join(dir, 'program.json');
  await writeFile(adminFile, JSON.stringify([...admin.secretKey]));
  await writeFile(programFile, JSON.stringify([...program.secretKey]));
  so = await readFile(PROGRAM);
  // Another build: the same program with one more (non-zero) byte after the ELF, which the loader ignores.
  newBuild = join(dir, 'next.so');
  await writeFile(newBuild, Buffer.concat([so, Buffer.of(0x6a)]));
});
afterAll(async () => {
  await cluster.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run escrow -- --help', () => {
  it('prints the usage of every command and exits 0, with no cluster or key', async () => {
    const { stdout } = await promisify(execFile)(TSX, [CLI, '--help'], { cwd: ROOT, env: { ...process.env, SOLANA_RPC_URL: '' } });
    for (const command of ['deploy', 'upgrade', 'reclaim-buffers', 'init-config', 'show-config', 'set-fee']) {
      expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });
});

describe('upgrading the deployed program at the same address', () => {
  it('deploys with no spare room, then refuses an upgrade signed by another key', { timeout: 120_000 }, async () => {
    expect(await escrowCommand('deploy', '--program-keypair', programFile, '--max-len', String(so.length), '--yes')).toMatch(/deployed \w+/);
    const stranger = Keypair.generate();
    const strangerFile = join(dir, 'stranger.json');
    await writeFile(strangerFile, JSON.stringify([...stranger.secretKey]));
    await cluster.faucet(stranger.publicKey, { sol: 2_000_000_000n });
    const refused = await promisify(execFile)(TSX, [CLI, 'upgrade', '--so', newBuild, '--program-id', program.publicKey.toBase58(), '--url', cluster.rpcUrl, '--keypair', strangerFile, '--yes'], { cwd: ROOT }).catch(
      (e: { stdout: string; code: number }) => e,
    );
    expect(refused).toMatchObject({ code: 1, stdout: expect.stringContaining(`the upgrade authority is ${admin.publicKey.toBase58()}`) });
  });

  it('writes the new build to a buffer, grows the program data, upgrades, and verifies the deployed sha256', { timeout: 120_000 }, async () => {
    const id = ['--program-id', program.publicKey.toBase58()];
    const out = await escrowCommand('upgrade', '--so', newBuild, ...id, '--yes');
    const next = await readFile(newBuild);
    expect(out).toContain('growing it by 10240 bytes'); // the loader's smallest extension
    expect(out).toContain(`verified: the deployed bytes' sha256 is ${sha256(next)}, the file's`);

    const programData = (await connection.getAccountInfo(findProgramDataAddress(program.publicKey)))!.data;
    expect(programData.length).toBe(PROGRAMDATA_METADATA_SIZE + so.length + 10_240);
    expect(sha256(programData.subarray(PROGRAMDATA_METADATA_SIZE, PROGRAMDATA_METADATA_SIZE + next.length))).toBe(sha256(next));
    expect(programData.subarray(PROGRAMDATA_METADATA_SIZE + next.length).every((byte) => byte === 0)).toBe(true);
    expect(new PublicKey(programData.subarray(13, 45)).equals(admin.publicKey)).toBe(true); // same upgrade authority
    expect(await adminBuffers()).toEqual([]); // the upgrade consumed its buffer and returned the rent

    // The upgraded program runs: its Config is created through it.
    const treasury = Keypair.generate().publicKey;
    expect(await escrowCommand('init-config', ...id, '--treasury', treasury.toBase58(), '--yes')).toContain('initialised');
    const config = decodeConfig((await connection.getAccountInfo(findConfigPda(program.publicKey)[0]))!.data);
    expect(config.treasury.equals(treasury)).toBe(true);

    // Upgrading again to the same bytes changes nothing.
    const balance = await connection.getBalance(admin.publicKey);
    expect(await escrowCommand('upgrade', '--so', newBuild, ...id, '--yes')).toContain('already deployed');
    expect(await connection.getBalance(admin.publicKey)).toBe(balance);
  });
});

describe('the buffer of an interrupted deploy', () => {
  it('is found and closed by reclaim-buffers, its rent back with the admin', { timeout: 120_000 }, async () => {
    const other = Keypair.generate();
    const otherFile = join(dir, 'other-program.json');
    await writeFile(otherFile, JSON.stringify([...other.secretKey]));
    // The deploy is killed once its buffer exists (mid-upload), as a lost terminal or a crash would stop it.
    // node with tsx's loader, not the tsx binary: that runs the script in a child process a kill would not reach.
    const deploy = await startProcess({
      name: 'the deploy',
      command: process.execPath,
      args: ['--import', 'tsx', CLI, 'deploy', '--program-keypair', otherFile, '--url', cluster.rpcUrl, '--keypair', adminFile, '--yes'],
      cwd: ROOT,
      ready: { line: /buffer (\w+) created/, stream: 'stdout' },
      readyWithinMs: 110_000,
    });
    deploy.kill('SIGKILL');
    await deploy.exited;
    const bufferAddress = deploy.ready[1] ?? '';
    expect(await connection.getAccountInfo(other.publicKey)).toBeNull(); // never deployed

    const buffer = new PublicKey(bufferAddress);
    const bufferRent = (await connection.getAccountInfo(buffer))!.lamports;
    expect(await adminBuffers()).toEqual([buffer]);
    // A later deploy names it.
    const noted = await escrowCommandAnswering('n', 'deploy', '--program-keypair', otherFile);
    expect(noted).toMatchObject({ code: 1, out: expect.stringContaining('1 buffer(s) of an earlier interrupted run hold') });

    const before = await connection.getBalance(admin.publicKey);
    const out = await escrowCommand('reclaim-buffers', '--yes');
    expect(out).toContain(`closed buffer ${bufferAddress}`);
    expect(await connection.getAccountInfo(buffer)).toBeNull();
    const fee = 5_000; // one signature
    expect(await connection.getBalance(admin.publicKey)).toBe(before + bufferRent - fee);
    expect(await escrowCommand('reclaim-buffers', '--yes')).toContain('nothing to do');
  });
});
