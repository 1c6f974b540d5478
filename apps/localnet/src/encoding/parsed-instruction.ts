import bs58 from 'bs58';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from './spl-token-layout.ts';
import { uiTokenAmount } from './token-amount.ts';

const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

export interface InstructionInput {
  programId: string;
  accounts: string[];
  data: Uint8Array;
  stackHeight: number | null;
}

type Parsed = { program: string; parsed: unknown };

const u64 = (data: Uint8Array, offset: number): bigint =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
const u32 = (data: Uint8Array, offset: number): number =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);

function system(accounts: string[], data: Uint8Array): Parsed | null {
  if (data.length < 4) return null;
  const kind = u32(data, 0);
  if (kind === 2 && data.length >= 12 && accounts.length >= 2) {
    return { program: 'system', parsed: { type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: Number(u64(data, 4)) } } };
  }
  if (kind === 0 && data.length >= 52 && accounts.length >= 2) {
    return {
      program: 'system',
      parsed: {
        type: 'createAccount',
        info: { source: accounts[0], newAccount: accounts[1], lamports: Number(u64(data, 4)), space: Number(u64(data, 12)), owner: bs58.encode(data.subarray(20, 52)) },
      },
    };
  }
  return null;
}

function splToken(accounts: string[], data: Uint8Array): Parsed | null {
  const kind = data[0];
  const program = 'spl-token';
  const [a0, a1, a2, a3] = accounts;
  switch (kind) {
    case 3:
      if (data.length < 9 || !a2) return null;
      return { program, parsed: { type: 'transfer', info: { source: a0, destination: a1, authority: a2, amount: u64(data, 1).toString() } } };
    case 12:
      if (data.length < 10 || !a3) return null;
      return {
        program,
        parsed: { type: 'transferChecked', info: { source: a0, mint: a1, destination: a2, authority: a3, tokenAmount: uiTokenAmount(u64(data, 1), data[9] ?? 0) } },
      };
    case 7:
      if (data.length < 9 || !a2) return null;
      return { program, parsed: { type: 'mintTo', info: { mint: a0, account: a1, mintAuthority: a2, amount: u64(data, 1).toString() } } };
    case 14:
      if (data.length < 10 || !a2) return null;
      return { program, parsed: { type: 'mintToChecked', info: { mint: a0, account: a1, mintAuthority: a2, tokenAmount: uiTokenAmount(u64(data, 1), data[9] ?? 0) } } };
    case 9:
      if (!a2) return null;
      return { program, parsed: { type: 'closeAccount', info: { account: a0, destination: a1, owner: a2 } } };
    case 17:
      if (!a0) return null;
      return { program, parsed: { type: 'syncNative', info: { account: a0 } } };
    default:
      return null;
  }
}

function associatedToken(accounts: string[], data: Uint8Array): Parsed | null {
  const kind = data.length === 0 ? 0 : data[0];
  if ((kind !== 0 && kind !== 1) || accounts.length < 6) return null;
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts;
  return {
    program: 'spl-associated-token-account',
    parsed: { type: kind === 0 ? 'create' : 'createIdempotent', info: { source, account, wallet, mint, systemProgram, tokenProgram } },
  };
}

/**
 * An instruction as the jsonParsed encoding shows it: parsed for the common system, SPL Token, associated
 * token account and memo instructions, "partially decoded" (program id, accounts, base58 data) otherwise.
 */
export function parsedInstruction({ programId, accounts, data, stackHeight }: InstructionInput): Record<string, unknown> {
  let parsed: Parsed | null = null;
  if (programId === SYSTEM_PROGRAM_ID) parsed = system(accounts, data);
  else if (programId === TOKEN_PROGRAM_ID || programId === TOKEN_2022_PROGRAM_ID) {
    parsed = splToken(accounts, data);
    if (parsed && programId === TOKEN_2022_PROGRAM_ID) parsed.program = 'spl-token-2022';
  } else if (programId === ASSOCIATED_TOKEN_PROGRAM_ID) parsed = associatedToken(accounts, data);
  else if (programId === MEMO_PROGRAM_ID) parsed = { program: 'spl-memo', parsed: new TextDecoder().decode(data) };
  if (parsed) return { ...parsed, programId, stackHeight };
  return { programId, accounts, data: bs58.encode(data), stackHeight };
}
