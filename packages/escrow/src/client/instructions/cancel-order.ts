import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { findConfigPda, findOrderPda } from '../pda.ts';
import { instruction, instructionData, parse, programId, pubkey, readonly, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  /** The order's creator, or the admin itself. */
  authority: pubkey,
  orderId: u64,
  programId,
});
export type CancelOrderParams = z.input<typeof schema>;

/** cancel_order: stops further locks on an order with no open ticket. Signers: admin and authority. */
export function cancelOrderInstruction(params: CancelOrderParams): TransactionInstruction {
  const p = parse(schema, params, 'cancel_order');
  const [config] = findConfigPda(p.programId);
  const [order] = findOrderPda(p.orderId, p.programId);
  return instruction(
    p.programId,
    [readonly(p.admin, true), readonly(p.authority, true), readonly(config), writable(order)],
    instructionData('cancel_order'),
  );
}
