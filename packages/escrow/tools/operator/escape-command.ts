// npm run escrow -- escape --url <rpc> --keypair <wallet> [--do <deal or offer address>] [--yes]
// The escape kit: reads the wallet's deals and offers from the chain alone (no Jelly server), says for each what it
// may do and from when, and sends the one named with --do, signed and paid by the wallet.
import { SYSVAR_CLOCK_PUBKEY, Transaction, type Connection, type GetProgramAccountsFilter, type Keypair, type PublicKey } from '@solana/web3.js';
import { decodeConfig, decodeFillTicket, decodeUniversalOrder } from '../../src/client/accounts.ts';
import { describeEscrowError } from '../../src/client/errors.ts';
import { findConfigPda } from '../../src/client/pda.ts';
import { planOrder, planTicket, walletFilters, type AccountFilter, type EscapeItem } from './escape-plan.ts';
import { sendAndConfirm } from './send.ts';

/** What the kit reads from a chain: program accounts by filter, accounts by address, the Clock sysvar's time. */
export interface EscapeSource {
  programAccounts(programId: PublicKey, filters: AccountFilter[]): Promise<{ pubkey: PublicKey; data: Uint8Array }[]>;
  accounts(keys: PublicKey[]): Promise<(Uint8Array | null)[]>;
  unixTime(): Promise<bigint>;
}

const CLOCK_UNIX_TIMESTAMP = 32; // slot, epoch_start_timestamp, epoch, leader_schedule_epoch, then unix_timestamp (i64)
const TOKEN_ACCOUNT_AMOUNT = 64;

export function rpcSource(connection: Connection): EscapeSource {
  return {
    async programAccounts(programId, filters) {
      const found = await connection.getProgramAccounts(programId, { commitment: 'confirmed', filters: filters as GetProgramAccountsFilter[] });
      return found.map(({ pubkey, account }) => ({ pubkey, data: account.data }));
    },
    async accounts(keys) {
      const found = await connection.getMultipleAccountsInfo(keys, 'confirmed');
      return found.map((a) => (a ? a.data : null));
    },
    async unixTime() {
      const clock = await connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY, 'confirmed');
      if (!clock) throw new Error('the RPC returned no Clock sysvar');
      return Buffer.from(clock.data).readBigInt64LE(CLOCK_UNIX_TIMESTAMP);
    },
  };
}

/** Every deal (still locked) and offer (still on chain) of the wallet, each with its decision. */
export async function escapePlan(source: EscapeSource, wallet: PublicKey, programId: PublicKey): Promise<EscapeItem[]> {
  const [configData] = await source.accounts([findConfigPda(programId)[0]]);
  if (!configData) throw new Error(`no escrow Config for program ${programId.toBase58()}: is this the right program id and cluster?`);
  const config = decodeConfig(configData);
  const now = await source.unixTime();
  const ctx = { wallet, config, now, programId };
  const filters = walletFilters(wallet);
  const tickets = [
    ...(await source.programAccounts(programId, filters.ticketsAsCrypto)),
    ...(await source.programAccounts(programId, filters.ticketsAsFiat)),
  ].map(({ pubkey, data }) => ({ pubkey, ticket: decodeFillTicket(data) }));
  const open = tickets.filter(({ ticket }) => ticket.status === 'Locked');
  const orderData = await source.accounts(open.map(({ ticket }) => ticket.order));
  // deals first, then offers, each by id: the chain returns accounts in no particular order
  const byId = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  const deals = open.flatMap(({ pubkey, ticket }, i) => {
    const data = orderData[i];
    return data ? [{ pubkey, ticket, order: decodeUniversalOrder(data) }] : [];
  });
  deals.sort((a, b) => byId(a.order.orderId, b.order.orderId) || byId(a.ticket.ticketId, b.ticket.ticketId));
  const items = deals.map(({ pubkey, ticket, order }) => planTicket(ctx, pubkey, ticket, order));
  const orders = (await source.programAccounts(programId, filters.orders)).map(({ pubkey, data }) => ({ pubkey, order: decodeUniversalOrder(data) }));
  orders.sort((a, b) => byId(a.order.orderId, b.order.orderId));
  const vaults = await source.accounts(orders.map(({ order }) => order.vault));
  orders.forEach(({ pubkey, order }, i) => {
    const vault = vaults[i];
    const held = vault && vault.length >= TOKEN_ACCOUNT_AMOUNT + 8 ? Buffer.from(vault).readBigUInt64LE(TOKEN_ACCOUNT_AMOUNT) : 0n;
    items.push(planOrder(ctx, pubkey, order, held));
  });
  return items;
}

export interface EscapeStep {
  connection: Connection;
  wallet: Keypair;
  programId: PublicKey;
  out: (line: string) => void;
  ask: (question: string) => Promise<boolean>;
  /** The deal (ticket) or offer (order) address to act on; without it the command only lists. */
  target?: string;
}

export async function escapeCommand(step: EscapeStep): Promise<number> {
  const items = await escapePlan(rpcSource(step.connection), step.wallet.publicKey, step.programId);
  if (items.length === 0) step.out('No open deal or offer of this wallet on chain.');
  for (const item of items) step.out(`${item.kind} ${item.address.toBase58()}\n  ${item.sentence}`);
  if (!step.target) return 0;
  const item = items.find((i) => i.address.toBase58() === step.target);
  if (!item) {
    step.out(`${step.target} is not an open deal or offer of this wallet.`);
    return 1;
  }
  const now = await rpcSource(step.connection).unixTime();
  if (!item.instructions || item.availableAt === null || now < item.availableAt) {
    step.out(`Nothing to send for ${step.target} now: ${item.sentence}`);
    return 1;
  }
  if (!(await step.ask(`Send it, signed and paid by ${step.wallet.publicKey.toBase58()}?`))) return 1;
  try {
    const signature = await sendAndConfirm(step.connection, new Transaction().add(...item.instructions()), [step.wallet]);
    step.out(`done: ${signature}`);
    return 0;
  } catch (error) {
    step.out(`refused: ${describeEscrowError(error) ?? (error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}
