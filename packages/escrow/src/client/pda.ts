// Program-derived addresses. Each helper returns [address, bump]; the bump goes into instruction data
// so the program can verify the address with one create_program_address instead of a search.
import { PublicKey } from '@solana/web3.js';
import { BPF_LOADER_UPGRADEABLE_ID, PROGRAM_ID, SEEDS } from './constants.ts';
import { u64Bytes } from './codec.ts';

export type Pda = [address: PublicKey, bump: number];

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

/** ["config"] */
export function findConfigPda(programId: PublicKey = PROGRAM_ID): Pda {
  return PublicKey.findProgramAddressSync([text(SEEDS.config)], programId);
}

/** ["order", order_id u64 LE] — the on-chain mirror of an off-chain offer. */
export function findOrderPda(orderId: bigint | number, programId: PublicKey = PROGRAM_ID): Pda {
  return PublicKey.findProgramAddressSync([text(SEEDS.order), u64Bytes(orderId)], programId);
}

/** ["ticket", order, ticket_id u64 LE] — one deal (child order) on an offer. */
export function findTicketPda(order: PublicKey, ticketId: bigint | number, programId: PublicKey = PROGRAM_ID): Pda {
  return PublicKey.findProgramAddressSync([text(SEEDS.ticket), order.toBytes(), u64Bytes(ticketId)], programId);
}

/** ["vault", order] — the SPL token account holding the order's escrowed tokens; its authority is the order PDA. */
export function findVaultPda(order: PublicKey, programId: PublicKey = PROGRAM_ID): Pda {
  return PublicKey.findProgramAddressSync([text(SEEDS.vault), order.toBytes()], programId);
}

/** The upgradeable loader's ProgramData account of a program (checked by initialize_config). */
export function findProgramDataAddress(programId: PublicKey = PROGRAM_ID): PublicKey {
  return PublicKey.findProgramAddressSync([programId.toBytes()], BPF_LOADER_UPGRADEABLE_ID)[0];
}
