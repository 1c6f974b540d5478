import type { AdminOrderResponse } from '@jelly/contracts';
import { adminSideLabel, formatCents, formatDisplayAmount, fromBaseUnits, orderStatusLabel } from '@jelly/domain';
import styles from './Admin.module.css';

/** The admin order chat's fields: order id, Fiat/Asset, Side, Buyer, Seller, Amount, Price, status. */
export function AdminOrderDetails({ order }: { order: AdminOrderResponse }) {
  const amount = formatDisplayAmount(fromBaseUnits(BigInt(order.amount), order.tokenDecimal));
  const rows: [string, string, string?][] = [
    ['Order ID', String(order.orderId)],
    ['Fiat/Asset', `${order.fiatCode}/${order.tokenName}`],
    ['Side', adminSideLabel(order.offerSide)],
    ['Buyer', order.buyerWallet ?? '—', 'admin-buyer'],
    ['Seller', order.sellerWallet ?? '—', 'admin-seller'],
    ['Amount', `${amount} ${order.tokenName}`],
    ['Price', `${formatDisplayAmount(order.price)} ${order.fiatCode}`],
  ];
  if (order.fiatAmountCents !== null) rows.push(['Fiat Amount', `${formatCents(BigInt(order.fiatAmountCents), true)} ${order.fiatCode}`]);
  rows.push(['Status', orderStatusLabel(order.status), 'admin-status']);
  return (
    <dl className={styles.details}>
      {rows.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId} className={label === 'Buyer' || label === 'Seller' ? styles.wallet : undefined}>
            {value}
          </dd>
        </div>
      ))}
      {order.escrow && (
        <div>
          <dt>Escrow</dt>
          <dd data-testid="admin-escrow">
            {order.escrow.status} · {formatDisplayAmount(fromBaseUnits(BigInt(order.escrow.amount), order.tokenDecimal))}{' '}
            {order.tokenName} · buyer {order.escrow.fiatGuySigned ? 'signed' : 'not signed'} · seller{' '}
            {order.escrow.cryptoGuySigned ? 'signed' : 'not signed'}
          </dd>
        </div>
      )}
    </dl>
  );
}
