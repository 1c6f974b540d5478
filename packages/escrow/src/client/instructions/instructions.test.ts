// Every builder against the IDL: the account list (count, order, writable and signer flags) and the data
// layout are what the IDL declares, and bad parameters are refused before anything is signed.
import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import idlJson from '../../../idl/jelly_escrow.json' with { type: 'json' };
import { INSTRUCTION_DISCRIMINATORS, type InstructionName } from '../constants.ts';
import { findConfigPda, findOrderPda, findTicketPda, findVaultPda } from '../pda.ts';
import {
  acceptOfferAndLockInstruction,
  adminResolveUniversalTicketInstruction,
  cancelOrderInstruction,
  cancelUniversalTicketInstruction,
  closeOrderInstruction,
  closeTicketInstruction,
  initializeConfigInstruction,
  settleUniversalTicketInstruction,
  signUniversalTicketInstruction,
  updateConfigInstruction,
} from './index.ts';

interface IdlInstruction {
  name: string;
  accounts: { name: string; writable?: boolean; signer?: boolean; optional?: boolean; address?: string }[];
  args: { name: string; type: string }[];
}
const idlInstructions = (idlJson as unknown as { instructions: IdlInstruction[] }).instructions;
const key = () => Keypair.generate().publicKey;
const [admin, locker, mint, creator, fiatGuy, treasury, cryptoGuy] = Array.from({ length: 7 }, key) as [PublicKey, ...PublicKey[]] as PublicKey[];
const sizes: Record<string, number> = { u8: 1, bool: 1, u16: 2, u32: 4, u64: 8, pubkey: 32 };

const built: [InstructionName, ReturnType<typeof initializeConfigInstruction>][] = [
  ['initialize_config', initializeConfigInstruction({ admin: admin!, treasury: treasury! })],
  ['update_config', updateConfigInstruction({ admin: admin!, treasury: treasury!, newAdmin: key() })],
  [
    'accept_offer_and_lock',
    acceptOfferAndLockInstruction({
      admin: admin!, locker: locker!, mint: mint!, orderId: 5n, ticketId: 6n, cryptoAmount: 7n, fiatAmount: 8n,
      isSellOrder: true, creator: creator!, fiatGuy: fiatGuy!, offerAmount: 9n,
    }),
  ],
  ['sign_universal_ticket', signUniversalTicketInstruction({ admin: admin!, signer: fiatGuy!, orderId: 5n, ticketId: 6n, settlement: { mint: mint!, fiatGuy: fiatGuy!, treasury: treasury! } })],
  ['settle_universal_ticket', settleUniversalTicketInstruction({ admin: admin!, orderId: 5n, ticketId: 6n, mint: mint!, fiatGuy: fiatGuy!, treasury: treasury! })],
  ['cancel_universal_ticket', cancelUniversalTicketInstruction({ admin: admin!, fiatGuy: fiatGuy!, cryptoGuy: cryptoGuy!, mint: mint!, orderId: 5n, ticketId: 6n })],
  [
    'admin_resolve_universal_ticket',
    adminResolveUniversalTicketInstruction({ admin: admin!, orderId: 5n, ticketId: 6n, mint: mint!, releaseToFiatGuy: false, fiatGuy: fiatGuy!, cryptoGuy: cryptoGuy!, treasury: treasury! }),
  ],
  ['cancel_order', cancelOrderInstruction({ admin: admin!, authority: creator!, orderId: 5n })],
  ['close_order', closeOrderInstruction({ admin: admin!, orderId: 5n, mint: mint!, treasury: treasury! })],
  ['close_ticket', closeTicketInstruction({ admin: admin!, orderId: 5n, ticketId: 6n })],
];

describe('instruction builders match the IDL', () => {
  it.each(built)('%s', (name, ix) => {
    const spec = idlInstructions.find((i) => i.name === name)!;
    expect(ix.keys).toHaveLength(spec.accounts.length);
    ix.keys.forEach((meta, i) => {
      const account = spec.accounts[i]!;
      expect(meta.isWritable, `${name}.${account.name} writable`).toBe(account.writable === true);
      // the admin signs as fee payer wherever it appears
      expect(meta.isSigner, `${name}.${account.name} signer`).toBe(account.signer === true);
      if (account.address) expect(meta.pubkey.toBase58()).toBe(account.address);
    });
    expect([...ix.data.subarray(0, 8)]).toEqual([...INSTRUCTION_DISCRIMINATORS[name]]);
    expect(ix.data.length).toBe(8 + spec.args.reduce((n, a) => n + (sizes[a.type] ?? NaN), 0));
  });

  it('derives the PDAs and puts their bumps into accept_offer_and_lock data', () => {
    const ix = built.find(([n]) => n === 'accept_offer_and_lock')![1];
    const [order, orderBump] = findOrderPda(5n);
    const [vault, vaultBump] = findVaultPda(order);
    const [ticket, ticketBump] = findTicketPda(order, 6n);
    expect(ix.keys.slice(2, 6).map((k) => k.pubkey.toBase58())).toEqual([findConfigPda()[0], order, ticket, vault].map((k) => k.toBase58()));
    expect([...ix.data.subarray(113)]).toEqual([orderBump, vaultBump, ticketBump]);
    expect(ix.data.readBigUInt64LE(8)).toBe(5n);
    expect(ix.data[40]).toBe(1);
    expect(new PublicKey(ix.data.subarray(73, 105)).equals(fiatGuy!)).toBe(true);
  });

  it('leaves the settlement accounts out of a signature that only records', () => {
    const ix = signUniversalTicketInstruction({ admin: admin!, signer: fiatGuy!, orderId: 5n, ticketId: 6n });
    expect(ix.keys).toHaveLength(5);
  });
});

describe('parameters are validated', () => {
  const lock = {
    admin: admin!, locker: locker!, mint: mint!, orderId: 1n, ticketId: 1n, cryptoAmount: 1n, fiatAmount: 1n,
    isSellOrder: false, creator: creator!, fiatGuy: fiatGuy!, offerAmount: 1n,
  };
  it('refuses amounts outside u64, zero amounts, fractional numbers and non-keys', () => {
    expect(() => acceptOfferAndLockInstruction({ ...lock, cryptoAmount: 0n })).toThrow(/cryptoAmount: must be greater than 0/);
    expect(() => acceptOfferAndLockInstruction({ ...lock, orderId: -1n })).toThrow(/orderId: must fit in a u64/);
    expect(() => acceptOfferAndLockInstruction({ ...lock, offerAmount: 2n ** 64n })).toThrow(/offerAmount/);
    expect(() => acceptOfferAndLockInstruction({ ...lock, fiatAmount: 1.5 })).toThrow(/fiatAmount/);
    expect(() => acceptOfferAndLockInstruction({ ...lock, creator: 'not a key' as unknown as PublicKey })).toThrow(/creator: expected a PublicKey/);
    expect(() => initializeConfigInstruction({ admin: admin!, treasury: treasury!, feeBps: -1 })).toThrow(/feeBps/);
    expect(acceptOfferAndLockInstruction({ ...lock, cryptoAmount: 2n ** 64n - 1n }).data.readBigUInt64LE(24)).toBe(2n ** 64n - 1n);
  });
});
