/**
 * A Solana Pay transfer request (solana:<recipient>?amount=…&spl-token=…): wallets that scan it prefill the
 * recipient, the amount in whole coins and, for a token, its mint.
 */
export function solanaPayUrl(recipient: string, amount: string, splToken: string | null, label = 'Jelly Coin Jelly'): string {
  const params = new URLSearchParams({ amount });
  if (splToken) params.set('spl-token', splToken);
  params.set('label', label);
  return `solana:${recipient}?${params.toString()}`;
}
