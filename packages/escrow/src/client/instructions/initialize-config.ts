import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { DEFAULT_CONFIG, MAX_FEE_BPS } from '../constants.ts';
import { findConfigPda, findProgramDataAddress } from '../pda.ts';
import { SYSTEM_PROGRAM, instruction, instructionData, parse, programId, pubkey, readonly, writable } from './shared.ts';

export const configSettings = {
  treasury: pubkey,
  feeBps: z.number().int().min(0).max(MAX_FEE_BPS).default(DEFAULT_CONFIG.feeBps),
  dailyFillLimit: z.number().int().min(0).max(0xffffffff).default(DEFAULT_CONFIG.dailyFillLimit),
  cooldownSeconds: z.number().int().min(0).max(0xffffffff).default(DEFAULT_CONFIG.cooldownSeconds),
};

const schema = z.object({ admin: pubkey, ...configSettings, programId });
export type InitializeConfigParams = z.input<typeof schema>;

/**
 * initialize_config(fee_bps, daily_fill_limit, cooldown_seconds, treasury, bump): creates the Config PDA once.
 * The admin signs and pays; on an upgradeable deployment it must be the program's upgrade authority.
 */
export function initializeConfigInstruction(params: InitializeConfigParams): TransactionInstruction {
  const p = parse(schema, params, 'initialize_config');
  const [config, bump] = findConfigPda(p.programId);
  const data = instructionData('initialize_config')
    .u16(p.feeBps)
    .u32(p.dailyFillLimit)
    .u32(p.cooldownSeconds)
    .pubkey(p.treasury)
    .u8(bump);
  return instruction(
    p.programId,
    [
      writable(p.admin, true),
      writable(config),
      SYSTEM_PROGRAM,
      readonly(p.programId),
      readonly(findProgramDataAddress(p.programId)),
    ],
    data,
  );
}
