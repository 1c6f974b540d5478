// The escape kit's reads: a wallet's deals and offers from the chain alone (program accounts filtered by the wallet),
// each with its decision (plan.ts). Browser-safe: plain JSON-RPC through web3.js, no Node API.
import { SYSVAR_CLOCK_PUBKEY, type Connection, type GetProgramAccountsFilter, type PublicKey } from '@solana/web3.js';
import { decodeConfig, decodeFillTicket, decodeUniversalOrder } from '../accounts.ts';
import { findConfigPda } from '../pda.ts';
import { planOrder, planTicket, walletFilters, type AccountFilter, type EscapeItem } from './plan.ts';

/** What the kit reads from a chain: program accounts by filter, accounts by address, the Clock sysvar's time. */
export interface EscapeSource {
  programAccounts(programId: PublicKey, filters: AccountFilter[]): Promise<{ pubkey: PublicKey; data: Uint8Array }[]>;
  accounts(keys: PublicKey[]): Promise<(Uint8Array | null)[]>;
  unixTime(): Promise<bigint>;
}

const CLOCK_UNIX_TIMESTAMP = 32; // slot, epoch_start_timestamp, epoch, leader_schedule_epoch, then unix_timestamp (i64)
const TOKEN_ACCOUNT_AMOUNT = 64;

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);

export function rpcSource(connection: Connection): EscapeSource {
  return {
    async programAccounts(programId, filters) {
      const found = await connection.getProgramAccounts(programId, { commitment: 'confirmed', filters: filters as GetProgramAccountsFilter[] });
      return found.map(({ pubkey, account }) => ({ pubkey, data: account.data }));
    },
    async accounts(keys) {
      if (keys.length === 0) return [];
      const found = await connection.getMultipleAccountsInfo(keys, 'confirmed');
      return found.map((a) => (a ? a.data : null));
    },
    async unixTime() {
      const clock = await connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY, 'confirmed');
      if (!clock) throw new Error('the RPC returned no Clock sysvar');
      return view(clock.data).getBigInt64(CLOCK_UNIX_TIMESTAMP, true);
    },
  };
}

/** The chain's clock as the program sees it: the Clock sysvar's unix time (seconds). */
export const chainUnixTime = (connection: Connection): Promise<bigint> => rpcSource(connection).unixTime();

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
    const held = vault && vault.length >= TOKEN_ACCOUNT_AMOUNT + 8 ? view(vault).getBigUint64(TOKEN_ACCOUNT_AMOUNT, true) : 0n;
    items.push(planOrder(ctx, pubkey, order, held));
  });
  return items;
}
