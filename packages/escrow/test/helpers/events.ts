// Event assertions: our parser and Anchor's BorshCoder read the same logs.
import { BorshCoder, type Idl } from '@coral-xyz/anchor';
import { parseEvents, type EscrowEvent } from '../../src/client/index.ts';
import idlJson from '../../idl/jelly_escrow.json' with { type: 'json' };
import type { PublicKey } from '@solana/web3.js';

export const idl = idlJson as unknown as Idl;
export const coder = new BorshCoder(idl);

export function events(logs: readonly string[], programId: PublicKey): EscrowEvent[] {
  return parseEvents(logs, programId);
}

/** Anchor's decoding of every "Program data:" line (no call-stack filtering). */
export function anchorEvents(logs: readonly string[]): { name: string; data: Record<string, unknown> }[] {
  return logs
    .filter((line) => line.startsWith('Program data: '))
    .map((line) => coder.events.decode(line.slice('Program data: '.length)))
    .filter((e): e is NonNullable<typeof e> => e !== null)
    .map((e) => ({ name: e.name, data: e.data as Record<string, unknown> }));
}
