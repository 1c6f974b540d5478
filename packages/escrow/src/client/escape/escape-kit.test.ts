// The escape kit's reading and decisions against a LiteSVM chain: the wallet filters find exactly the wallet's
// deals and offers in the program's real accounts, each gets its sentence and date, and the instructions it plans,
// signed by the wallet alone once the chain's clock passes the deadline, bring every token back to the base unit.
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ESCAPE_AFTER_SECONDS } from '../index.ts';
import { toAddress } from '../../../test/helpers/chain.ts';
import { Escrow, expectedFee } from '../../../test/helpers/escrow.ts';
import { partiesResolve } from '../../../test/helpers/escape.ts';
import { escapePlan, type EscapeSource } from './index.ts';

/** The chain as the kit sees it over RPC: getProgramAccounts with its filters applied to the accounts' bytes. */
function liteSvmSource(escrow: Escrow): EscapeSource {
  return {
    async programAccounts(programId, filters) {
      return escrow.chain.svm
        .getProgramAccounts(toAddress(programId))
        .map((a) => ({ pubkey: new PublicKey(a.address), data: new Uint8Array(a.data) }))
        .filter(({ data }) =>
          filters.every((f) => {
            if ('dataSize' in f) return data.length === f.dataSize;
            const bytes = bs58.decode(f.memcmp.bytes);
            return Buffer.from(data.subarray(f.memcmp.offset, f.memcmp.offset + bytes.length)).equals(Buffer.from(bytes));
          }),
        );
    },
    async accounts(keys) {
      return keys.map((key) => escrow.chain.account(key)?.data ?? null);
    },
    async unixTime() {
      return escrow.chain.now();
    },
  };
}

describe('the escape kit on a chain whose admin is gone', () => {
  it('lists each wallet\'s deals and offers with what it may do and when, then recovers every token', async () => {
    const escrow = new Escrow({ feeBps: 25 });
    const seller = escrow.trader(1_000_000_000n);
    const [abandoner, paid, disputer] = [escrow.trader(), escrow.trader(), escrow.trader()];
    const deal = (orderId: bigint, ticketId: bigint, buyer: typeof seller, amount: bigint) =>
      escrow.sellDeal({ orderId, ticketId, seller, buyer, amount, offerAmount: 600_000_000n });
    const abandoned = deal(1n, 1n, abandoner, 100_000_000n);
    const released = deal(1n, 2n, paid, 200_000_001n);
    const contested = deal(1n, 3n, disputer, 50_000_000n);
    const idle = deal(2n, 1n, paid, 7n);
    for (const d of [abandoned, released, contested, idle]) expect(escrow.lock(d).ok).toBe(true);
    expect(escrow.sign(released, seller, false).ok).toBe(true);
    expect(escrow.sign(contested, disputer, false).ok).toBe(true);
    expect(escrow.cancel(idle).ok).toBe(true);
    escrow.chain.createTokenAccount(escrow.mint, escrow.orderPda(2n), 5n, escrow.vault(2n)); // stray tokens
    // from here on nobody uses the admin's key
    const source = liteSvmSource(escrow);
    const plan = (wallet: typeof seller) => escapePlan(source, wallet.publicKey, escrow.programId);
    const deadline = (d: typeof abandoned) => escrow.ticket(d.orderId, d.ticketId).updatedAt + BigInt(DEFAULT_ESCAPE_AFTER_SECONDS);

    const early = await plan(seller);
    expect(early.map((i) => [i.kind, i.address.toBase58(), i.availableAt])).toEqual([
      ['deal', escrow.ticketPda(1n, 1n).toBase58(), deadline(abandoned)],
      ['deal', escrow.ticketPda(1n, 2n).toBase58(), null],
      ['deal', escrow.ticketPda(1n, 3n).toBase58(), null],
      ['offer', escrow.orderPda(1n).toBase58(), null],
      ['offer', escrow.orderPda(2n).toBase58(), escrow.order(2n).updatedAt + BigInt(DEFAULT_ESCAPE_AFTER_SECONDS)],
    ]);
    const at = new Date(Number(deadline(abandoned)) * 1000).toISOString();
    expect(early[0]?.sentence).toBe(`Deal 1: the buyer never marked it paid; you can take back 100000000 base units from ${at}.`);
    expect(early[2]?.sentence).toMatch(/nothing moves alone/);
    expect(early[3]?.sentence).toBe('Offer 1: 3 deal(s) still open; take those back first, then the offer can be closed.');
    const [payout] = await plan(paid);
    expect(payout?.sentence).toMatch(/^Deal 2: the seller released 200000001 base units; you can take the payout \(less the fee\) from /);
    const [waiting] = await plan(abandoner);
    expect(waiting?.availableAt).toBeNull();

    escrow.chain.advance(BigInt(DEFAULT_ESCAPE_AFTER_SECONDS));
    const send = async (wallet: typeof seller, address: PublicKey) => {
      const item = (await plan(wallet)).find((i) => i.address.equals(address));
      expect(item?.sentence).toMatch(/ now\.$/);
      const result = escrow.chain.send(item!.instructions!(), [wallet]);
      expect(result.ok, result.logs.join('\n')).toBe(true);
    };
    await send(seller, escrow.ticketPda(1n, 1n));
    await send(paid, escrow.ticketPda(1n, 2n));
    await send(seller, escrow.orderPda(2n));
    // the contested deal needs both parties: the kit never lets one of them take it alone
    expect((await plan(seller)).find((i) => i.address.equals(escrow.ticketPda(1n, 3n)))?.instructions).toBeUndefined();
    expect(partiesResolve(escrow, contested, true).ok).toBe(true);

    const fee = expectedFee(released.amount, 25) + expectedFee(contested.amount, 25);
    expect(escrow.balance(seller.publicKey)).toBe(1_000_000_000n - released.amount - contested.amount + 5n);
    expect(escrow.balance(paid.publicKey)).toBe(released.amount - expectedFee(released.amount, 25));
    expect(escrow.balance(disputer.publicKey)).toBe(contested.amount - expectedFee(contested.amount, 25));
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
    expect(escrow.vaultBalance(1n)).toBe(0n);
    expect(escrow.chain.account(escrow.orderPda(2n))).toBeNull();
    expect((await plan(paid)).map((i) => i.kind)).toEqual([]);
  });
});
