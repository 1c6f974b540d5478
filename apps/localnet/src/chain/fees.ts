import type { VersionedMessage } from '@solana/web3.js';

export const LAMPORTS_PER_SIGNATURE = 5000;

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);
// Builtin programs get a default of 3,000 compute units per instruction, BPF programs 200,000.
const BUILTINS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
  ...PRECOMPILES,
]);
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/**
 * The fee a cluster charges for a message: 5,000 lamports per signature (transaction and precompile
 * signatures) plus the priority fee, ceil(compute-unit price × compute-unit limit / 10^6).
 */
export function feeForMessage(message: VersionedMessage): number {
  const programOf = (programIdIndex: number): string =>
    message.staticAccountKeys[programIdIndex]?.toBase58() ?? '';
  let signatures = message.header.numRequiredSignatures;
  let explicitLimit: number | null = null;
  let microLamportsPerUnit = 0n;
  let defaultLimit = 0;
  for (const instruction of message.compiledInstructions) {
    const program = programOf(instruction.programIdIndex);
    const data = instruction.data;
    defaultLimit += BUILTINS.has(program) ? 3_000 : 200_000;
    if (PRECOMPILES.has(program) && data.length > 0) signatures += data[0] ?? 0;
    if (program !== COMPUTE_BUDGET_PROGRAM || data.length === 0) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) explicitLimit = view.getUint32(1, true);
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
  }
  const limit = BigInt(Math.min(explicitLimit ?? defaultLimit, MAX_COMPUTE_UNIT_LIMIT));
  const priority = (microLamportsPerUnit * limit + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  return signatures * LAMPORTS_PER_SIGNATURE + Number(priority);
}
