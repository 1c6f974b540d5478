import type { AdminBan, UserOrderRow } from '@jelly/contracts';
import { FAILED_TO_BAN_USER, formatDisplayAmount, fromBaseUnits, orderStatusLabel, USER_UNBANNED } from '@jelly/domain';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/Button.tsx';
import { PageSpinner } from '../../../../components/ui/Spinner.tsx';
import type { EndpointDispatch } from '../../../../lib/api/api.ts';
import { modalPushed, openConfirmAction } from '../../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../../lib/toasts/toastsSlice.ts';
import { refusalText } from '../../actions/refusalText.ts';
import { useAdminUserQuery, useUnbanWalletMutation } from '../../api/adminUsersApi.ts';
import { AdminError } from '../AdminError.tsx';
import dossier from '../dossier/Dossier.module.css';
import table from '../AdminTable.module.css';
import { formatLocalDateTime } from '../../../../lib/time/formatLocalDateTime.ts';
import { adminPagePaths } from '@jelly/contracts';

const when = (iso: string | null) => formatLocalDateTime(iso ?? undefined) ?? '—';

/** A wallet's record for an admin: stats, deals, offers, reports against it, blocks, bans, Telegram; Ban / Unban. */
export function UserDetails({ wallet }: { wallet: string }) {
  const dispatch = useDispatch<EndpointDispatch>();
  const user = useAdminUserQuery(wallet);
  const [unban] = useUnbanWalletMutation();
  if (!user.data) {
    if ((user.error as { status?: unknown } | undefined)?.status === 404) return <p className={table.empty}>No user with this wallet.</p>;
    return user.isError ? <AdminError error={user.error} onRetry={() => void user.refetch()} /> : <PageSpinner />;
  }
  const data = user.data;
  const lift = () =>
    dispatch(
      openConfirmAction(
        { title: 'Lift the ban?', description: 'The wallet can sign in and trade again. Offers hidden by the ban stay withdrawn.', confirmText: 'Unban', variant: 'warning' },
        {
          onConfirm: async () => {
            try {
              await unban(wallet).unwrap();
              dispatch(showToast.success(USER_UNBANNED));
            } catch (error) {
              dispatch(showToast.error(refusalText(error, FAILED_TO_BAN_USER)));
            }
          },
        },
      ),
    );

  return (
    <div className={dossier.column} aria-label="User record">
      <section className={dossier.section}>
        <h2 className={dossier.mono}>{data.wallet}</h2>
        <p>
          {data.isAdmin && 'Admin · '}Telegram {data.telegramLinked ? 'linked' : 'not linked'} · first seen {when(data.createdAt)} · last sign-in{' '}
          {when(data.lastSignInAt)}
        </p>
        <p>
          Completed {data.stats.completedDeals}/{data.stats.finishedDeals} deals
          {data.stats.completionRate !== null && ` (${data.stats.completionRate}%)`} · cancelled {data.stats.cancelledDeals} · open {data.stats.openDeals}
        </p>
        {data.activeBan ? (
          <div className={dossier.banner} data-testid="active-ban">
            <p>
              Banned until {when(data.activeBan.until)}: {data.activeBan.reason}
            </p>
            <Button variant="secondary" size="small" onClick={lift}>
              Unban
            </Button>
          </div>
        ) : (
          <Button variant="danger" onClick={() => dispatch(modalPushed('banUser', { wallet: data.wallet }))}>
            Ban user
          </Button>
        )}
      </section>
      <Rows title="Deals" rows={data.deals} />
      <Rows title="Offers" rows={data.offers} />
      <section className={dossier.section}>
        <h2>Reports against this wallet</h2>
        <List items={data.reportsAgainst.map((r) => ({ key: r.id, text: `${when(r.createdAt)} · ${r.fromWallet}: ${r.comment}` }))} />
      </section>
      <section className={dossier.section}>
        <h2>Blocks</h2>
        <List
          items={[
            ...data.blocking.map((b) => ({ key: `to-${b.wallet}`, text: `Blocked ${b.wallet} · ${when(b.createdAt)} · ${b.reason}` })),
            ...data.blockedBy.map((b) => ({ key: `by-${b.wallet}`, text: `Blocked by ${b.wallet} · ${when(b.createdAt)} · ${b.reason}` })),
          ]}
        />
      </section>
      <section className={dossier.section}>
        <h2>Bans</h2>
        <List items={data.bans.map((ban: AdminBan) => ({ key: ban.id, text: banLine(ban) }))} />
      </section>
    </div>
  );
}

function banLine(ban: AdminBan): string {
  const state = ban.active ? 'in force' : ban.liftedAt ? `lifted ${when(ban.liftedAt)} by ${ban.liftedBy ?? '—'}` : 'ended';
  return `${when(ban.createdAt)} by ${ban.createdBy} until ${when(ban.until)} · ${state} · ${ban.reason}`;
}

function List({ items }: { items: { key: string; text: string }[] }) {
  if (items.length === 0) return <p className={dossier.muted}>None.</p>;
  return (
    <ul className={dossier.compact}>
      {items.map((item) => (
        <li key={item.key}>{item.text}</li>
      ))}
    </ul>
  );
}

function Rows({ title, rows }: { title: string; rows: UserOrderRow[] }) {
  return (
    <section className={dossier.section}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className={dossier.muted}>None.</p>
      ) : (
        <div className={table.scroll}>
          <table className={table.table} aria-label={title}>
            <tbody>
              {rows.map((row) => (
                <tr key={row.orderId}>
                  <td>
                    <Link to={row.kind === 'deal' ? adminPagePaths.dispute(row.orderId) : adminPagePaths.order(row.orderId)}>#{row.orderId}</Link>
                  </td>
                  <td>{row.role}</td>
                  <td>
                    {formatDisplayAmount(fromBaseUnits(BigInt(row.amount), row.tokenDecimal))} {row.tokenName} · {row.fiatCode}
                  </td>
                  <td>{row.kind === 'offer' ? (row.offerStatus ?? '') : orderStatusLabel(row.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
