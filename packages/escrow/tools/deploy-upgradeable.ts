// Deploys a program shared object into LiteSVM through the upgradeable BPF loader's own instructions, the way
// `solana program deploy` does on a real cluster: create + InitializeBuffer, Write in chunks, then create the
// program account + DeployWithMaxDataLen. Unlike `addProgram`, this runs the loader's full ELF checks
// (reject_broken_elfs, syscall resolution, verifier), so it proves a build is deployable.

import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  getTransactionMessageSize,
  getTransactionMessageSizeLimit,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';

/** An instruction whose signer accounts carry their signer, so kit can sign the transaction. */
type Ix = Instruction<string, readonly (AccountMeta | AccountSignerMeta)[]>;

export const BPF_LOADER_UPGRADEABLE_ID = address('BPFLoaderUpgradeab1e11111111111111111111111');
const SYSTEM_PROGRAM_ID = address('11111111111111111111111111111111');
const SYSVAR_RENT_ID = address('SysvarRent111111111111111111111111111111111');
const SYSVAR_CLOCK_ID = address('SysvarC1ock11111111111111111111111111111111');

// UpgradeableLoaderState sizes (solana-loader-v3-interface): enum tag + fields, bincode.
const BUFFER_METADATA_SIZE = 37; // u32 tag + Option<Pubkey> authority
const PROGRAM_ACCOUNT_SIZE = 36; // u32 tag + programdata address
const PROGRAMDATA_METADATA_SIZE = 45; // u32 tag + u64 slot + Option<Pubkey> upgrade authority

export interface UpgradeableDeployment {
  programId: Address;
  programDataAddress: Address;
  bufferAddress: Address;
  /** Transactions sent: buffer creation, one per Write chunk, and the deploy. */
  transactionCount: number;
  writeChunkSize: number;
}

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

function u64(value: bigint | number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function createAccount(payer: KeyPairSigner, account: KeyPairSigner, lamports: bigint, space: number, owner: Address): Ix {
  return {
    programAddress: SYSTEM_PROGRAM_ID,
    accounts: [
      { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
      { address: account.address, role: AccountRole.WRITABLE_SIGNER, signer: account },
    ],
    data: concat(u32(0), u64(lamports), u64(space), getAddressEncoder().encode(owner) as Uint8Array),
  };
}

function initializeBuffer(buffer: Address, authority: Address): Ix {
  return {
    programAddress: BPF_LOADER_UPGRADEABLE_ID,
    accounts: [
      { address: buffer, role: AccountRole.WRITABLE },
      { address: authority, role: AccountRole.READONLY },
    ],
    data: u32(0),
  };
}

function write(buffer: Address, authority: KeyPairSigner, offset: number, bytes: Uint8Array): Ix {
  return {
    programAddress: BPF_LOADER_UPGRADEABLE_ID,
    accounts: [
      { address: buffer, role: AccountRole.WRITABLE },
      { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
    ],
    data: concat(u32(1), u32(offset), u64(bytes.length), bytes),
  };
}

function deployWithMaxDataLen(
  payer: KeyPairSigner,
  programData: Address,
  program: Address,
  buffer: Address,
  maxDataLen: number,
): Ix {
  return {
    programAddress: BPF_LOADER_UPGRADEABLE_ID,
    accounts: [
      { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
      { address: programData, role: AccountRole.WRITABLE },
      { address: program, role: AccountRole.WRITABLE },
      { address: buffer, role: AccountRole.WRITABLE },
      { address: SYSVAR_RENT_ID, role: AccountRole.READONLY },
      { address: SYSVAR_CLOCK_ID, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM_ID, role: AccountRole.READONLY },
      { address: payer.address, role: AccountRole.READONLY_SIGNER, signer: payer },
    ],
    data: concat(u32(2), u64(maxDataLen)),
  };
}

function message(svm: LiteSVM, payer: KeyPairSigner, instructions: Ix[]) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
}

async function send(svm: LiteSVM, payer: KeyPairSigner, instructions: Ix[], what: string): Promise<TransactionMetadata> {
  const transaction = await signTransactionMessageWithSigners(message(svm, payer, instructions));
  const result = svm.sendTransaction(transaction);
  if (result instanceof FailedTransactionMetadata) {
    throw new Error(`${what} failed: ${result.toString()}\n${result.meta().logs().join('\n')}`);
  }
  return result;
}

/** The largest Write chunk whose transaction still fits the packet size limit. */
function writeChunkSize(svm: LiteSVM, payer: KeyPairSigner, buffer: Address): number {
  const empty = message(svm, payer, [write(buffer, payer, 0, new Uint8Array())]);
  // +1: the data length prefix (compact-u16) grows from one to two bytes once the data exceeds 127 bytes.
  return getTransactionMessageSizeLimit(empty) - getTransactionMessageSize(empty) - 1;
}

/**
 * Deploys `soBytes` at `programKeypair`'s address with `payer` as fee payer and upgrade authority.
 * The program can be invoked from the next slot on (the loader's deployment visibility rule), so this
 * advances LiteSVM by one slot after the deploy.
 */
export async function deployUpgradeable(
  svm: LiteSVM,
  payer: KeyPairSigner,
  programKeypair: KeyPairSigner,
  soBytes: Uint8Array,
  options: { bufferKeypair?: KeyPairSigner; maxDataLen?: number } = {},
): Promise<UpgradeableDeployment> {
  const buffer = options.bufferKeypair ?? (await generateKeyPairSigner());
  const maxDataLen = options.maxDataLen ?? soBytes.length;
  if (maxDataLen < soBytes.length) throw new Error(`maxDataLen ${maxDataLen} is smaller than the program (${soBytes.length} bytes)`);
  const [programData] = await getProgramDerivedAddress({
    programAddress: BPF_LOADER_UPGRADEABLE_ID,
    seeds: [getAddressEncoder().encode(programKeypair.address)],
  });
  const rent = (size: number) => svm.minimumBalanceForRentExemption(BigInt(size));

  let transactionCount = 0;
  const bufferSize = BUFFER_METADATA_SIZE + soBytes.length;
  await send(
    svm,
    payer,
    [createAccount(payer, buffer, rent(bufferSize), bufferSize, BPF_LOADER_UPGRADEABLE_ID), initializeBuffer(buffer.address, payer.address)],
    'creating the program buffer',
  );
  transactionCount++;

  const chunkSize = writeChunkSize(svm, payer, buffer.address);
  for (let offset = 0; offset < soBytes.length; offset += chunkSize) {
    const chunk = soBytes.subarray(offset, offset + chunkSize);
    await send(svm, payer, [write(buffer.address, payer, offset, chunk)], `writing bytes ${offset}..${offset + chunk.length}`);
    transactionCount++;
  }

  await send(
    svm,
    payer,
    [
      createAccount(payer, programKeypair, rent(PROGRAM_ACCOUNT_SIZE), PROGRAM_ACCOUNT_SIZE, BPF_LOADER_UPGRADEABLE_ID),
      deployWithMaxDataLen(payer, programData, programKeypair.address, buffer.address, maxDataLen),
    ],
    'deploying the program',
  );
  transactionCount++;
  svm.warpToSlot(svm.getClock().slot + 1n);

  return {
    programId: programKeypair.address,
    programDataAddress: programData,
    bufferAddress: buffer.address,
    transactionCount,
    writeChunkSize: chunkSize,
  };
}

export const UPGRADEABLE_LOADER_SIZES = { BUFFER_METADATA_SIZE, PROGRAM_ACCOUNT_SIZE, PROGRAMDATA_METADATA_SIZE };
