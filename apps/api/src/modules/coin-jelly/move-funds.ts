import type { JellyCoin } from '@jelly/contracts';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import type { ChargeTo, GateContext, PlatformKey } from '../../chain/gate/index.ts';
import { existingTokenAccount, sendThroughGate } from './keypair-desk.ts';

/**
 * Moves `amount` (SOL: lamports) of `coin` out of a deposit address to `to`, through the platform gate, the admin
 * paying the fee (so a deposit can be emptied to the last unit). With `closeTo`, the deposit token account is
 * closed and its rent goes there (whoever paid it: rent-return.ts). A token account is opened for `to` only when `to`
 * is the platform's own treasury; anyone else must have one already. Resolves with the confirmed signature.
 */
export async function sendFromDeposit(
  gate: GateContext,
  deposit: PlatformKey,
  coin: JellyCoin,
  to: PublicKey,
  amount: bigint,
  options: { closeTo?: PublicKey; kind: string; reference: string; ownerRef: string; chargeTo: ChargeTo; treasury?: PublicKey },
): Promise<{ signature: string; slot: number }> {
  const admin = gate.chain.admin.publicKey;
  const instructions: TransactionInstruction[] = [];
  if (!coin.mint) {
    instructions.push(SystemProgram.transfer({ fromPubkey: deposit.publicKey, toPubkey: to, lamports: amount }));
  } else {
    const mint = new PublicKey(coin.mint);
    const source = getAssociatedTokenAddressSync(mint, deposit.publicKey);
    const toTreasury = options.treasury?.equals(to) ?? false;
    const dest = toTreasury ? getAssociatedTokenAddressSync(mint, to) : await existingTokenAccount(gate, { ...coin, mint: coin.mint }, to);
    if (toTreasury) instructions.push(createAssociatedTokenAccountIdempotentInstruction(admin, dest, to, mint));
    instructions.push(createTransferCheckedInstruction(source, mint, dest, deposit.publicKey, amount, coin.decimals));
    if (options.closeTo) instructions.push(createCloseAccountInstruction(source, options.closeTo, deposit.publicKey));
  }
  return sendThroughGate(gate, [deposit], instructions, {
    kind: options.kind,
    reference: options.reference,
    ownerRef: options.ownerRef,
    chargeTo: options.chargeTo,
    intended: coin.mint ? [] : [{ key: deposit, lamports: amount }],
    platformOwners: options.treasury ? [options.treasury] : [],
  });
}
