import type { NotificationKind } from '@jelly/contracts';
import {
  cryptoSideWallet,
  fiatSideWallet,
  formatAvailableAmount,
  formatCents,
  formatUtcDateTime,
  fromBaseUnits,
  OfferSide,
  OrderStatus,
  shortenWallet,
} from '@jelly/domain';

/** What a deal notification says: the facts of the deal as stored. Amounts are base units / cents. */
export interface DealFacts {
  orderId: number;
  offerId: number | null;
  creatorWallet: string;
  acceptorWallet: string | null;
  offerSide: number;
  status: OrderStatus;
  tokenName: string;
  tokenDecimal: number;
  amount: string;
  filledQuantity: string;
  fiatAmountCents: string | null;
  fiatCode: string;
  paymentDeadline: Date | null;
  lockedAt: Date | null;
}

export interface DealNotice {
  wallet: string;
  kind: NotificationKind;
  title: string;
  message: string;
}

/** '40.00 USDC' */
export function tokenText(deal: Pick<DealFacts, 'amount' | 'tokenDecimal' | 'tokenName'>): string {
  return `${formatAvailableAmount(fromBaseUnits(BigInt(deal.amount), deal.tokenDecimal))} ${deal.tokenName}`;
}

/** '36.80 EUR' (or just the code when the deal has no fiat amount yet). */
export function fiatText(deal: Pick<DealFacts, 'fiatAmountCents' | 'fiatCode'>): string {
  return deal.fiatAmountCents === null ? deal.fiatCode : `${formatCents(BigInt(deal.fiatAmountCents), true)} ${deal.fiatCode}`;
}

/** '29 min left', '1 h 5 min left', 'time is up'; null when no timer runs. */
export function timeLeftText(deadline: Date | null, now: Date): string | null {
  if (!deadline) return null;
  const ms = deadline.getTime() - now.getTime();
  if (ms <= 0) return 'time is up';
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h left` : `${hours} h ${rest} min left`;
}

const both = (deal: DealFacts): string[] => [deal.creatorWallet, deal.acceptorWallet].filter((w): w is string => Boolean(w));
const deal = (facts: DealFacts) => `deal #${facts.orderId}`;
const trade = (facts: DealFacts) => `${tokenText(facts)} for ${fiatText(facts)}`;

/** Offer claimed: to the offer's creator. */
export function offerClaimedNotices(facts: DealFacts, now: Date): DealNotice[] {
  const claimer = facts.acceptorWallet ? shortenWallet(facts.acceptorWallet) : 'Someone';
  const creatorLocks = facts.offerSide === OfferSide.Sell;
  const next = creatorLocks
    ? `Lock the ${facts.tokenName} in escrow to start the deal`
    : `The seller locks the ${facts.tokenName} in escrow, then you pay`;
  const left = timeLeftText(facts.paymentDeadline, now);
  return [
    {
      wallet: facts.creatorWallet,
      kind: 'offer_claimed',
      title: 'Offer claimed',
      message: `${claimer} claimed ${trade(facts)} on your offer #${facts.offerId ?? facts.orderId} (${deal(facts)}). ${next}${left ? `: ${left}` : ''}.`,
    },
  ];
}

/** What the mover knows beyond the deal row: an admin's reason, when an admin resolved the deal. */
export interface DealStatusNote {
  resolutionReason?: string | null;
}

/**
 * The notices for a deal that just moved to `facts.status`, by the chain or the server (who acted follows from
 * the transition: only the crypto side locks, the fiat side signs first and cancels after a lock). An admin's
 * resolution carries the admin's reason, as the deal page shows it.
 */
export function statusChangeNotices(facts: DealFacts, now: Date, note: DealStatusNote = {}): DealNotice[] {
  const reason = note.resolutionReason?.trim() ? ` Reason: ${note.resolutionReason.trim()}` : '';
  const fiat = fiatSideWallet(facts);
  const crypto = cryptoSideWallet(facts);
  const to = (wallets: (string | null)[], kind: NotificationKind, title: string, message: (wallet: string) => string) =>
    wallets.filter((w): w is string => Boolean(w)).map((wallet) => ({ wallet, kind, title, message: message(wallet) }));

  switch (facts.status) {
    case OrderStatus.CryptoGuyLockedCrypto: {
      const left = timeLeftText(facts.paymentDeadline, now);
      return to([fiat], 'escrow_locked', 'Escrow locked', () =>
        `${tokenText(facts)} are locked in escrow for ${deal(facts)}. Pay ${fiatText(facts)} and press Mark as Paid${left ? `: ${left}` : ''}.`,
      );
    }
    case OrderStatus.SignedByOneParty:
      return to([crypto], 'marked_paid', 'Marked as paid', () =>
        `The buyer marked ${fiatText(facts)} as paid for ${tokenText(facts)} on ${deal(facts)}. Check that the money arrived, then press Mark as Paid to release the ${facts.tokenName}.`,
      );
    case OrderStatus.Completed:
      return to(both(facts), 'deal_completed', 'Deal completed', (wallet) =>
        wallet === fiat
          ? `${tokenText(facts)} were released to you for ${fiatText(facts)}. ${capital(deal(facts))} is complete.`
          : `${tokenText(facts)} were released to the buyer for ${fiatText(facts)}. ${capital(deal(facts))} is complete.`,
      );
    case OrderStatus.Cancelled:
      return to(both(facts), 'deal_cancelled', 'Deal cancelled', () =>
        `${capital(deal(facts))} (${trade(facts)}) was cancelled${reason ? ' by an admin' : ''}.${facts.lockedAt ? ` The locked ${facts.tokenName} went back to the seller.` : ''}${reason}`,
      );
    case OrderStatus.AdminResolving:
      return to(both(facts), 'dispute_opened', 'Dispute opened', () =>
        `Support was asked to resolve ${deal(facts)} (${trade(facts)}). An admin will review the chat; deal actions are paused until then.`,
      );
    case OrderStatus.AdminResolved: {
      const released = facts.filledQuantity === facts.amount;
      return to(both(facts), 'dispute_resolved', 'Dispute resolved', () =>
        released
          ? `An admin released ${tokenText(facts)} to the buyer on ${deal(facts)}.${reason}`
          : `An admin refunded ${tokenText(facts)} to the seller on ${deal(facts)}.${reason}`,
      );
    }
    case OrderStatus.Expired:
      return to(both(facts), 'deal_expired', 'Deal expired', () =>
        `The payment window of ${deal(facts)} (${trade(facts)}) ended before it was paid.${facts.lockedAt ? ` The locked ${facts.tokenName} were refunded to the seller.` : ''}`,
      );
    default:
      return [];
  }
}

/** A party cancelled a deal that was not locked: the other party is told who did it. */
export function cancelledByPartyNotices(facts: DealFacts, canceller: string): DealNotice[] {
  const other = canceller === facts.creatorWallet ? facts.acceptorWallet : facts.creatorWallet;
  if (!other) return [];
  return [
    {
      wallet: other,
      kind: 'deal_cancelled',
      title: 'Deal cancelled',
      message: `${shortenWallet(canceller)} cancelled ${deal(facts)} (${trade(facts)}).`,
    },
  ];
}

/** The payment window ends soon: to the party who must act (lock while In Progress, pay while Locked). */
export function paymentWindowEndingNotices(facts: DealFacts, now: Date): DealNotice[] {
  const left = timeLeftText(facts.paymentDeadline, now) ?? 'little time left';
  if (facts.status === OrderStatus.InProgress) {
    const crypto = cryptoSideWallet(facts);
    return crypto
      ? [{ wallet: crypto, kind: 'payment_window_ending', title: 'Payment window ends soon', message: `${capital(deal(facts))}: ${left} to lock ${tokenText(facts)} in escrow, or the deal expires.` }]
      : [];
  }
  if (facts.status === OrderStatus.CryptoGuyLockedCrypto) {
    const fiat = fiatSideWallet(facts);
    return fiat
      ? [{ wallet: fiat, kind: 'payment_window_ending', title: 'Payment window ends soon', message: `${capital(deal(facts))}: ${left} to pay ${fiatText(facts)} and press Mark as Paid, or the ${facts.tokenName} go back to the seller.` }]
      : [];
  }
  return [];
}

/** A party asked for more time: to the other party, who accepts or declines it on the deal page. */
export function extensionRequestedNotice(facts: DealFacts, requester: string, minutes: number): DealNotice | null {
  const other = requester === facts.creatorWallet ? facts.acceptorWallet : facts.creatorWallet;
  if (!other) return null;
  return {
    wallet: other,
    kind: 'window_extension_requested',
    title: 'More time requested',
    message: `${shortenWallet(requester)} asks for ${minutes} more minutes on ${deal(facts)} (${trade(facts)}). Accept or decline it on the deal page.`,
  };
}

/** A chat message as a notification's one-line preview ('sent a file' for a file without a caption). */
function chatPreview(content: string, hasFile: boolean): string {
  return content.trim() ? truncate(content.trim().replace(/\s+/g, ' '), 100) : hasFile ? 'sent a file' : '';
}

/** A new chat message for a party who is not looking at the deal. */
export function chatMessageNotice(facts: DealFacts, sender: string, recipient: string, content: string, hasFile: boolean): DealNotice {
  return {
    wallet: recipient,
    kind: 'chat_message',
    title: 'New message',
    message: `${shortenWallet(sender)} on ${deal(facts)}: ${chatPreview(content, hasFile)}`,
  };
}

/** A new swap-chat message for the owner or a desk admin who is not looking at it; the desk is named as such. */
export function swapChatMessageNotice(
  swapId: number,
  sender: { wallet: string; isDesk: boolean },
  recipient: string,
  content: string,
  hasFile: boolean,
): DealNotice {
  const who = sender.isDesk ? 'The desk' : shortenWallet(sender.wallet);
  return {
    wallet: recipient,
    kind: 'chat_message',
    title: 'New message',
    message: `${who} on swap #${swapId}: ${chatPreview(content, hasFile)}`,
  };
}

export function reviewReceivedNotice(facts: Pick<DealFacts, 'orderId'>, reviewer: string, reviewee: string, score: number, comment: string): DealNotice {
  const said = comment.trim() ? ` “${truncate(comment.trim(), 100)}”` : '';
  return {
    wallet: reviewee,
    kind: 'review_received',
    title: 'New review',
    message: `${shortenWallet(reviewer)} rated you ${score}/5 for deal #${facts.orderId}.${said}`,
  };
}

export function walletBannedNotice(wallet: string, reason: string, until: Date): DealNotice {
  return {
    wallet,
    kind: 'wallet_banned',
    title: 'Account restricted',
    message: `Your wallet is banned until ${formatUtcDateTime(until)}. Reason: ${reason}`,
  };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
