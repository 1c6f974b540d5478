/** Hues for other senders (the viewer's own messages use the accent colour). */
const PALETTE = ['#60a5fa', '#34d399', '#fbbf24', '#f472b6', '#a78bfa', '#22d3ee', '#fb923c', '#f87171'] as const;

/** A stable colour per wallet, so each sender keeps the same colour across the chat and across visits. */
export function senderColour(wallet: string): string {
  let hash = 0;
  for (let i = 0; i < wallet.length; i += 1) hash = (hash * 31 + wallet.charCodeAt(i)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}
