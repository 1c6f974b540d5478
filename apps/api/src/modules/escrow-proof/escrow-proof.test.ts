// The proof of escrow on a real localnet: deals in every state of one offer, the vault read from the chain against
// the database, then two injected mismatches (a deal the database no longer counts; tokens sent straight to the
// vault) that must show as differences, never hidden; last, an upgrade to a larger build, whose hash must show.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EscrowProof } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { DEFAULT_ESCAPE_AFTER_SECONDS, decodeFillTicket, findOrderPda, findTicketPda, findVaultPda } from '@jelly/escrow';
import { createTransferInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { sendAndConfirmTransaction, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import {
  cancelInstructions,
  claim,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  passLockCooldown,
  signInstructions,
  submit,
  trader,
  USDC,
  USDC_MINT,
  userTransaction,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { ESCROW_PROOF_CACHE_MS } from './index.ts';

const USDC_1 = 1_000_000n;
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let t: ChainTestApp;
let seller: Trader;
let offerId: number;
const ids: Record<string, number> = {};
let traders: Trader[] = [];

const readProof = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/platform/escrow-proof' });
  expect(response.statusCode).toBe(200);
  return { proof: response.json<EscrowProof>(), body: response.body };
};

async function lock(dealId: number): Promise<void> {
  passLockCooldown(t);
  const deal = await getOrder(t.app, seller, dealId);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
}

async function sign(by: Trader, dealId: number, settle: boolean): Promise<void> {
  const deal = await getOrder(t.app, by, dealId);
  await submit(t, by, await userTransaction(t, by.keypair, signInstructions(t, deal, by.key, await escrowConfig(t), settle)));
}

function supportRequest(by: Trader, dealId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/platform/call-tg-bot',
    headers: by.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
  });
}

beforeAll(async () => {
  t = await createChainTestApp();
  seller = await trader(t, { usdc: 100n * USDC_1 });
  const [bob, carol, dave, erin] = await Promise.all([trader(t), trader(t), trader(t), trader(t)]);
  traders = [seller, bob!, carol!, dave!, erin!];
  offerId = await offer(t, seller, 0, 100n * USDC_1);

  ids.inProgress = await claim(t, bob!, offerId, 10n * USDC_1);
  ids.locked = await claim(t, carol!, offerId, 20n * USDC_1);
  await lock(ids.locked);
  ids.signedByOne = await claim(t, dave!, offerId, 5n * USDC_1);
  await lock(ids.signedByOne);
  await sign(dave!, ids.signedByOne, false);
  ids.completed = await claim(t, bob!, offerId, 7n * USDC_1);
  await lock(ids.completed);
  await sign(bob!, ids.completed, false);
  await sign(seller, ids.completed, true);
  ids.cancelled = await claim(t, carol!, offerId, 3n * USDC_1);
  await lock(ids.cancelled);
  const toCancel = await getOrder(t.app, carol!, ids.cancelled);
  await submit(t, carol!, await userTransaction(t, carol!.keypair, cancelInstructions(t, toCancel, carol!.key)));
  ids.disputedLocked = await claim(t, dave!, offerId, 4n * USDC_1);
  await lock(ids.disputedLocked);
  expect((await supportRequest(dave!, ids.disputedLocked)).statusCode).toBe(200);
  ids.disputedNeverLocked = await claim(t, erin!, offerId, 2n * USDC_1);
  expect((await supportRequest(erin!, ids.disputedNeverLocked)).statusCode).toBe(200);
}, 240_000);
afterAll(() => t?.close());

describe('GET /api/platform/escrow-proof', () => {
  it('lists the vault with what it holds on chain, equal to what the database has locked, per deal and per token', async () => {
    const statuses = await Promise.all(Object.values(ids).map(async (id) => (await t.app.db.select({ s: orders.status }).from(orders).where(eq(orders.orderId, id)))[0]!.s));
    expect(statuses).toEqual([
      OrderStatus.InProgress,
      OrderStatus.CryptoGuyLockedCrypto,
      OrderStatus.SignedByOneParty,
      OrderStatus.Completed,
      OrderStatus.Cancelled,
      OrderStatus.AdminResolving,
      OrderStatus.AdminResolving,
    ]);
    const { proof, body } = await readProof();
    const vault = findVaultPda(findOrderPda(offerId, t.chain.programId)[0], t.chain.programId)[0].toBase58();
    // Locked (20) + signed by one party (5) + disputed after the lock (4); the rest never locked or already left.
    expect(proof.vaults).toEqual([
      {
        offerId,
        dealIds: [ids.locked, ids.signedByOne, ids.disputedLocked],
        symbol: 'USDC',
        mint: USDC_MINT,
        decimals: 6,
        vault,
        explorerUrl: expect.stringMatching(new RegExp(`^https://explorer\\.solana\\.com/address/${vault}\\?cluster=custom&customUrl=`)),
        onChain: String(29n * USDC_1),
        inDatabase: String(29n * USDC_1),
        difference: '0',
        matches: true,
        // deal signedByOne was marked paid and not released: nothing in this vault moves alone
        escapeFrom: null,
      },
    ]);
    expect(proof.escapeAfterSeconds).toBe(DEFAULT_ESCAPE_AFTER_SECONDS);
    expect(proof.totals).toEqual([{ symbol: 'USDC', mint: USDC_MINT, decimals: 6, onChain: String(29n * USDC_1), inDatabase: String(29n * USDC_1) }]);
    expect(proof.reconciled).toBe(true);
    // Public: no wallet of any party appears.
    for (const someone of traders) expect(body).not.toContain(someone.wallet.address);
  });

  it('names the program, its upgrade authority and the hash of its deployed bytes beside the committed build’s', async () => {
    const { proof } = await readProof();
    const committed = sha256(readFileSync(createRequire(import.meta.url).resolve('@jelly/escrow/program')));
    expect(proof.program).toMatchObject({
      programId: t.chain.programId.toBase58(),
      upgradeAuthority: t.chain.admin.publicKey.toBase58(),
      deployedSha256: committed,
      sourceSha256: committed,
      matches: true,
    });
  });

  it('builds its explorer links from PUBLIC_URL, whatever Host the caller sends', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/platform/escrow-proof', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const proof = response.json<EscrowProof>();
    const customUrl = new URL(proof.program.explorerUrl).searchParams.get('customUrl');
    expect(customUrl).toBe(`${t.config.publicUrl}/rpc`);
    expect(response.body).not.toContain('evil.example');
  });

  it('shows a deal the database stopped counting as a difference after the cache period', async () => {
    await t.app.db.update(orders).set({ status: OrderStatus.Cancelled }).where(eq(orders.orderId, ids.locked!));
    expect((await readProof()).proof.reconciled).toBe(true); // the reading is cached
    t.clock.advance(ESCROW_PROOF_CACHE_MS);
    const { proof } = await readProof();
    expect(proof.reconciled).toBe(false);
    expect(proof.vaults[0]).toMatchObject({
      dealIds: [ids.signedByOne, ids.disputedLocked],
      onChain: String(29n * USDC_1),
      inDatabase: String(9n * USDC_1),
      difference: String(20n * USDC_1),
      matches: false,
    });
    expect(proof.totals[0]).toMatchObject({ onChain: String(29n * USDC_1), inDatabase: String(9n * USDC_1) });
    await t.app.db.update(orders).set({ status: OrderStatus.CryptoGuyLockedCrypto }).where(eq(orders.orderId, ids.locked!));
  });

  it('shows tokens sent straight to the vault as a difference', async () => {
    const vault = findVaultPda(findOrderPda(offerId, t.chain.programId)[0], t.chain.programId)[0];
    const outsider = await trader(t, { usdc: USDC_1 });
    const transfer = createTransferInstruction(getAssociatedTokenAddressSync(USDC, outsider.key), vault, outsider.key, USDC_1);
    await sendAndConfirmTransaction(t.chain.connection, new Transaction().add(transfer), [outsider.keypair], { commitment: 'confirmed' });
    t.clock.advance(ESCROW_PROOF_CACHE_MS);
    const { proof } = await readProof();
    expect(proof.vaults[0]).toMatchObject({ onChain: String(30n * USDC_1), inDatabase: String(29n * USDC_1), difference: String(USDC_1), matches: false });
    expect(proof.reconciled).toBe(false);
  });

  it('says from when the owner of a vault whose deals nobody contests can take it back without us', async () => {
    const second = await offer(t, seller, 0, 10n * USDC_1);
    const [buyer] = traders.slice(2);
    const dealId = await claim(t, buyer!, second, USDC_1);
    await lock(dealId);
    t.clock.advance(ESCROW_PROOF_CACHE_MS);
    const { proof } = await readProof();
    const order = findOrderPda(second, t.chain.programId)[0];
    const ticket = decodeFillTicket((await t.chain.connection.getAccountInfo(findTicketPda(order, dealId, t.chain.programId)[0], 'confirmed'))!.data);
    const deadline = new Date(Number(ticket.updatedAt + BigInt(DEFAULT_ESCAPE_AFTER_SECONDS)) * 1000).toISOString();
    expect(proof.vaults.find((v) => v.offerId === second)).toMatchObject({ dealIds: [dealId], onChain: String(USDC_1), escapeFrom: deadline });
  });

  it('after an upgrade to a larger build shows the hash the upgrade printed, not the committed one, and says they differ', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jelly-proof-upgrade-'));
    try {
      const committed = readFileSync(createRequire(import.meta.url).resolve('@jelly/escrow/program'));
      // The same program with 12 KiB more after its ELF (non-zero, which the loader ignores): the program data grows.
      const larger = Buffer.concat([committed, Buffer.alloc(12 * 1024, 0x6a)]);
      const so = join(dir, 'larger.so');
      const adminFile = join(dir, 'admin.json');
      await writeFile(so, larger);
      await writeFile(adminFile, JSON.stringify([...t.chain.adminKeypair.secretKey]));
      const cli = ['packages/escrow/tools/operator/escrow-cli.ts', 'upgrade', '--so', so, '--program-id', t.chain.programId.toBase58()];
      const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [...cli, '--url', t.chain.rpcUrl, '--keypair', adminFile, '--yes'], { cwd: ROOT });
      const printed = /verified: the deployed bytes' sha256 is ([0-9a-f]{64})/.exec(stdout)?.[1];
      expect(printed).toBe(sha256(larger));

      t.clock.advance(ESCROW_PROOF_CACHE_MS);
      const { proof } = await readProof();
      expect(proof.program).toMatchObject({ deployedSha256: printed, sourceSha256: sha256(committed), matches: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
