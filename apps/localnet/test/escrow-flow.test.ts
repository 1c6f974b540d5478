import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import {
  acceptOfferAndLockInstruction,
  decodeFillTicket,
  findOrderPda,
  findTicketPda,
  findVaultPda,
  parseEvents,
  signUniversalTicketInstruction,
} from '@jelly/escrow';
import { describe, expect, it } from 'vitest';
import { startTestLocalnet, tempDataDir } from './helpers.ts';

describe('the escrow program on the localnet', () => {
  it('locks a deal, keeps the vault across a restart, then settles it with both signatures', async () => {
    const dataDir = tempDataDir();
    const admin = Keypair.generate();
    const seller = Keypair.generate();
    const buyer = Keypair.generate();
    const first = await startTestLocalnet({ dataDir, admin });
    const usdc = first.localnet.mints.USDC;
    await first.localnet.faucet(seller.publicKey, { sol: BigInt(LAMPORTS_PER_SOL), usdc: 150_000_000n });
    await first.localnet.faucet(buyer.publicKey, { sol: BigInt(LAMPORTS_PER_SOL), usdc: 1n });

    const orderId = 41n;
    const ticketId = 7n;
    const lock = await sendAndConfirmTransaction(
      first.connection,
      new Transaction().add(
        acceptOfferAndLockInstruction({
          admin: admin.publicKey,
          locker: seller.publicKey,
          mint: usdc,
          orderId,
          ticketId,
          cryptoAmount: 100_000_000n,
          fiatAmount: 9_200n,
          isSellOrder: true,
          creator: seller.publicKey,
          fiatGuy: buyer.publicKey,
          offerAmount: 100_000_000n,
        }),
      ),
      [admin, seller],
    );
    const [order] = findOrderPda(orderId);
    const [vault] = findVaultPda(order);
    const [ticket] = findTicketPda(order, ticketId);
    expect((await getAccount(first.connection, vault)).amount).toBe(100_000_000n);
    const lockTx = await first.connection.getTransaction(lock, { maxSupportedTransactionVersion: 0 });
    expect(parseEvents(lockTx?.meta?.logMessages ?? []).map((event) => event.name)).toContain('OfferAccepted');
    await first.close();

    const second = await startTestLocalnet({ dataDir, admin });
    try {
      expect((await getAccount(second.connection, vault)).amount).toBe(100_000_000n);
      const ticketState = decodeFillTicket((await second.connection.getAccountInfo(ticket))!.data);
      expect(ticketState.amount).toBe(100_000_000n);

      // the fiat side marks paid (first signature), the crypto side confirms (second: settles)
      await sendAndConfirmTransaction(
        second.connection,
        new Transaction().add(signUniversalTicketInstruction({ admin: admin.publicKey, signer: buyer.publicKey, orderId, ticketId })),
        [admin, buyer],
      );
      const settle = await sendAndConfirmTransaction(
        second.connection,
        new Transaction().add(
          signUniversalTicketInstruction({
            admin: admin.publicKey,
            signer: seller.publicKey,
            orderId,
            ticketId,
            settlement: { mint: usdc, fiatGuy: buyer.publicKey, treasury: admin.publicKey },
          }),
        ),
        [admin, seller],
      );
      const buyerUsdc = getAssociatedTokenAddressSync(usdc, buyer.publicKey);
      const treasuryUsdc = getAssociatedTokenAddressSync(usdc, admin.publicKey);
      // 25 bps fee: 250,000 to the treasury, the rest to the buyer
      expect((await getAccount(second.connection, buyerUsdc)).amount).toBe(1n + 99_750_000n);
      expect((await getAccount(second.connection, treasuryUsdc)).amount).toBe(250_000n);
      expect((await getAccount(second.connection, vault)).amount).toBe(0n);
      const settleTx = await second.connection.getTransaction(settle, { maxSupportedTransactionVersion: 0 });
      const settled = parseEvents(settleTx?.meta?.logMessages ?? []).find((event) => event.name === 'TicketSettled');
      expect(settled?.data).toMatchObject({ amount: 100_000_000n, feeAmount: 250_000n, netAmount: 99_750_000n });
    } finally {
      await second.dispose();
    }
  });
});
