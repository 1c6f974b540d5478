import { MAX_TRANSACTION_BYTES } from '@jelly/contracts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { PublicKey, VersionedTransaction, type AccountMeta } from '@solana/web3.js';
import { AppError } from '../../errors.ts';

/** One instruction of the transaction with its accounts' flags as the message gives them. */
export interface ReadInstruction {
  programId: PublicKey;
  keys: AccountMeta[];
  data: Uint8Array;
}

/** A decoded transaction proposed for co-signing. */
export interface ProposedTransaction {
  tx: VersionedTransaction;
  /** The exact bytes the user's wallet signed. */
  messageBytes: Uint8Array;
  /** Every account the message names (no lookup tables: refused). */
  accountKeys: PublicKey[];
  /** The keys that must sign, in signature-slot order; [0] is the fee payer. */
  signers: PublicKey[];
  recentBlockhash: string;
  instructions: ReadInstruction[];
}

export const refused = (message: string) => new AppError('TRANSACTION_REFUSED', message);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DEFAULT_BLOCKHASH = new PublicKey(new Uint8Array(32)).toBase58();

/**
 * Decodes the base64 transaction strictly: canonical base64, at most 1232 bytes, a legacy or v0 message without
 * address lookup tables (every account must be visible to the checks), re-serialising to the same bytes, unique
 * account keys, a recent blockhash, and one signature slot per required signer.
 */
export function readTransaction(base64: string): ProposedTransaction {
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw refused('The transaction is not valid base64.');
  }
  const raw = Buffer.from(base64, 'base64');
  if (raw.length === 0) throw refused('The transaction is empty.');
  if (raw.length > MAX_TRANSACTION_BYTES) {
    throw refused(`The transaction is ${raw.length} bytes; the limit is ${MAX_TRANSACTION_BYTES}.`);
  }

  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(raw);
  } catch {
    throw refused('The transaction could not be decoded.');
  }
  let reencoded: Uint8Array;
  try {
    reencoded = tx.serialize();
  } catch {
    throw refused('The transaction could not be decoded.');
  }
  if (!Buffer.from(reencoded).equals(raw)) throw refused('The transaction has trailing or non-canonical bytes.');

  const message = tx.message;
  if (message.version === 0 && message.addressTableLookups.length > 0) {
    throw refused('Address lookup tables are not accepted: every account must be listed in the transaction.');
  }
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = message.header;
  const accountKeys = message.staticAccountKeys;
  if (
    numRequiredSignatures === 0 ||
    tx.signatures.length !== numRequiredSignatures ||
    numRequiredSignatures > accountKeys.length ||
    numReadonlySignedAccounts >= numRequiredSignatures ||
    numReadonlyUnsignedAccounts > accountKeys.length - numRequiredSignatures
  ) {
    throw refused('The transaction header is malformed.');
  }
  const distinct = new Set(accountKeys.map((key) => key.toBase58()));
  if (distinct.size !== accountKeys.length) throw refused('The transaction lists an account twice.');
  if (!message.recentBlockhash || message.recentBlockhash === DEFAULT_BLOCKHASH) {
    throw refused('The transaction has no recent blockhash.');
  }

  const instructions = message.compiledInstructions.map((ix): ReadInstruction => {
    const programId = accountKeys[ix.programIdIndex];
    if (!programId) throw refused('An instruction names an account the transaction does not list.');
    const keys = ix.accountKeyIndexes.map((index): AccountMeta => {
      const pubkey = accountKeys[index];
      if (!pubkey) throw refused('An instruction names an account the transaction does not list.');
      return { pubkey, isSigner: message.isAccountSigner(index), isWritable: message.isAccountWritable(index) };
    });
    return { programId, keys, data: ix.data };
  });

  return {
    tx,
    messageBytes: message.serialize(),
    accountKeys,
    signers: accountKeys.slice(0, numRequiredSignatures),
    recentBlockhash: message.recentBlockhash,
    instructions,
  };
}

/** Whether slot `index` holds a valid ed25519 signature of the message by `signer`. */
export function hasValidSignature(proposed: ProposedTransaction, index: number, signer: PublicKey): boolean {
  const signature = proposed.tx.signatures[index];
  if (!signature || signature.every((byte) => byte === 0)) return false;
  try {
    return ed25519.verify(signature, proposed.messageBytes, signer.toBytes());
  } catch {
    return false;
  }
}
