import { useIsMobile } from '../../../lib/ui/useMediaQuery.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { AdminQueue } from '../components/AdminQueue.tsx';
import styles from '../components/CoinJelly.module.css';
import { JellyOrdersList } from '../components/JellyOrdersList.tsx';

/** /admin/coin-jelly: the orders waiting for an admin first, then every order with its filters and Update. */
export default function AdminCoinJellyPage() {
  useDocumentTitle('Admin · Coin Jelly');
  const phone = useIsMobile();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Coin Jelly</h1>
      <AdminQueue />
      <JellyOrdersList list="admin" phone={phone} title="Jelly history" />
    </div>
  );
}
