// The operator command's program steps: deploy, upgrade, reclaim-buffers. Each prints what it will do and its cost,
// then asks (unless --yes); each is idempotent: deploying or upgrading to the bytes already deployed changes nothing.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LAMPORTS_PER_SOL, type Connection, type Keypair, type PublicKey } from '@solana/web3.js';
import { deployOverRpc, deployRent, deployedState } from './deploy-rpc.ts';
import { BUFFER_METADATA_SIZE } from './loader-instructions.ts';
import { programSha256 } from '../../src/program-hash.ts';
import { extensionFor, findBuffers, reclaimBuffers, upgradeOverRpc } from './upgrade-rpc.ts';

const DEFAULT_PROGRAM = fileURLToPath(new URL('../../program/jelly_escrow.so', import.meta.url));

export const sol = (lamports: bigint | number) => `${(Number(lamports) / LAMPORTS_PER_SOL).toFixed(6)} SOL`;

export interface ProgramStep {
  connection: Connection;
  authority: Keypair;
  programId: PublicKey;
  out: (line: string) => void;
  ask: (question: string) => Promise<boolean>;
}

const readSo = (file: string | undefined) => readFileSync(file ?? DEFAULT_PROGRAM);

/** Mentions buffers an interrupted run left behind, so their rent is not forgotten. */
async function noteLeftovers(step: ProgramStep): Promise<void> {
  const buffers = await findBuffers(step.connection, step.authority.publicKey);
  if (buffers.length === 0) return;
  const rent = buffers.reduce((sum, b) => sum + b.lamports, 0n);
  step.out(`note: ${buffers.length} buffer(s) of an earlier interrupted run hold ${sol(rent)}; run reclaim-buffers to close them`);
}

export async function deployCommand(step: ProgramStep, program: Keypair | null, options: { so?: string; maxLen?: number }): Promise<number> {
  if (!program) throw new Error('deploy needs --program-keypair (the key of the program address)');
  const so = readSo(options.so);
  const state = await deployedState(step.connection, step.programId, so);
  if (state.kind === 'same') {
    step.out(`already deployed: the program's bytes equal the ${so.length} bytes given (sha256 ${programSha256(so)}); nothing to do`);
    return 0;
  }
  if (state.kind !== 'absent') {
    const held = state.kind === 'different' ? 'other program bytes (use upgrade)' : 'an account that is not an upgradeable program';
    step.out(`refusing: ${step.programId.toBase58()} already holds ${held}`);
    return 1;
  }
  await noteLeftovers(step);
  const maxDataLen = options.maxLen ?? so.length * 2;
  const rent = await deployRent(step.connection, so.length, maxDataLen);
  step.out(`will deploy ${so.length} bytes (sha256 ${programSha256(so)}, room for ${maxDataLen}) with ${step.authority.publicKey.toBase58()} as upgrade authority`);
  step.out(`cost: about ${sol(rent)} of rent (the buffer's returns after the deploy) plus transaction fees`);
  if (!(await step.ask('Deploy?'))) return 1;
  const done = await deployOverRpc(step.connection, step.authority, program, so, { maxDataLen, onProgress: step.out });
  step.out(`deployed ${done.programId.toBase58()} in ${done.transactionCount} transactions; spent ${sol(done.lamportsSpent)}`);
  step.out(`verified: the deployed bytes' sha256 is ${done.sha256}, the file's`);
  return 0;
}

export async function upgradeCommand(step: ProgramStep, options: { so?: string }): Promise<number> {
  const so = readSo(options.so);
  const state = await deployedState(step.connection, step.programId, so);
  if (state.kind === 'absent' || state.kind === 'not-a-program') {
    step.out(`refusing: ${step.programId.toBase58()} holds no upgradeable program (use deploy)`);
    return 1;
  }
  if (state.kind === 'same') {
    step.out(`already deployed: the program's bytes equal the ${so.length} bytes given (sha256 ${programSha256(so)}); nothing to do`);
    return 0;
  }
  if (!state.upgradeAuthority?.equals(step.authority.publicKey)) {
    const who = state.upgradeAuthority ? state.upgradeAuthority.toBase58() : 'nobody (the program is immutable)';
    step.out(`refusing: the upgrade authority is ${who}, not the signer ${step.authority.publicKey.toBase58()}`);
    return 1;
  }
  await noteLeftovers(step);
  const grow = extensionFor(so.length, state.room);
  const bufferRent = BigInt(await step.connection.getMinimumBalanceForRentExemption(BUFFER_METADATA_SIZE + so.length));
  step.out(`will upgrade ${step.programId.toBase58()} to ${so.length} bytes (sha256 ${programSha256(so)}), room ${state.room}${grow > 0 ? `, growing it by ${grow} bytes` : ''}`);
  step.out(`cost: about ${sol(bufferRent)} of buffer rent while it runs (it comes back with the upgrade) plus transaction fees${grow > 0 ? ' and the rent of the extra room' : ''}`);
  if (!(await step.ask('Upgrade?'))) return 1;
  const done = await upgradeOverRpc(step.connection, step.authority, { programId: step.programId, programData: state.programData, room: state.room }, so, step.out);
  step.out(`verified: the deployed bytes' sha256 is ${done.sha256}, the file's; spent ${sol(done.lamportsSpent)} in ${done.transactionCount} transactions`);
  return 0;
}

export async function reclaimBuffersCommand(step: ProgramStep): Promise<number> {
  const buffers = await findBuffers(step.connection, step.authority.publicKey);
  if (buffers.length === 0) {
    step.out(`no buffers with authority ${step.authority.publicKey.toBase58()}; nothing to do`);
    return 0;
  }
  const rent = buffers.reduce((sum, b) => sum + b.lamports, 0n);
  for (const b of buffers) step.out(`buffer ${b.address.toBase58()} holds ${sol(b.lamports)}`);
  step.out(`will close ${buffers.length} buffer(s) and return ${sol(rent)} to ${step.authority.publicKey.toBase58()}, less transaction fees`);
  if (!(await step.ask('Close them?'))) return 1;
  const done = await reclaimBuffers(step.connection, step.authority, buffers, step.out);
  step.out(`reclaimed ${done.closed} buffer(s): ${sol(done.lamportsReturned)} returned after fees`);
  return 0;
}
