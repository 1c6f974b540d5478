import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { findConfigPda, findOrderPda, findVaultPda } from '../pda.ts';
import { TOKEN_PROGRAM, ata, instruction, instructionData, parse, programId, pubkey, readonly, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  orderId: u64,
  mint: pubkey,
  treasury: pubkey,
  /** Who paid the order's rent (order.rentPayer); defaults to the admin. */
  rentReceiver: pubkey.optional(),
  programId,
});
export type CloseOrderParams = z.input<typeof schema>;

/** close_order: closes a finished order and its vault, rent back to its payer. Signer: admin. */
export function closeOrderInstruction(params: CloseOrderParams): TransactionInstruction {
  const p = parse(schema, params, 'close_order');
  const [config] = findConfigPda(p.programId);
  const [order] = findOrderPda(p.orderId, p.programId);
  return instruction(
    p.programId,
    [
      readonly(p.admin, true),
      readonly(config),
      writable(order),
      writable(findVaultPda(order, p.programId)[0]),
      writable(p.rentReceiver ?? p.admin),
      writable(ata(p.mint, p.treasury)),
      TOKEN_PROGRAM,
    ],
    instructionData('close_order'),
  );
}
