import { OrderStatus } from '@jelly/domain';
import { useDisputePaymentDetailsQuery } from '../api/adminDisputesApi.ts';
import styles from './Admin.module.css';
import own from './AdminPaymentDetails.module.css';

/**
 * During a dispute the admin sees where the seller asked to be paid (to weigh the buyer's proof of payment), through
 * the admins' own endpoint, which audits each read; at any other time the server refuses, so nothing is asked.
 */
export function AdminPaymentDetails({ order }: { order: { orderId: number; offerSide: number; status: number } }) {
  // Every deal has a seller to be paid: a Sell offer's creator or a Buy offer's claimer.
  const visible = order.status === OrderStatus.AdminResolving;
  const { data, isError } = useDisputePaymentDetailsQuery(order.orderId, { skip: !visible });
  if (!visible) return null;
  return (
    <section className={styles.requests} aria-label="Seller's payment details">
      <h2>{"Seller's payment details"}</h2>
      {isError && <p>The payment details could not be loaded.</p>}
      {data && data.entries.length === 0 && <p>The seller gave none.</p>}
      {data && data.entries.length > 0 && (
        <ul>
          {data.entries.map((entry) => (
            <li key={entry.paymentMethodId} className={own.entry}>
              <strong>{entry.paymentMethodName}</strong>: {entry.details}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
