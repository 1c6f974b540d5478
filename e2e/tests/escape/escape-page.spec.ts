// The escape kit in the browser, as a user would use it if Jelly disappeared: the built escape.html copied alone to a
// folder and opened from disk, pointed at a cluster the Jelly server knows nothing of (a localnet this test starts,
// whose clock it moves), with the Jelly Test Wallet. Before the deadline it says from when; after it, it sends the
// escape signed by the wallet and every token comes back to the base unit.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { acceptOfferAndLockInstruction, signSendAndConfirm } from '@jelly/escrow';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import { startLocalnet } from '../../../apps/localnet/src/index.ts';
import { associatedTokenAddress } from '../../fixtures/deals/chain.ts';
import { expect, test } from '../../fixtures/test.ts';
import { e2eWebDist } from '../../fixtures/server-env.ts';
import { testKeys } from '../../wallet/keys.ts';

test.use({ walletKeys: [testKeys.alice] });

const LOCKED = 12_500_000n;
const iso = (ms: number) => new Date(ms).toISOString();

test('the escape page saved to disk says from when, then takes a locked deal back with the wallet alone', async ({ page, wallet }) => {
  const dir = mkdtempSync(join(tmpdir(), 'jelly-escape-page-'));
  copyFileSync(join(e2eWebDist, 'escape.html'), join(dir, 'escape.html'));
  let nowMs = Date.UTC(2026, 0, 5, 12);
  let produceBlock: (() => void) | null = null;
  const admin = Keypair.generate();
  const localnet = await startLocalnet({
    dataDir: join(dir, 'data'),
    admin,
    port: 0,
    now: () => nowMs,
    slotClock: (tick) => {
      produceBlock = tick;
      return () => (produceBlock = null);
    },
    logger: () => undefined,
  });
  try {
    const seller = new PublicKey(testKeys.alice.address);
    const connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: localnet.wsUrl });
    const usdc = localnet.mints.USDC;
    await localnet.faucet(seller, { sol: BigInt(LAMPORTS_PER_SOL), usdc: 50_000_000n });
    const lock = acceptOfferAndLockInstruction({
      admin: admin.publicKey, locker: seller, mint: usdc, orderId: 1n, ticketId: 1n, cryptoAmount: LOCKED, fiatAmount: 1_150n,
      isSellOrder: true, creator: seller, fiatGuy: Keypair.generate().publicKey, offerAmount: 50_000_000n,
    });
    await signSendAndConfirm(connection, new Transaction().add(lock), admin.publicKey, async (tx) => {
      tx.partialSign(admin);
      tx.addSignature(seller, Buffer.from(testKeys.alice.sign(tx.serializeMessage())));
      return tx;
    });
    const tokens = async () => BigInt((await connection.getTokenAccountBalance(associatedTokenAddress(usdc, seller))).value.amount);
    expect(await tokens()).toBe(50_000_000n - LOCKED);
    const deadline = nowMs + 30 * 86_400_000;

    await page.goto(pathToFileURL(join(dir, 'escape.html')).href);
    await expect(page.getByRole('heading', { level: 1, name: 'Escape kit' })).toBeVisible();
    await page.getByLabel('Solana RPC address').fill(localnet.rpcUrl);
    await page.getByRole('button', { name: 'Connect Jelly Test Wallet' }).click();
    const list = page.getByRole('list', { name: 'Your deals and offers' });
    const deal = list.getByRole('listitem').filter({ hasText: 'Deal 1:' });
    await expect(deal).toContainText(`Deal 1: the buyer never marked it paid; you can take back ${LOCKED} base units from ${iso(deadline)}.`);
    await expect(list.getByRole('listitem').filter({ hasText: 'Offer 1' })).toContainText('Offer 1: 1 deal(s) still open');
    await expect(deal.getByRole('button')).toHaveCount(0);

    // 30 days later, with nobody at Jelly to co-sign
    nowMs = deadline;
    produceBlock!();
    await page.getByRole('button', { name: 'List again' }).click();
    await expect(deal).toContainText(`you can take back ${LOCKED} base units now.`);
    const status = page.getByRole('status');
    wallet.rejectNextSignTransaction();
    await deal.getByRole('button', { name: 'Take it' }).click();
    await expect(status).toHaveText('You declined in the wallet: nothing was sent.');
    expect(await tokens()).toBe(50_000_000n - LOCKED);

    const lamports = await connection.getBalance(seller);
    await deal.getByRole('button', { name: 'Take it' }).click();
    await expect(status).toHaveText(/^Done: the chain confirmed transaction \w+\.$/);
    expect(await tokens()).toBe(50_000_000n);
    expect(lamports - (await connection.getBalance(seller))).toBe(5_000); // one signature's fee, paid by the wallet
    expect(wallet.signTransactionRequests.map((r) => [r.address, r.rejected])).toEqual([
      [testKeys.alice.address, true],
      [testKeys.alice.address, false],
    ]);
    // the deal is gone; the offer's own deadline starts again from the escape
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText(`Offer 1: you can take back the 0 base units its vault holds and close it from ${iso(deadline + 30 * 86_400_000)}.`);
  } finally {
    await localnet.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the proof of escrow offers the escape kit as a file to save: the very page above', async ({ page }) => {
  await page.goto('/proof-of-escrow');
  const kit = page.getByTestId('escape-kit');
  await expect(kit).toContainText('30 days after a deal’s or an offer’s last action');
  const [download] = await Promise.all([page.waitForEvent('download'), kit.getByRole('link', { name: 'save the escape kit' }).click()]);
  expect(download.suggestedFilename()).toBe('jelly-escape.html');
  const saved = join(mkdtempSync(join(tmpdir(), 'jelly-escape-download-')), 'jelly-escape.html');
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(readFileSync(join(e2eWebDist, 'escape.html')))).toBe(true);
  rmSync(saved, { force: true });
});
