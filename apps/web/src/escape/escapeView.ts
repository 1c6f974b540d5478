// The escape page's decisions, apart from the DOM: which RPC and wallet chain to use, what each row says and offers,
// and a refusal in one sentence. The deal and offer decisions themselves are the escrow client's (shared with the CLI).
import { describeEscrowError, sendableNow, type EscapeItem } from '@jelly/escrow';

/** Solana's public mainnet endpoint: the page works against any RPC URL the user trusts more. */
export const DEFAULT_RPC_URL = 'https://api.mainnet-beta.solana.com';

/** The RPC URL typed by the user, or the sentence that says why it cannot be used. */
export function parseRpcUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: 'Enter the full address of a Solana RPC, such as https://api.mainnet-beta.solana.com.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: 'The RPC address must start with https:// (or http://).' };
  return { ok: true, url: url.href };
}

/** The Wallet Standard chain a wallet signs for, read from the RPC's address (mainnet unless it says otherwise). */
export function walletChainOf(rpcUrl: string): string {
  const { hostname } = new URL(rpcUrl);
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]') return 'solana:localnet';
  if (hostname.includes('devnet')) return 'solana:devnet';
  if (hostname.includes('testnet')) return 'solana:testnet';
  return 'solana:mainnet';
}

export interface EscapeRow {
  address: string;
  title: string;
  sentence: string;
  /** The button's label when the wallet may send now; null when it has nothing to send yet. */
  action: string | null;
}

/** One row per deal and offer, in the kit's order, with a button only where the chain would accept it now. */
export function escapeRows(items: readonly EscapeItem[], now: bigint): EscapeRow[] {
  return items.map((item) => ({
    address: item.address.toBase58(),
    title: item.kind === 'deal' ? 'Deal' : 'Offer',
    sentence: item.sentence,
    action: sendableNow(item, now) ? (item.kind === 'deal' ? 'Take it' : 'Take back and close') : null,
  }));
}

const USER_REJECTED = 4001;

/** Why a send failed, in a sentence: the program's own message for its codes, the wallet's refusal, else the error. */
export function refusalSentence(error: unknown): string {
  const escrow = describeEscrowError(error);
  if (escrow) return `Refused: ${escrow}.`;
  if (error && typeof error === 'object' && (error as { code?: unknown }).code === USER_REJECTED) return 'You declined in the wallet: nothing was sent.';
  const message = error instanceof Error ? error.message : String(error);
  return `Not sent: ${message}`;
}

/** What the list says above the rows. */
export function listSummary(wallet: string, count: number): string {
  return count === 0 ? `No open deal or offer of ${wallet} on this chain.` : `${count} open deal(s) and offer(s) of ${wallet}, read from the chain:`;
}
