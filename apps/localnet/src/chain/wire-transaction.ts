import { createPublicKey, verify } from 'node:crypto';
import { VersionedMessage, type PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';

/** The largest serialised transaction a Solana node accepts (an IPv6 MTU minus headers). */
export const PACKET_DATA_SIZE = 1232;

export interface WireTransaction {
  readonly bytes: Uint8Array;
  readonly signatures: readonly Uint8Array[];
  /** The first signature, base58: the transaction id. */
  readonly signature: string;
  readonly messageBytes: Uint8Array;
  readonly message: VersionedMessage;
  readonly version: 'legacy' | number;
}

function readShortVec(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0;
  for (let size = 0; size < 3; size += 1) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new Error('unexpected end of data');
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  throw new Error('invalid compact-u16');
}

/** Parses a wire transaction (legacy or versioned); throws an RPC invalid-params error when it cannot. */
export function decodeWireTransaction(bytes: Uint8Array): WireTransaction {
  if (bytes.length > PACKET_DATA_SIZE) {
    throw new RpcError(
      RPC_ERROR.invalidParams,
      `transaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  }
  try {
    const { value: count, size } = readShortVec(bytes, 0);
    const messageOffset = size + count * 64;
    if (count === 0 || messageOffset >= bytes.length) throw new Error('missing signatures or message');
    const signatures: Uint8Array[] = [];
    for (let i = 0; i < count; i += 1) signatures.push(bytes.slice(size + i * 64, size + (i + 1) * 64));
    const messageBytes = bytes.slice(messageOffset);
    const message = VersionedMessage.deserialize(messageBytes);
    if (signatures.length !== message.header.numRequiredSignatures) {
      throw new RpcError(RPC_ERROR.signatureLenMismatch, 'Transaction signature length mismatch');
    }
    return {
      bytes,
      signatures,
      signature: bs58.encode(signatures[0] as Uint8Array),
      messageBytes,
      message,
      version: message.version,
    };
  } catch (error) {
    if (error instanceof RpcError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RpcError(
      RPC_ERROR.invalidParams,
      `failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: ${reason}`,
    );
  }
}

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function verifyEd25519(publicKey: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey.toBuffer()]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, message, key, signature);
}

/** True when every required signature is a valid ed25519 signature of the message by its signer. */
export function hasValidSignatures(tx: WireTransaction): boolean {
  const keys = tx.message.staticAccountKeys;
  return tx.signatures.every((signature, index) => {
    const key = keys[index];
    return key !== undefined && verifyEd25519(key, tx.messageBytes, signature);
  });
}

/** The account keys a transaction loads, in runtime order: static keys, then lookup-table writable, then readonly. */
export interface ResolvedAccountKeys {
  readonly keys: readonly string[];
  readonly writable: readonly boolean[];
  readonly signer: readonly boolean[];
  readonly loaded: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
}

// Address lookup table accounts hold a 56-byte header, then the 32-byte addresses.
const LOOKUP_TABLE_META_SIZE = 56;

export function resolveAccountKeys(
  message: VersionedMessage,
  readAccountData: (address: string) => Uint8Array | null,
): ResolvedAccountKeys {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = message.header;
  const staticKeys = message.staticAccountKeys.map((key) => key.toBase58());
  const keys = [...staticKeys];
  const writable = staticKeys.map((_, i) =>
    i < numRequiredSignatures
      ? i < numRequiredSignatures - numReadonlySignedAccounts
      : i < staticKeys.length - numReadonlyUnsignedAccounts,
  );
  const signer = staticKeys.map((_, i) => i < numRequiredSignatures);
  const loadedWritable: string[] = [];
  const loadedReadonly: string[] = [];
  for (const lookup of message.addressTableLookups) {
    const data = readAccountData(lookup.accountKey.toBase58());
    const pick = (index: number): string | null => {
      const start = LOOKUP_TABLE_META_SIZE + index * 32;
      if (!data || start + 32 > data.length) return null;
      return bs58.encode(data.subarray(start, start + 32));
    };
    for (const index of lookup.writableIndexes) {
      const address = pick(index);
      if (address) loadedWritable.push(address);
    }
    for (const index of lookup.readonlyIndexes) {
      const address = pick(index);
      if (address) loadedReadonly.push(address);
    }
  }
  for (const address of loadedWritable) {
    keys.push(address);
    writable.push(true);
    signer.push(false);
  }
  for (const address of loadedReadonly) {
    keys.push(address);
    writable.push(false);
    signer.push(false);
  }
  return { keys, writable, signer, loaded: { writable: loadedWritable, readonly: loadedReadonly } };
}
