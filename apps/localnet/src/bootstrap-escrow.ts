import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PublicKey, Transaction, type Keypair } from '@solana/web3.js';
import { decodeConfig, findConfigPda, initializeConfigInstruction, PROGRAM_ID } from '@jelly/escrow';
import type { LocalnetChain } from './chain/localnet-chain.ts';
import { submitTransaction } from './chain/submit-transaction.ts';
import type { Logger } from './bootstrap.ts';

export const BPF_LOADER_UPGRADEABLE_ID = 'BPFLoaderUpgradeab1e11111111111111111111111';
// ProgramData: u32 state (3), u64 deploy slot, Option<Pubkey> upgrade authority, then the ELF.
const PROGRAM_DATA_AUTHORITY_OFFSET = 12;

export interface EscrowDeployment {
  programId: PublicKey;
  config: PublicKey;
}

function resolveProgramFile(): string | null {
  try {
    return createRequire(import.meta.url).resolve('@jelly/escrow/program');
  } catch {
    return null;
  }
}

/**
 * Deploys the program as the upgradeable loader does, with the admin as upgrade authority (the program
 * lets only its upgrade authority initialise the config).
 */
function deployProgram(chain: LocalnetChain, programId: PublicKey, elf: Uint8Array, admin: PublicKey): void {
  chain.svm.addProgram(programId.toBytes(), elf);
  const program = chain.getAccount(programId.toBase58());
  if (!program || program.owner !== BPF_LOADER_UPGRADEABLE_ID) return;
  const programData = new PublicKey(program.data.subarray(4, 36)).toBase58();
  const account = chain.getAccount(programData);
  if (!account) return;
  const data = new Uint8Array(account.data);
  data[PROGRAM_DATA_AUTHORITY_OFFSET] = 1;
  data.set(admin.toBytes(), PROGRAM_DATA_AUTHORITY_OFFSET + 1);
  chain.setAccount(programData, { ...account, data });
}

/**
 * Loads the escrow program (on every start: the .so in the repo is the source of truth) and initialises
 * its Config with the admin as admin and treasury, once. Skipped with a warning while the program is not built.
 */
export function bootstrapEscrow(chain: LocalnetChain, admin: Keypair, log: Logger): EscrowDeployment | null {
  const programFile = resolveProgramFile();
  if (!programFile) {
    log('escrow program not built yet (packages/escrow/program/jelly_escrow.so missing): skipping its deployment');
    return null;
  }
  deployProgram(chain, PROGRAM_ID, readFileSync(programFile), admin.publicKey);
  const [config] = findConfigPda();
  const existing = chain.getAccount(config.toBase58());
  if (existing === null) {
    // The program's defaults (fee 25 bps, daily fill limit, cooldown) come with the instruction builder.
    const instruction = initializeConfigInstruction({ admin: admin.publicKey, treasury: admin.publicKey });
    const tx = new Transaction({ feePayer: admin.publicKey, recentBlockhash: chain.ledger.latest.blockhash }).add(instruction);
    tx.sign(admin);
    submitTransaction(chain, tx.serialize(), { skipPreflight: false });
    log('initialised the escrow config', { programId: PROGRAM_ID.toBase58(), config: config.toBase58() });
  } else {
    const configAdmin = decodeConfig(existing.data).admin;
    if (!configAdmin.equals(admin.publicKey)) {
      log('the escrow config on this ledger names another admin than the configured admin key', {
        configAdmin: configAdmin.toBase58(),
        admin: admin.publicKey.toBase58(),
      });
    }
  }
  return { programId: PROGRAM_ID, config };
}
