/** Display formatting of wallets, addresses and profile lines. */
import { DEPOSIT_ADDRESS_PREVIEW_RATIO, WALLET_SHORT_HEAD, WALLET_SHORT_TAIL } from './constants.ts';
import { SELF_SENDER_LABEL } from './messages.ts';

/** The ellipsis used in shortened wallets and the deposit-address preview (U+2026). */
export const ELLIPSIS = '…';

/** First 8 and last 6 characters with an ellipsis; short values are returned whole. */
export function shortenWallet(wallet: string): string {
  if (wallet.length <= WALLET_SHORT_HEAD + WALLET_SHORT_TAIL + 1) return wallet;
  return `${wallet.slice(0, WALLET_SHORT_HEAD)}${ELLIPSIS}${wallet.slice(-WALLET_SHORT_TAIL)}`;
}

/** Two-letter avatar: the first two characters of the wallet. */
export function avatarLetters(wallet: string): string {
  return wallet.slice(0, 2);
}

/** Deposit address preview: the first 75% of the characters (rounded down), then an ellipsis. */
export function depositAddressPreview(address: string): string {
  return `${address.slice(0, Math.floor(address.length * DEPOSIT_ADDRESS_PREVIEW_RATIO))}${ELLIPSIS}`;
}

/** Chat sender: 'You' for self, else the shortened wallet. */
export function senderLabel(senderWallet: string, myWallet: string | null | undefined): string {
  return myWallet && senderWallet === myWallet ? SELF_SENDER_LABEL : shortenWallet(senderWallet);
}

/**
 * A date-time in UTC as the server's texts print it (messages, notifications, Telegram): 'yyyy-MM-dd HH:mm UTC', the
 * app's date order, the zone named. The web app prints times in the viewer's zone with the same layout.
 */
export function formatUtcDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Mon YYYY' (UTC) of a date, or null when unreadable. */
export function monthYear(date: string | Date | null | undefined): string | null {
  if (date == null || date === '') return null;
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return null;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** '1 Trade', 'N Trades' (never negative; an unreadable count reads 0). */
export function tradesCount(count: number): string {
  const n = Math.max(0, Math.trunc(count) || 0);
  return n === 1 ? '1 Trade' : `${n} Trades`;
}

/** Deal chat header line 'N Trades | Mon YYYY' from the rating summary (completed deals, account creation date). */
export function tradesSummary(completedDeals: number, accountCreatedAt: string | Date | null | undefined): string {
  const trades = tradesCount(completedDeals);
  const since = monthYear(accountCreatedAt);
  return since ? `${trades} | ${since}` : trades;
}
