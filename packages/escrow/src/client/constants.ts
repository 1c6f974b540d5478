// The program's address and its Anchor-compatible wire constants (test/abi.test.ts checks every
// discriminator against sha256 and against the IDL).
import { PublicKey } from '@solana/web3.js';

/** The escrow program's address (the localnet deploys it here; tests may deploy elsewhere). */
export const PROGRAM_ID = new PublicKey('28QRMMQ5LFKwgU6rqLRJCudgbHVLwWaF68xwXW4aQvAt');

/** The upgradeable BPF loader, owner of the program's ProgramData account. */
export const BPF_LOADER_UPGRADEABLE_ID = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** First 8 bytes of sha256("global:<instruction_name>"). */
export const INSTRUCTION_DISCRIMINATORS = {
  initialize_config: bytes(0xd0, 0x7f, 0x15, 0x01, 0xc2, 0xbe, 0xc4, 0x46),
  update_config: bytes(0x1d, 0x9e, 0xfc, 0xbf, 0x0a, 0x53, 0xdb, 0x63),
  accept_offer_and_lock: bytes(0x50, 0x6b, 0xf7, 0x06, 0xfd, 0x79, 0x95, 0x5b),
  sign_universal_ticket: bytes(0xa2, 0xc9, 0x6e, 0x9f, 0xbe, 0x1c, 0x2a, 0xc7),
  settle_universal_ticket: bytes(0xab, 0xe1, 0xb3, 0xd6, 0x61, 0x63, 0xf2, 0xa9),
  cancel_universal_ticket: bytes(0x0d, 0x39, 0xdf, 0x6a, 0xcf, 0x7a, 0x07, 0x77),
  admin_resolve_universal_ticket: bytes(0xf3, 0x32, 0x7c, 0x75, 0x09, 0xf0, 0x25, 0x52),
  cancel_order: bytes(0x5f, 0x81, 0xed, 0xf0, 0x08, 0x31, 0xdf, 0x84),
  close_order: bytes(0x5a, 0x67, 0xd1, 0x1c, 0x07, 0x3f, 0xa8, 0x04),
  close_ticket: bytes(0x42, 0xd1, 0x72, 0xc5, 0x4b, 0x1b, 0xb6, 0x75),
  set_escape_after: bytes(0xbf, 0x8b, 0xd5, 0x38, 0x20, 0xdb, 0xec, 0x1e),
  parties_resolve_ticket: bytes(0x32, 0xc9, 0x07, 0x12, 0x6a, 0x14, 0x6a, 0x43),
  escape_ticket: bytes(0x5c, 0x8d, 0x63, 0x3d, 0xb4, 0x2f, 0xa7, 0x74),
  escape_order: bytes(0x8f, 0x06, 0x09, 0x02, 0x55, 0x9c, 0x94, 0x37),
} as const;
export type InstructionName = keyof typeof INSTRUCTION_DISCRIMINATORS;

/** First 8 bytes of sha256("account:<Name>"). */
export const ACCOUNT_DISCRIMINATORS = {
  Config: bytes(0x9b, 0x0c, 0xaa, 0xe0, 0x1e, 0xfa, 0xcc, 0x82),
  UniversalOrder: bytes(0x8c, 0x11, 0x21, 0xc3, 0xa5, 0xda, 0x5a, 0x48),
  FillTicket: bytes(0x38, 0x82, 0x22, 0xdf, 0xf7, 0x53, 0xd7, 0xf7),
} as const;
export type AccountName = keyof typeof ACCOUNT_DISCRIMINATORS;

/** First 8 bytes of sha256("event:<Name>"). */
export const EVENT_DISCRIMINATORS = {
  ConfigUpdated: bytes(0x28, 0xf1, 0xe6, 0x7a, 0x0b, 0x13, 0xc6, 0xc2),
  OfferAccepted: bytes(0x51, 0xee, 0xee, 0x73, 0x8c, 0x12, 0x08, 0x14),
  TicketSigned: bytes(0x56, 0xea, 0xa5, 0x07, 0x38, 0xbd, 0x79, 0x2c),
  TicketSettled: bytes(0x48, 0x28, 0x0d, 0x03, 0xb8, 0x9f, 0xbe, 0xd3),
  TicketCancelled: bytes(0x48, 0x7a, 0x5b, 0xde, 0xbf, 0xbe, 0x78, 0xc1),
  OrderCancelled: bytes(0x6c, 0x38, 0x80, 0x44, 0xa8, 0x71, 0xa8, 0xef),
  OrderClosed: bytes(0xed, 0x4d, 0x65, 0x7b, 0x48, 0x2b, 0x95, 0x7b),
  AdminResolved: bytes(0x2d, 0x01, 0x0d, 0x33, 0x42, 0x1b, 0xc2, 0xc7),
} as const;
export type EventName = keyof typeof EVENT_DISCRIMINATORS;

/** Account sizes in bytes, discriminator included. */
export const ACCOUNT_SIZES = { Config: 87, UniversalOrder: 253, FillTicket: 213 } as const;
/** A Config written before escape_after_seconds existed (read as DEFAULT_ESCAPE_AFTER_SECONDS until set_escape_after). */
export const CONFIG_SIZE_V1 = 83;

/** PDA seed prefixes. */
export const SEEDS = { config: 'config', order: 'order', ticket: 'ticket', vault: 'vault' } as const;

/** Defaults the deployment initialises the config with (see README: why these values). */
export const DEFAULT_CONFIG = { feeBps: 25, dailyFillLimit: 100, cooldownSeconds: 1 } as const;

/** Seconds after a deal's or an offer's last action from which its parties may take the tokens without the admin (30 days). */
export const DEFAULT_ESCAPE_AFTER_SECONDS = 2_592_000;
/** The lowest escape deadline the program accepts: the longest payment window (24 h) plus the dispute SLA (24 h). */
export const MIN_ESCAPE_AFTER_SECONDS = 172_800;

/** The highest fee the program accepts, in basis points. */
export const MAX_FEE_BPS = 1000;
export const BPS_DENOMINATOR = 10_000n;
