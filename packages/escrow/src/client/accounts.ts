// Hand-written decoders for the program's accounts (cross-checked against Anchor's BorshCoder in tests).
import type { PublicKey } from '@solana/web3.js';
import {
  ACCOUNT_DISCRIMINATORS,
  ACCOUNT_SIZES,
  CONFIG_SIZE_V1,
  DEFAULT_ESCAPE_AFTER_SECONDS,
  type AccountName,
} from './constants.ts';
import { BorshReader, startsWith } from './codec.ts';

export const ORDER_STATUSES = ['Open', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TICKET_STATUSES = ['Locked', 'Settled', 'Cancelled', 'ReleasedByAdmin', 'RefundedByAdmin'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PARTIES = ['None', 'CryptoGuy', 'FiatGuy'] as const;
export type TicketParty = (typeof TICKET_PARTIES)[number];

export interface Config {
  admin: PublicKey;
  treasury: PublicKey;
  dailyFillLimit: number;
  cooldownSeconds: number;
  feeBps: number;
  bump: number;
  /** Seconds after a deal's or an offer's last action from which its parties may escape without the admin. */
  escapeAfterSeconds: number;
}

export interface UniversalOrder {
  orderId: bigint;
  /** The offer's total crypto amount (base units). */
  cryptoAmount: bigint;
  /** Fiat value (cents) of the settled or admin-released fills. */
  fiatAmount: bigint;
  filledAmount: bigint;
  reservedAmount: bigint;
  /** Time of the last lock (unix seconds), for the cooldown. */
  lastActionTs: bigint;
  /** Start of the UTC day that dailyFillCount counts. */
  dailyResetTs: bigint;
  createdAt: bigint;
  updatedAt: bigint;
  dailyFillCount: number;
  openTickets: number;
  creator: PublicKey;
  cryptoMint: PublicKey;
  vault: PublicKey;
  rentPayer: PublicKey;
  isSellOrder: boolean;
  status: OrderStatus;
  bump: number;
  vaultBump: number;
  /** The counterparty of the latest lock. */
  acceptor: PublicKey | null;
}

export interface FillTicket {
  ticketId: bigint;
  amount: bigint;
  fiatAmount: bigint;
  createdAt: bigint;
  updatedAt: bigint;
  order: PublicKey;
  acceptor: PublicKey;
  cryptoGuy: PublicKey;
  fiatGuy: PublicKey;
  rentPayer: PublicKey;
  cryptoGuySigned: boolean;
  fiatGuySigned: boolean;
  status: TicketStatus;
  firstSigner: TicketParty;
  bump: number;
}

function pick<T>(values: readonly T[], index: number, what: string): T {
  const value = values[index];
  if (value === undefined) throw new RangeError(`unknown ${what} ${index}`);
  return value;
}

function reader(name: AccountName, data: Uint8Array, minSize: number = ACCOUNT_SIZES[name]): BorshReader {
  if (!startsWith(data, ACCOUNT_DISCRIMINATORS[name])) throw new TypeError(`not a ${name} account (discriminator mismatch)`);
  if (data.length < minSize) throw new RangeError(`${name} account too short: ${data.length} bytes`);
  return new BorshReader(data, 8);
}

/** Reads both sizes: a config from before the escape deadline existed reads as the program does, with the default. */
export function decodeConfig(data: Uint8Array): Config {
  const r = reader('Config', data, CONFIG_SIZE_V1);
  return {
    admin: r.pubkey(),
    treasury: r.pubkey(),
    dailyFillLimit: r.u32(),
    cooldownSeconds: r.u32(),
    feeBps: r.u16(),
    bump: r.u8(),
    escapeAfterSeconds: data.length >= ACCOUNT_SIZES.Config ? r.u32() : DEFAULT_ESCAPE_AFTER_SECONDS,
  };
}

export function decodeUniversalOrder(data: Uint8Array): UniversalOrder {
  const r = reader('UniversalOrder', data);
  return {
    orderId: r.u64(),
    cryptoAmount: r.u64(),
    fiatAmount: r.u64(),
    filledAmount: r.u64(),
    reservedAmount: r.u64(),
    lastActionTs: r.i64(),
    dailyResetTs: r.i64(),
    createdAt: r.i64(),
    updatedAt: r.i64(),
    dailyFillCount: r.u32(),
    openTickets: r.u32(),
    creator: r.pubkey(),
    cryptoMint: r.pubkey(),
    vault: r.pubkey(),
    rentPayer: r.pubkey(),
    isSellOrder: r.bool(),
    status: pick(ORDER_STATUSES, r.u8(), 'order status'),
    bump: r.u8(),
    vaultBump: r.u8(),
    acceptor: r.optionPubkey(),
  };
}

export function decodeFillTicket(data: Uint8Array): FillTicket {
  const r = reader('FillTicket', data);
  return {
    ticketId: r.u64(),
    amount: r.u64(),
    fiatAmount: r.u64(),
    createdAt: r.i64(),
    updatedAt: r.i64(),
    order: r.pubkey(),
    acceptor: r.pubkey(),
    cryptoGuy: r.pubkey(),
    fiatGuy: r.pubkey(),
    rentPayer: r.pubkey(),
    cryptoGuySigned: r.bool(),
    fiatGuySigned: r.bool(),
    status: pick(TICKET_STATUSES, r.u8(), 'ticket status'),
    firstSigner: pick(TICKET_PARTIES, r.u8(), 'ticket party'),
    bump: r.u8(),
  };
}

/** Which of the program's accounts these bytes hold, by discriminator, or undefined. */
export function accountKind(data: Uint8Array): AccountName | undefined {
  return (Object.keys(ACCOUNT_DISCRIMINATORS) as AccountName[]).find((name) =>
    startsWith(data, ACCOUNT_DISCRIMINATORS[name]),
  );
}
