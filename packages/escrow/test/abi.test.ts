// The ABI is stated four times: the C header, the IDL, the TS client constants and the decoders. These tests
// derive every discriminator from sha256 and every field offset from the IDL, and compare all four.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DISCRIMINATORS,
  ACCOUNT_SIZES,
  ANCHOR_ERRORS,
  ESCROW_ERRORS,
  EVENT_DISCRIMINATORS,
  INSTRUCTION_DISCRIMINATORS,
  PROGRAM_ID,
} from '../src/client/index.ts';
import { idl } from './helpers/events.ts';

const header = readFileSync(new URL('../program/include/jelly.h', import.meta.url), 'utf8');
const sha8 = (text: string): number[] => [...createHash('sha256').update(text).digest().subarray(0, 8)];
const defines = new Map(
  [...header.matchAll(/^#define (\w+) (0x[0-9a-f]+|\d+)(?:ULL|U)?\b/gm)].map((m) => [m[1] as string, BigInt(m[2] as string)]),
);
const define = (name: string): bigint => {
  const value = defines.get(name);
  if (value === undefined) throw new Error(`jelly.h has no #define ${name}`);
  return value;
};
const le = (bytes: number[]): bigint => bytes.reduceRight((acc, b) => (acc << 8n) | BigInt(b), 0n);
const upperSnake = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

interface IdlField {
  name: string;
  type: unknown;
}
const idlTypes = idl.types as unknown as { name: string; type: { kind: string; fields?: IdlField[] } }[];

function fieldSize(type: unknown): number {
  if (type === 'u8' || type === 'bool') return 1;
  if (type === 'u16') return 2;
  if (type === 'u32') return 4;
  if (type === 'u64' || type === 'i64') return 8;
  if (type === 'pubkey') return 32;
  if (typeof type === 'object' && type !== null && 'option' in type) return 1 + fieldSize((type as { option: unknown }).option);
  if (typeof type === 'object' && type !== null && 'defined' in type) return 1; // our enums are fieldless
  throw new Error(`unsized IDL type ${JSON.stringify(type)}`);
}

describe('discriminators', () => {
  it('instructions: C header, TS client and IDL all equal sha256("global:<name>")[0..8]', () => {
    for (const [name, bytes] of Object.entries(INSTRUCTION_DISCRIMINATORS)) {
      expect([...bytes], name).toEqual(sha8(`global:${name}`));
      expect(define(`IX_${name.toUpperCase()}`), name).toBe(le(sha8(`global:${name}`)));
    }
    const idlNames = idl.instructions.map((i) => i.name);
    expect(idlNames.sort()).toEqual(Object.keys(INSTRUCTION_DISCRIMINATORS).sort());
    for (const ix of idl.instructions) expect(ix.discriminator, ix.name).toEqual(sha8(`global:${ix.name}`));
  });

  it('accounts and events likewise with "account:" and "event:"', () => {
    for (const [name, bytes] of Object.entries(ACCOUNT_DISCRIMINATORS)) {
      expect([...bytes], name).toEqual(sha8(`account:${name}`));
      expect(define(`ACCOUNT_${upperSnake(name)}`)).toBe(le(sha8(`account:${name}`)));
    }
    for (const [name, bytes] of Object.entries(EVENT_DISCRIMINATORS)) {
      expect([...bytes], name).toEqual(sha8(`event:${name}`));
      expect(define(`EVENT_${upperSnake(name)}`)).toBe(le(sha8(`event:${name}`)));
    }
    expect(idl.accounts?.map((a) => a.name).sort()).toEqual(Object.keys(ACCOUNT_DISCRIMINATORS).sort());
    expect(idl.events?.map((e) => e.name).sort()).toEqual(Object.keys(EVENT_DISCRIMINATORS).sort());
    for (const a of idl.accounts ?? []) expect(a.discriminator).toEqual(sha8(`account:${a.name}`));
    for (const e of idl.events ?? []) expect(e.discriminator).toEqual(sha8(`event:${e.name}`));
  });
});

describe('account layouts', () => {
  const layouts: [account: string, prefix: string][] = [
    ['Config', 'CONFIG'],
    ['UniversalOrder', 'ORDER'],
    ['FillTicket', 'TICKET'],
  ];
  it.each(layouts)('%s: every field offset in jelly.h follows from the IDL field order and sizes', (account, prefix) => {
    const type = idlTypes.find((t) => t.name === account);
    let offset = 8;
    for (const field of type?.type.fields ?? []) {
      expect(define(`${prefix}_${field.name.toUpperCase()}`), `${account}.${field.name}`).toBe(BigInt(offset));
      offset += fieldSize(field.type);
    }
    expect(define(`${prefix}_SIZE`)).toBe(BigInt(offset));
    expect(ACCOUNT_SIZES[account as keyof typeof ACCOUNT_SIZES]).toBe(offset);
  });

  it('enum values in jelly.h are the IDL variant indexes', () => {
    const variants = (name: string) =>
      (idlTypes.find((t) => t.name === name)?.type as unknown as { variants: { name: string }[] }).variants.map((v) => v.name);
    variants('TicketStatus').forEach((v, i) => expect(define(`TICKET_STATUS_${upperSnake(v)}`), v).toBe(BigInt(i)));
    variants('OrderStatus').forEach((v, i) => expect(define(`ORDER_STATUS_${upperSnake(v)}`), v).toBe(BigInt(i)));
    variants('TicketParty').forEach((v, i) => expect(define(`PARTY_${upperSnake(v)}`), v).toBe(BigInt(i)));
  });
});

describe('errors and address', () => {
  it('the IDL, the client and jelly.h list the same codes, names and messages', () => {
    const idlErrors = (idl.errors ?? []).map((e) => [e.code, e.name, e.msg]);
    const clientErrors = Object.entries(ESCROW_ERRORS).map(([code, e]) => [Number(code), e.name, e.message]);
    expect(idlErrors).toEqual(clientErrors);
    const cCodes = [...defines].filter(([name]) => name.startsWith('ERR_')).map(([, v]) => Number(v));
    expect(cCodes.sort()).toEqual(Object.keys(ESCROW_ERRORS).map(Number));
    const anchorCodes = [...defines].filter(([name]) => name.startsWith('ANCHOR_')).map(([, v]) => Number(v));
    expect(anchorCodes.sort((a, b) => a - b)).toEqual(Object.keys(ANCHOR_ERRORS).map(Number));
  });

  it('the IDL address is the client PROGRAM_ID', () => {
    expect(idl.address).toBe(PROGRAM_ID.toBase58());
  });
});
