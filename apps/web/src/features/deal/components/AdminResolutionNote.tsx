import type { AdminResolution, OrderDetails } from '@jelly/contracts';
import { buyerAndSeller, shortenWallet } from '@jelly/domain';
import styles from './AdminResolutionNote.module.css';

/** Who received the tokens, in the viewer's words: 'you', or the side and its shortened wallet. */
export function resolutionRecipient(deal: OrderDetails, resolution: AdminResolution, viewer: string | null): string {
  const { buyerWallet, sellerWallet } = buyerAndSeller(deal);
  const wallet = resolution.releasedTo === 'buyer' ? buyerWallet : sellerWallet;
  if (wallet && wallet === viewer) return 'you';
  const side = resolution.releasedTo === 'buyer' ? 'the buyer' : 'the seller';
  return wallet ? `${side} (${shortenWallet(wallet)})` : side;
}

/** After an admin resolved the deal: both parties read who received the tokens and the admin's reason. */
export function AdminResolutionNote({ deal, viewer }: { deal: OrderDetails; viewer: string | null }) {
  const resolution = deal.adminResolution;
  if (!resolution) return null;
  return (
    <section className={styles.note} aria-label="Admin decision" data-testid="admin-resolution">
      <p className={styles.line}>
        An admin resolved this deal: the tokens went to <strong>{resolutionRecipient(deal, resolution, viewer)}</strong>.
      </p>
      <p className={styles.reason}>Reason: {resolution.reason ?? 'No reason was given.'}</p>
    </section>
  );
}
