import type { JellyOrder } from '../api/contract.ts';

/**
 * What 'I have sent the funds' can truthfully answer while the order still waits for its deposit: nothing has been
 * seen at the address yet. On Solana the server watches the address, so the user keeps the window open (it moves on
 * by itself) or checks where they sent; off Solana an admin confirms the deposit from its chain.
 */
export function sentFundsNotice(order: Pick<JellyOrder, 'cryptoCurrencyFromUser' | 'sendChain' | 'amountUserSend'>): string {
  const what = `${order.amountUserSend} ${order.cryptoCurrencyFromUser} on the ${order.sendChain} network`;
  if (order.sendChain === 'Solana') {
    return `No deposit seen yet at this address. Keep this window open: it moves on as soon as the deposit arrives. If nothing shows within a few minutes, check that you sent ${what} to the address above.`;
  }
  return `Noted. No deposit confirmed yet: an operator checks ${order.sendChain} deposits and confirms yours here. Make sure you sent ${what} to the address above.`;
}
