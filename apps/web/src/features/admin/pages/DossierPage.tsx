import { shortenWallet } from '@jelly/domain';
import { useDispatch } from 'react-redux';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useResolve } from '../hooks/useResolve.ts';
import { useDisputeQuery } from '../api/adminDisputesApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import { AdminOrderDetails } from '../components/AdminOrderDetails.tsx';
import { AdminPaymentDetails } from '../components/AdminPaymentDetails.tsx';
import { ChatLog } from '../components/dossier/ChatLog.tsx';
import styles from '../components/dossier/Dossier.module.css';
import { FourEyesPanel } from '../components/dossier/FourEyesPanel.tsx';
import { PartyCard } from '../components/dossier/PartyCard.tsx';
import { SupportCasePanel } from '../components/dossier/SupportCasePanel.tsx';
import { Timeline } from '../components/dossier/Timeline.tsx';
import { ResolveButtons } from '../components/ResolveButtons.tsx';
import { slaClock } from '../lib/explorer.ts';
import page from '../components/Admin.module.css';
import type { AdminOrderChatPageProps } from './AdminOrderChatPage.tsx';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { adminPagePaths } from '@jelly/contracts';

export const DOSSIER_POLL_INTERVAL_MS = 5000;

/**
 * /admin/disputes/{id}: the whole case on one page — the deal, its timeline with signatures, the chat record with
 * attachment hashes, both parties, support requests, the payment window — and the decision: resolve with a reason,
 * or approve another admin's request above the four-eyes amount.
 */
export function DossierPage({ myWallet, chatSlot }: AdminOrderChatPageProps) {
  const params = useParams();
  const orderId = Number(params.id);
  const validId = Number.isSafeInteger(orderId) && orderId > 0;
  useDocumentTitle(validId ? `Admin · Dispute #${orderId}` : 'Admin · Disputes');
  const dispatch = useDispatch();
  const now = useNow();
  const query = useDisputeQuery(orderId, { skip: !validId, pollingInterval: DOSSIER_POLL_INTERVAL_MS });
  const dossier = query.data;
  const { busy, resolve } = useResolve(dossier?.header, () => void query.refetch());

  if (!validId || (query.error as { status?: unknown } | undefined)?.status === 404) {
    return (
      <section className={page.notice}>
        <h1>Dispute not found</h1>
        <p>{validId ? `There is no deal #${orderId}.` : 'This link does not point to a deal.'}</p>
        <Link to={adminPagePaths.disputes}>Back to the queue</Link>
      </section>
    );
  }
  if (!dossier) return query.isError ? <AdminError error={query.error} onRetry={() => void query.refetch()} /> : <PageSpinner />;

  const { header, pendingApproval, resolution } = dossier;
  const ban = (wallet: string) => dispatch(modalPushed('banUser', { wallet }));
  const overdue = dossier.slaDueAt !== null && now.getTime() > new Date(dossier.slaDueAt).getTime();

  return (
    <section className={page.page} aria-label={`Dispute #${orderId}`}>
      <p className={page.back}>
        <Link to={adminPagePaths.disputes}>← Disputes</Link>
      </p>
      <h1 className={page.title}>Dispute #{orderId}</h1>
      {dossier.openedAt && (
        <p className={overdue ? styles.warning : styles.muted} data-testid="dossier-sla">
          Open for {slaClock(dossier.openedAt, now)}
          {dossier.slaDueAt && ` · due ${formatLocalDateTime(dossier.slaDueAt) ?? '—'}`}
        </p>
      )}
      {dossier.reviewFlag && (
        <p className={styles.banner}>
          Flagged for review {formatLocalDateTime(dossier.reviewFlag.flaggedAt)}: {dossier.reviewFlag.reason}
        </p>
      )}
      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={styles.section} aria-label="Deal">
            <AdminOrderDetails order={header} />
            {resolution ? (
              <p className={styles.banner} data-testid="dossier-resolution">
                Sent to the {resolution.releaseTo} by {shortenWallet(resolution.resolvedBy)}
                {resolution.approvedBy && `, approved by ${shortenWallet(resolution.approvedBy)}`} on{' '}
                {formatLocalDateTime(resolution.resolvedAt)}: “{resolution.reason}”
              </p>
            ) : (
              !pendingApproval && <ResolveButtons resolve={header.resolve} busy={busy} onResolve={resolve} needsSecondAdmin={dossier.fourEyes.required} />
            )}
            <AdminPaymentDetails order={header} />
          </section>
          {pendingApproval && pendingApproval.state === 'pending' && <FourEyesPanel approval={pendingApproval} myWallet={myWallet} />}
          {dossier.supportCase && <SupportCasePanel orderId={orderId} supportCase={dossier.supportCase} />}
          <section className={styles.section}>
            <h2>Timeline</h2>
            <Timeline events={dossier.timeline} />
          </section>
          <section className={styles.section}>
            <h2>Payment window</h2>
            <p>
              {dossier.paymentWindow.paymentDeadline
                ? `Payment due by ${formatLocalDateTime(dossier.paymentWindow.paymentDeadline) ?? '—'}`
                : 'No payment deadline set.'}
            </p>
            {dossier.paymentWindow.extensions.length > 0 && (
              <ul className={styles.compact}>
                {dossier.paymentWindow.extensions.map((extension) => (
                  <li key={extension.id}>
                    +{extension.minutes} min asked by {shortenWallet(extension.requestedBy)} · {extension.state}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className={styles.parties}>
            <PartyCard role="Buyer" party={dossier.buyer} onBan={ban} />
            <PartyCard role="Seller" party={dossier.seller} onBan={ban} />
          </div>
          <section className={styles.section}>
            <h2>Support requests</h2>
            {header.supportRequests.length === 0 ? (
              <p className={styles.muted}>None.</p>
            ) : (
              <ul className={styles.compact}>
                {header.supportRequests.map((request) => (
                  <li key={request.id}>
                    <span title={request.requesterWallet}>{shortenWallet(request.requesterWallet)}</span> · {formatLocalDateTime(request.createdAt)}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={styles.section}>
            <h2>Chat record</h2>
            <ChatLog messages={dossier.chat} buyer={header.buyerWallet} seller={header.sellerWallet} />
          </section>
        </div>
        <div className={styles.column}>
          <Button variant="secondary" onClick={() => dispatch(modalPushed('adminChatPreview', { orderId, status: header.status, buyerWallet: header.buyerWallet, sellerWallet: header.sellerWallet }))}>
            Open the chat in a dialog
          </Button>
          {chatSlot && <div className={styles.chat}>{chatSlot({ orderId, status: header.status, myWallet, isAdmin: true, supportCaseOpen: dossier.supportCase?.state === 'open' })}</div>}
        </div>
      </div>
    </section>
  );
}
