import { shortenWallet, swapStatusLabel, totalPages } from '@jelly/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useCoinJellyUserOrdersQuery, useJellyHistoryQuery } from '../api/coinJellyApi.ts';
import type { JellyListItem, JellyListResponse } from '../api/contract.ts';
import { historyQuery, userOrdersQuery } from '../model/listQuery.ts';
import { AWAITING_USER_CHOICE, STAGE_LABELS } from '../model/stages.ts';
import { jellyPageChanged, selectJellyList, type JellyListKey } from '../state/coinJellySlice.ts';
import styles from './CoinJelly.module.css';
import { ConfirmDepositForm } from './ConfirmDepositForm.tsx';
import { JellyFilters } from './JellyFilters.tsx';
import { pagePaths } from '@jelly/contracts';

export interface JellyOrdersListProps {
  list: JellyListKey;
  /** The signed-in wallet, for the user's own list. */
  wallet?: string | null;
  /** Phones show a Filters button (modal filterCoinJelly) instead of the filter row. */
  phone: boolean;
  title?: string;
}

const EMPTY: JellyListResponse = { data: [], total: 0 };

/** A Coin Jelly list with its filters and pages: the user's orders, or every order with Update for admins. */
export function JellyOrdersList({ list, wallet, phone, title = 'Coin Jelly orders' }: JellyOrdersListProps) {
  const dispatch = useDispatch();
  const state = useSelector(selectJellyList(list));
  const user = useCoinJellyUserOrdersQuery(list === 'user' && wallet ? userOrdersQuery(state, wallet) : skipToken);
  const admin = useJellyHistoryQuery(list === 'admin' ? historyQuery(state) : skipToken);
  const result = list === 'user' ? user : admin;
  // A list that fails to load shows as empty.
  const { data, total } = result.isError ? EMPTY : (result.data ?? EMPTY);
  const pages = totalPages(total, state.size);
  const goTo = (page: number) => dispatch(jellyPageChanged({ list, page }));

  return (
    <section className={styles.list} aria-label={title}>
      <div className={styles.listHeader}>
        <h2 className={styles.subtitle}>{title}</h2>
        {phone && (
          <Button variant="secondary" size="small" onClick={() => dispatch(modalPushed('filterCoinJelly', { list }))}>
            Filters
          </Button>
        )}
      </div>
      {!phone && <JellyFilters list={list} />}
      {result.isFetching && !result.data ? (
        <p className={styles.small}>Loading…</p>
      ) : data.length === 0 ? (
        <p className={styles.small}>No orders yet</p>
      ) : (
        <ul className={styles.rows}>
          {data.map((order) => (
            <JellyRow key={order.id} order={order} admin={list === 'admin'} />
          ))}
        </ul>
      )}
      <nav className={styles.pager} aria-label={`${title} pages`}>
        <Button variant="ghost" size="small" disabled={state.page <= 1} onClick={() => goTo(state.page - 1)}>
          Previous
        </Button>
        <span>
          Page {state.page} of {pages}
        </span>
        <Button variant="ghost" size="small" disabled={state.page >= pages} onClick={() => goTo(state.page + 1)}>
          Next
        </Button>
      </nav>
    </section>
  );
}

function JellyRow({ order, admin }: { order: JellyListItem; admin: boolean }) {
  const dispatch = useDispatch();
  const recipient = order.newUserWallets[0] ?? '';
  return (
    <li className={styles.rowItem} data-testid="jelly-row">
      <Link to={pagePaths.coinJellyOrder(order.id)} className={styles.rowLink}>
        #{order.id}
      </Link>
      <span>
        {order.amountUserSend} {order.cryptoCurrencyFromUser} → {order.amountUserWannaGet} {order.newUserCrypto}
      </span>
      <span className={styles.small}>{formatLocalDateTime(order.createdAt)}</span>
      {admin && <span className={styles.small}>{shortenWallet(order.userWallet)}</span>}
      <span className={styles.small} title={recipient}>
        to {shortenWallet(recipient)}
      </span>
      <span className={styles.badge} data-status={order.status}>
        {swapStatusLabel(order.status)}
        {/* Processing alone hides that the order waits on its user: say so (to the admin) or ask (the user). */}
        {order.stage === 'needs_choice' && ` · ${admin ? AWAITING_USER_CHOICE : STAGE_LABELS.needs_choice}`}
      </span>
      {admin && order.sendChain !== 'Solana' && order.stage === 'awaiting_deposit' && <ConfirmDepositForm order={order} />}
      {admin && (
        <Button
          size="small"
          variant="secondary"
          onClick={() => dispatch(modalPushed('updateJelly', { id: order.id, txID: order.txID ?? '', status: order.status }))}
        >
          Update
        </Button>
      )}
    </li>
  );
}
