import type { OrderStatus } from '@jelly/domain';
import { lazy, Suspense, useEffect } from 'react';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import { ConfirmActionModal } from '../../components/ui/ConfirmActionModal.tsx';
import { modalHandlersFor, releaseModalHandlers } from '../../lib/modals/modalHandlers.ts';
import type { ModalEntry } from '../../lib/modals/modalKinds.ts';
import { modalClosed, selectModalStack } from '../../lib/modals/modalsSlice.ts';
import { importWithRetry } from '../../lib/lazy/importWithRetry.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

// Feature modals load with their code (and the wallet libraries they use) on first open.
const ClaimOfferModal = lazy(() => importWithRetry(() => import('../../features/market/components/ClaimOfferModal.tsx')).then((m) => ({ default: m.ClaimOfferModal })));
const ConfirmOperationModal = lazy(() => importWithRetry(() => import('../../features/market/components/ConfirmOperationModal.tsx')).then((m) => ({ default: m.ConfirmOperationModal })));

const AttachmentPreviewModal = lazy(() => importWithRetry(() => import('../../features/deal-chat/components/AttachmentPreviewModal.tsx')).then((m) => ({ default: m.AttachmentPreviewModal })));
const ReviewsModal = lazy(() => importWithRetry(() => import('../../features/traders/components/ReviewsModal.tsx')).then((m) => ({ default: m.ReviewsModal })));
const ReportUserModal = lazy(() => importWithRetry(() => import('../../features/traders/components/ReportUserModal.tsx')).then((m) => ({ default: m.ReportUserModal })));
const BlockUserModal = lazy(() => importWithRetry(() => import('../../features/traders/components/BlockUserModal.tsx')).then((m) => ({ default: m.BlockUserModal })));
const DateRangeModal = lazy(() => importWithRetry(() => import('../../features/dashboard/components/DateRangeModal.tsx')).then((m) => ({ default: m.DateRangeModal })));
const OrderFiltersModal = lazy(() => importWithRetry(() => import('../../features/dashboard/components/FilterModals.tsx')).then((m) => ({ default: m.OrderFiltersModal })));
const AdFiltersModal = lazy(() => importWithRetry(() => import('../../features/dashboard/components/FilterModals.tsx')).then((m) => ({ default: m.AdFiltersModal })));
const FilterSwapModal = lazy(() => importWithRetry(() => import('../../features/swap/components/FilterSwapModal.tsx')).then((m) => ({ default: m.FilterSwapModal })));
const ConfirmFundModal = lazy(() => importWithRetry(() => import('../../features/coin-jelly/components/ConfirmFundModal.tsx')).then((m) => ({ default: m.ConfirmFundModal })));
const FilterCoinJellyModal = lazy(() => importWithRetry(() => import('../../features/coin-jelly/components/FilterCoinJellyModal.tsx')).then((m) => ({ default: m.FilterCoinJellyModal })));
const UpdateJellyModal = lazy(() => importWithRetry(() => import('../../features/coin-jelly/components/UpdateJellyModal.tsx')).then((m) => ({ default: m.UpdateJellyModal })));
const BanUserModal = lazy(() => importWithRetry(() => import('../../features/admin/modals/BanUserModal.tsx')).then((m) => ({ default: m.BanUserModal })));
const AddTokenModal = lazy(() => importWithRetry(() => import('../../features/admin/modals/AddTokenModal.tsx')).then((m) => ({ default: m.AddTokenModal })));
const AdminChatPreviewModal = lazy(() => importWithRetry(() => import('../../features/admin/modals/AdminChatPreviewModal.tsx')).then((m) => ({ default: m.AdminChatPreviewModal })));
const DealChat = lazy(() => importWithRetry(() => import('../../features/deal-chat/components/DealChat.tsx')).then((m) => ({ default: m.DealChat })));
const SuccessModal = lazy(() => importWithRetry(() => import('../../features/deal/components/SuccessModal.tsx')).then((m) => ({ default: m.SuccessModal })));

/**
 * Renders the modal stack from the store, bottom to top; the top one gets Escape (see Modal).
 * Kinds whose screens are not built yet render nothing: their features register them here.
 */
export function ModalStack() {
  const stack = useAppSelector(selectModalStack);
  return (
    <>
      {stack.map((entry) => (
        <StackedModal key={entry.id} entry={entry} />
      ))}
    </>
  );
}

/** The deal chat as the signed-in admin sees it. */
function AdminChat({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  return <DealChat orderId={orderId} status={status} myWallet={user.wallet} isAdmin={user.isAdmin} signedIn={signedIn} />;
}

function StackedModal({ entry }: { entry: ModalEntry }) {
  const dispatch = useAppDispatch();
  useEffect(() => () => releaseModalHandlers(entry.id), [entry.id]);
  const close = () => dispatch(modalClosed(entry.id));

  switch (entry.kind) {
    case 'confirmAction': {
      const handlers = modalHandlersFor(entry.id);
      return (
        <ConfirmActionModal
          {...entry.props}
          onConfirm={handlers.onConfirm ?? (() => undefined)}
          onCancel={handlers.onCancel}
          onExpired={handlers.onExpired}
          onClose={close}
        />
      );
    }
    case 'confirmOrder':
      return <Suspense fallback={null}><ClaimOfferModal {...entry.props} modalId={entry.id} onClose={close} /></Suspense>;
    case 'confirmOperation':
      return <Suspense fallback={null}><ConfirmOperationModal {...entry.props} onClose={close} /></Suspense>;
    case 'successfulTransaction':
      return <Suspense fallback={null}><SuccessModal {...entry.props} onClose={close} /></Suspense>;
    case 'chatAttachmentPreview':
      return <Suspense fallback={null}><AttachmentPreviewModal {...entry.props} onClose={close} /></Suspense>;
    case 'reviews':
      return <Suspense fallback={null}><ReviewsModal {...entry.props} onClose={close} /></Suspense>;
    case 'reportUser':
      return <Suspense fallback={null}><ReportUserModal {...entry.props} onClose={close} /></Suspense>;
    case 'banUserSimple':
      return <Suspense fallback={null}><BlockUserModal {...entry.props} onClose={close} /></Suspense>;
    case 'banUser':
      return <Suspense fallback={null}><BanUserModal {...entry.props} onClose={close} /></Suspense>;
    case 'createTokenAdmin':
      return <Suspense fallback={null}><AddTokenModal onClose={close} /></Suspense>;
    case 'adminChatPreview':
      return (
        <Suspense fallback={null}>
          <AdminChatPreviewModal {...entry.props} onClose={close} chat={<AdminChat orderId={entry.props.orderId} status={entry.props.status} />} />
        </Suspense>
      );
    case 'myAccountFilter':
      return <Suspense fallback={null}><DateRangeModal onClose={close} /></Suspense>;
    case 'filterOrders':
      return <Suspense fallback={null}><OrderFiltersModal onClose={close} /></Suspense>;
    case 'filterSwap':
      return <Suspense fallback={null}><FilterSwapModal onClose={close} /></Suspense>;
    case 'filterAds':
      return <Suspense fallback={null}><AdFiltersModal onClose={close} /></Suspense>;
    case 'coinJelly':
      return <Suspense fallback={null}><ConfirmFundModal {...entry.props} onClose={close} /></Suspense>;
    case 'filterCoinJelly':
      return <Suspense fallback={null}><FilterCoinJellyModal {...entry.props} onClose={close} /></Suspense>;
    case 'updateJelly':
      return <Suspense fallback={null}><UpdateJellyModal {...entry.props} onClose={close} /></Suspense>;
    default:
      return null;
  }
}
