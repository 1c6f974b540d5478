import { counterpartyWallet, countdownRuns, dealActions, OrderStatus } from '@jelly/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { PageIntro } from '../../../components/ui/PageIntro.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { selectRealtimeOpen, selectRealtimeOpenedAt } from '../../../lib/realtime/realtimeSlice.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import type { DealActionEnv } from '../actions/dealAction.ts';
import { useDealOrderQuery, useRatingSummaryQuery } from '../api/dealApi.ts';
import { AdminResolutionNote } from '../components/AdminResolutionNote.tsx';
import { SupportCaseNote } from '../components/SupportCaseNote.tsx';
import { DisputeClockNote } from '../components/DisputeClockNote.tsx';
import { DealHeader } from '../components/DealHeader.tsx';
import { PaymentWindowExtension } from '../components/PaymentWindowExtension.tsx';
import { PaymentDetailsPanel } from '../components/PaymentDetailsPanel.tsx';
import { PayoutWaitBanner } from '../components/PayoutWaitBanner.tsx';
import { useDealActions } from '../hooks/useDealActions.ts';
import { useSuccessPrompt } from '../hooks/useSuccessPrompt.ts';
import styles from './DealChatPage.module.css';
import { pagePaths } from '@jelly/contracts';

/**
 * Polling interval of the deal record while the app's realtime socket is down. While it is open the server pushes
 * every status change (the app-wide client invalidates the deal's cache entry), so the page does not poll.
 */
export const DEAL_POLL_INTERVAL_MS = 5000;
/** How long to wait before asking again for an admin decision whose status arrived before its record. */
export const RESOLUTION_RETRY_MS = 1500;
const RESOLUTION_RETRIES = 5;

export interface DealViewer {
  wallet: string | null;
  signedIn: boolean;
  isAdmin: boolean;
}

export interface DealChatSlotProps {
  orderId: number;
  status: OrderStatus;
  myWallet: string | null;
  isAdmin: boolean;
  /** A support case is open on the ended deal: its chat is open again for it. */
  supportCaseOpen: boolean;
}

export interface DealChatPageProps {
  viewer: DealViewer;
  /** GET /platform/config's escrowProgramId and feePayer; null while the config loads. */
  escrow: DealActionEnv['escrow'];
  /** The deal chat panel, composed by the app layer (features do not import each other). */
  chatSlot?: (chat: DealChatSlotProps) => ReactNode;
  onConnectWallet?: () => void;
}

/** /swap-chat/{id}: the deal header with its actions, and the deal chat below. */
export function DealChatPage({ viewer, escrow, chatSlot, onConnectWallet }: DealChatPageProps) {
  const params = useParams();
  const orderId = Number(params.id);
  const validId = Number.isSafeInteger(orderId) && orderId > 0;

  const dispatch = useDispatch();
  const realtimeOpen = useSelector(selectRealtimeOpen);
  const query = useDealOrderQuery(orderId, {
    skip: !validId || !viewer.signedIn,
    pollingInterval: realtimeOpen ? 0 : DEAL_POLL_INTERVAL_MS,
  });
  const deal = query.data;
  // An offer's number opened here is titled as an offer, as on its own page (/online-ads/{id}).
  const isOffer = deal?.parentOrderId === null;
  useDocumentTitle(!validId ? 'Deal' : isOffer ? `Offer #${orderId}` : `Deal #${orderId}`);
  const counterparty = deal ? (counterpartyWallet(deal, viewer.wallet) ?? deal.creatorWallet) : null;
  const { data: summary } = useRatingSummaryQuery(counterparty ?? '', { skip: !counterparty });
  const { refetch } = query;
  const { busy, start } = useDealActions({ deal, viewer: viewer.wallet, escrow, refresh: refetch });
  useSuccessPrompt(deal, viewer.wallet);
  // Support Request stays for 24 hours after a deal ended; a minute's precision is enough to hide it after.
  const now = useNow(60_000);

  useCatchUpAfterReconnect(query.isUninitialized ? null : refetch);
  useResolutionCatchUp(deal?.status === OrderStatus.AdminResolved && !deal.adminResolution, query.fulfilledTimeStamp, refetch);

  if (!validId) return <Notice title="Deal not found" text="This link does not point to a deal." />;
  if (!viewer.signedIn) {
    return (
      <Notice title={`Deal #${orderId}`} text="Connect your wallet and sign in to open this deal.">
        {onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
      </Notice>
    );
  }
  if (!deal) {
    if (query.isError) return <LoadError error={query.error} onRetry={() => void refetch()} />;
    // While the deal loads, the page says what it is (the words the first paint drew); the deal then takes its place,
    // its header and chat filling the screen.
    return (
      <section className={styles.loading} aria-label={`Deal #${orderId}`} aria-busy="true">
        <PageIntro page="deal" />
        <PageSpinner />
      </section>
    );
  }
  if (deal.parentOrderId === null) {
    return (
      <Notice title={`Offer #${deal.orderId}`} text="This is an offer, not a deal: claim it to start a deal.">
        <Link className={buttonClassName('primary')} to={pagePaths.onlineAd(deal.orderId)}>
          Open the offer
        </Link>
      </Notice>
    );
  }

  return (
    <section className={styles.page} aria-label={`Deal #${deal.orderId}`}>
      <PayoutWaitBanner
        deal={deal}
        viewer={viewer.wallet}
        busy={busy === 'receivePayout'}
        disabled={busy !== null}
        onReceive={() => start('receivePayout')}
      />
      <DealHeader
        deal={deal}
        viewer={viewer.wallet}
        summary={summary}
        actions={dealActions(deal, viewer.wallet, now)}
        busy={busy}
        onAction={start}
        onReport={(wallet) => dispatch(modalPushed('reportUser', { wallet }))}
        onBlock={(wallet) => dispatch(modalPushed('banUserSimple', { wallet }))}
        windowControls={
          countdownRuns(deal.status) && (
            <PaymentWindowExtension deal={deal} viewer={viewer.wallet} pollingInterval={realtimeOpen ? 0 : DEAL_POLL_INTERVAL_MS} />
          )
        }
      />
      <PaymentDetailsPanel deal={deal} viewer={viewer.wallet} isAdmin={viewer.isAdmin} />
      <DisputeClockNote deal={deal} now={now} />
      <AdminResolutionNote deal={deal} viewer={viewer.wallet} />
      <SupportCaseNote deal={deal} viewer={viewer.wallet} />
      {chatSlot && (
        <div className={styles.chat}>
          {chatSlot({
            orderId: deal.orderId,
            status: deal.status,
            myWallet: viewer.wallet,
            isAdmin: viewer.isAdmin,
            supportCaseOpen: deal.supportCase?.state === 'open',
          })}
        </div>
      )}
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

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Notice title="Deal not found" text="There is no deal with this number." />;
  if (status === 403) {
    return <Notice title="Not your deal" text="Only the two parties of a deal and the admins can open it." />;
  }
  return (
    <Notice title="The deal could not be loaded" text="Check your connection and try again.">
      <Button onClick={onRetry}>Retry</Button>
    </Notice>
  );
}

/** Events sent while the socket was down were not pushed: refetch once after each reconnect. */
function useCatchUpAfterReconnect(refetch: (() => unknown) | null) {
  const openedAt = useSelector(selectRealtimeOpenedAt);
  const seen = useRef(openedAt);
  useEffect(() => {
    if (openedAt === null || openedAt === seen.current) return;
    seen.current = openedAt;
    refetch?.();
  }, [openedAt, refetch]);
}

/**
 * The socket pushes Admin Resolved as soon as the status moves; the admin's decision (who received the tokens, the
 * reason) is recorded a moment later. While the deal reads Admin Resolved without it, ask again a few times.
 */
function useResolutionCatchUp(missing: boolean, fetchedAt: number | undefined, refetch: () => unknown) {
  const tries = useRef(0);
  useEffect(() => {
    if (!missing || tries.current >= RESOLUTION_RETRIES) return;
    const timer = setTimeout(() => {
      tries.current += 1;
      refetch();
    }, RESOLUTION_RETRY_MS);
    return () => clearTimeout(timer);
  }, [missing, fetchedAt, refetch]);
}
