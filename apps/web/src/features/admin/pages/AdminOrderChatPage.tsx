import { shortenWallet, type OrderStatus } from '@jelly/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useResolve } from '../hooks/useResolve.ts';
import { useAdminOrderQuery } from '../api/adminOrderApi.ts';
import { Forbidden } from '../components/AdminGate.tsx';
import { AdminOrderDetails } from '../components/AdminOrderDetails.tsx';
import { AdminExtensions } from '../components/AdminExtensions.tsx';
import { AdminPaymentDetails } from '../components/AdminPaymentDetails.tsx';
import { ResolveButtons } from '../components/ResolveButtons.tsx';
import styles from '../components/Admin.module.css';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { adminPagePaths } from '@jelly/contracts';

export const ADMIN_ORDER_POLL_INTERVAL_MS = 5000;

export interface AdminChatSlotProps {
  orderId: number;
  status: OrderStatus;
  myWallet: string | null;
  isAdmin: true;
  /** A support case is open on the ended deal: its chat is open again for it. */
  supportCaseOpen?: boolean;
}

export interface AdminOrderChatPageProps {
  myWallet: string | null;
  /** The deal chat panel, composed by the app layer. */
  chatSlot?: (chat: AdminChatSlotProps) => ReactNode;
}

/** /admin/orders/{id}: the deal as the admin sees it, 'Send to Buyer' / 'Send to Seller', and the deal chat. */
export function AdminOrderChatPage({ myWallet, chatSlot }: AdminOrderChatPageProps) {
  const params = useParams();
  const orderId = Number(params.id);
  const validId = Number.isSafeInteger(orderId) && orderId > 0;
  useDocumentTitle(validId ? `Admin · Order #${orderId}` : 'Admin');
  const query = useAdminOrderQuery(orderId, { skip: !validId, pollingInterval: ADMIN_ORDER_POLL_INTERVAL_MS });
  const order = query.data;
  const { busy, resolve } = useResolve(order, () => void query.refetch());

  if (!validId) return <Notice title="Order not found" text="This link does not point to an order." />;
  if (!order) {
    const status = (query.error as { status?: unknown } | undefined)?.status;
    if (status === 403) return <Forbidden />;
    if (status === 404) return <Notice title="Order not found" text={`There is no deal #${orderId}.`} />;
    if (query.isError) {
      return (
        <Notice title="The order could not be loaded" text="Check your connection and try again.">
          <Button onClick={() => void query.refetch()}>Retry</Button>
        </Notice>
      );
    }
    return <PageSpinner />;
  }

  return (
    <section className={styles.page} aria-label={`Order #${order.orderId}`}>
      <p className={styles.back}>
        <Link to={adminPagePaths.deals}>← Deals</Link>
      </p>
      <h1 className={styles.title}>Order #{order.orderId}</h1>
      <div className={styles.orderLayout}>
        <div className={styles.card}>
          <AdminOrderDetails order={order} />
          <ResolveButtons resolve={order.resolve} busy={busy} onResolve={resolve} />
          <AdminPaymentDetails order={order} />
          {order.supportRequests.length > 0 && (
            <div className={styles.requests}>
              <h2>Support requests</h2>
              <ul>
                {order.supportRequests.map((request) => (
                  <li key={request.id}>
                    <span title={request.requesterWallet}>{shortenWallet(request.requesterWallet)}</span> ·{' '}
                    {formatLocalDateTime(request.createdAt)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <AdminExtensions extensions={order.extensions} buyerWallet={order.buyerWallet} />
        </div>
        {chatSlot && (
          <div className={styles.chat}>{chatSlot({ orderId: order.orderId, status: order.status, myWallet, isAdmin: true })}</div>
        )}
      </div>
    </section>
  );
}

function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className={styles.notice}>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}
