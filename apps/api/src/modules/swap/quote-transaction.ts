import { PublicKey } from '@solana/web3.js';
import { buildSwapTransaction, type SwapLegs } from './build-swap-transaction.ts';

/**
 * The unsigned transaction of a quote, without compiling it per quote. Compiling a message (web3.js sorts and
 * dedupes the accounts by their base58 text, and keeps instruction data as base58) was the largest cost of a quote.
 * What differs between two quotes of one wallet and pair is only bytes at fixed places: the blockhash, the
 * compute-unit limit and the two amounts. So the first quote of a shape (wallet, pair, which accounts it creates) is
 * compiled by buildSwapTransaction, the places of those values are read from its bytes, and later quotes copy it and
 * write their values there, in one buffer reused by every quote (a copy per quote was a new allocation for the garbage
 * collector), encoded straight from it. The result is byte for byte what buildSwapTransaction gives
 * (quote-transaction.test.ts).
 *
 * Not a safety boundary: the co-signer never trusts these bytes. It rebuilds the quote's instructions from the
 * quote's terms with buildSwapTransaction and compares the signed transaction with those.
 */
export type QuoteShape = Pick<SwapLegs, 'input' | 'output' | 'createUserOutputAccount' | 'createDeskInputAccount'> & { user: string };
export type QuoteValues = Pick<SwapLegs, 'inAmount' | 'outAmount' | 'computeUnitLimit'>;

interface Template {
  bytes: Uint8Array;
  blockhashAt: number;
  unitsAt: number;
  inAmountAt: number;
  outAmountAt: number;
}

/** Shapes remembered (a wallet's pairs); the oldest is forgotten first. */
const TEMPLATE_LIMIT = 10_000;
/** A Solana transaction's largest wire size (the packet data size): every template fits. */
const TRANSACTION_BYTES_MAX = 1232;
/** Where the value sits in an instruction's data: SetComputeUnitLimit [2, u32]; System transfer [u32 2, u64]; transferChecked [12, u64, u8]. */
const UNITS_IN_DATA = 1;
const LAMPORTS_IN_DATA = 4;
const TOKEN_AMOUNT_IN_DATA = 1;

/** A compact-u16 (shortvec) at `at`: its value and the offset after it. */
function shortvec(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++] as number;
    value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, at];
  }
}

/** Offsets, in a legacy message, of the blockhash and of each instruction's data. */
function messageLayout(message: Uint8Array): { blockhashAt: number; dataAt: number[] } {
  const [keys, keysAt] = shortvec(message, 3);
  const blockhashAt = keysAt + 32 * keys;
  const [count, first] = shortvec(message, blockhashAt + 32);
  let at = first;
  const dataAt: number[] = [];
  for (let i = 0; i < count; i++) {
    let accounts: number;
    [accounts, at] = shortvec(message, at + 1);
    let length: number;
    [length, at] = shortvec(message, at + accounts);
    dataAt.push(at);
    at += length;
  }
  return { blockhashAt, dataAt };
}

function compileTemplate(parties: Parties, shape: QuoteShape, values: QuoteValues, blockhash: string): Template {
  const legs = { ...parties, ...shape, user: new PublicKey(shape.user), ...values };
  const { message, transaction } = buildSwapTransaction(legs, blockhash);
  const { blockhashAt, dataAt } = messageLayout(message);
  const head = transaction.length - message.length; // the signature slots before the message
  const amountAt = (native: boolean, data: number) => head + data + (native ? LAMPORTS_IN_DATA : TOKEN_AMOUNT_IN_DATA);
  return {
    bytes: transaction,
    blockhashAt: head + blockhashAt,
    unitsAt: head + (dataAt[0] as number) + UNITS_IN_DATA,
    inAmountAt: amountAt(shape.input.native, dataAt.at(-2) as number),
    outAmountAt: amountAt(shape.output.native, dataAt.at(-1) as number),
  };
}

export interface QuoteTransactions {
  /** The fee payer's (admin's) address, encoded once. */
  feePayer: string;
  /** The wire transaction (empty signature slots, then the message) of a quote with these terms, base64. */
  build(shape: QuoteShape, values: QuoteValues, blockhash: string): string;
}

/** The platform's side of every quote: the admin pays the fee, the desk trades. */
type Parties = Pick<SwapLegs, 'admin' | 'desk'>;

export function createQuoteTransactions(parties: Parties): QuoteTransactions {
  const templates = new Map<string, Template>();
  let lastBlockhash: { text: string; bytes: Uint8Array } = { text: '', bytes: new Uint8Array(32) };
  // Written and encoded synchronously by each build, so one buffer serves every quote.
  const scratch = Buffer.alloc(TRANSACTION_BYTES_MAX);
  const view = new DataView(scratch.buffer, scratch.byteOffset, scratch.byteLength);
  return {
    feePayer: parties.admin.toBase58(),
    build(shape, values, blockhash) {
      const key = `${shape.user}|${shape.input.symbol}|${shape.output.symbol}|${shape.createUserOutputAccount}|${shape.createDeskInputAccount}`;
      let template = templates.get(key);
      if (!template) {
        template = compileTemplate(parties, shape, values, blockhash);
        if (templates.size >= TEMPLATE_LIMIT) templates.delete(templates.keys().next().value as string);
        templates.set(key, template);
      }
      if (lastBlockhash.text !== blockhash) lastBlockhash = { text: blockhash, bytes: new PublicKey(blockhash).toBytes() };
      scratch.set(template.bytes);
      scratch.set(lastBlockhash.bytes, template.blockhashAt);
      view.setUint32(template.unitsAt, values.computeUnitLimit, true);
      view.setBigUint64(template.inAmountAt, values.inAmount, true);
      view.setBigUint64(template.outAmountAt, values.outAmount, true);
      return scratch.toString('base64', 0, template.bytes.length);
    },
  };
}
