import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { findConfigPda } from '../pda.ts';
import { configSettings } from './initialize-config.ts';
import { instruction, instructionData, parse, programId, pubkey, readonly, writable } from './shared.ts';

const schema = z.object({ admin: pubkey, newAdmin: pubkey.optional(), ...configSettings, programId });
export type UpdateConfigParams = z.input<typeof schema>;

/** update_config(fee_bps, daily_fill_limit, cooldown_seconds, treasury): the admin (and the new admin, if any) sign. */
export function updateConfigInstruction(params: UpdateConfigParams): TransactionInstruction {
  const p = parse(schema, params, 'update_config');
  const [config] = findConfigPda(p.programId);
  const data = instructionData('update_config').u16(p.feeBps).u32(p.dailyFillLimit).u32(p.cooldownSeconds).pubkey(p.treasury);
  return instruction(p.programId, [readonly(p.admin, true), readonly(p.newAdmin ?? p.admin, true), writable(config)], data);
}
