import type { Order } from '@jelly/contracts';
import {
  ALL_COUNTRIES,
  descriptionPreview,
  estimatedFee,
  formatDisplayAmount,
  formatFeePercent,
  formatPaymentTimeLimit,
  checkConfirmAmount,
  OPERATION_CONFIRMED,
  PROCESSING,
} from '@jelly/domain';
import { useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { useNavigate } from 'react-router';
import { useCountriesQuery } from '../../../components/pickers/countriesApi.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { modalClosed } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useConnection, useWallet } from '../../../lib/wallet/walletBridge.ts';
import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { claimOffer, ClaimError } from '../chain/claimOffer.ts';
import { useEscrowFeeBps, type FeeState } from '../hooks/useEscrowFeeBps.ts';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { availableTokens, limitsLabel, visitorActionLabel, type OfferView } from '../offerFigures.ts';
import { Collapsible } from './Collapsible.tsx';
import styles from './ConfirmOperationModal.module.css';

export interface ConfirmOperationModalProps {
  offer: Order;
  /** The amount to claim, in whole tokens, as typed in Claim Offer. */
  amount: string;
  /** The Claim Offer modal below this one: closed with it after a successful claim. */
  claimModalId: string;
  onClose: () => void;
}

/**
 * Confirm Operation: Type, Asset, Currency, Amount, Price, Order Limit, Estimated Fee (from the
 * escrow program's fee_bps on chain), Payment Time Limit; collapsible Payment Method, Available Region(s) and
 * Description (100-character preview); Cancel / Confirm Operation ('Processing...' while busy). Confirming
 * claims the offer (and, for a Buy offer, locks the claimer's tokens) and opens the deal chat.
 */
export function ConfirmOperationModal({ offer, amount, claimModalId, onClose }: ConfirmOperationModalProps) {
  const dispatch = useDispatch<EndpointDispatch>();
  const navigate = useNavigate();
  const wallet = useWallet();
  const connection = useConnection();
  const signedInWallet = useSignedInWallet();
  const { data: config } = usePlatformConfigQuery();
  const fee = useEscrowFeeBps(config ? config.escrowProgramId : undefined);
  const [busy, setBusy] = useState(false);
  const amountCheck = checkConfirmAmount(amount, availableTokens(offer));

  const confirm = async () => {
    setBusy(true);
    try {
      const { dealId } = await claimOffer(offer, amount, {
        dispatch,
        wallet,
        connection,
        feePayer: config?.feePayer,
        escrowProgramId: config?.escrowProgramId,
        signedInWallet,
      });
      dispatch(showToast.success(OPERATION_CONFIRMED));
      dispatch(modalClosed(claimModalId));
      onClose();
      void navigate(`/swap-chat/${dealId}`);
    } catch (error) {
      dispatch(showToast.error(error instanceof ClaimError ? error.message : String(error)));
      setBusy(false);
    }
  };

  return (
    <Modal title="Confirm Operation" onClose={onClose} dismissible={!busy} hideCloseButton={busy}>
      <dl className={styles.rows}>
        <Row label="Type">{visitorActionLabel(offer)}</Row>
        <Row label="Asset">{offer.tokenName}</Row>
        <Row label="Currency">{offer.fiatCode}</Row>
        <Row label="Amount">
          {amount} {offer.tokenName}
        </Row>
        <Row label="Price">
          {formatDisplayAmount(offer.price)} {offer.fiatCode}
        </Row>
        <Row label="Order Limit">{limitsLabel(offer)}</Row>
        <Row label="Estimated Fee">{feeText(fee, amount, offer)}</Row>
        <Row label="Payment Time Limit">{formatPaymentTimeLimit(offer.paymentWindowMinutes)}</Row>
      </dl>

      <Collapsible title="Payment Method" summary={<span className={styles.muted}>{countLabel(offer.paymentMethods.length, 'method', 'methods')}</span>}>
        <ul className={styles.chips}>
          {offer.paymentMethods.map((method) => (
            <li key={method.id}>{method.name}</li>
          ))}
        </ul>
      </Collapsible>
      <Collapsible title="Available Region(s)" summary={<span className={styles.muted}>{regionSummary(offer.visibleInCountries)}</span>}>
        <RegionList codes={offer.visibleInCountries} />
      </Collapsible>
      <DescriptionSection text={offer.orderDescription} />

      {!amountCheck.ok && (
        <p className={styles.error} role="alert">
          {amountCheck.error}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={busy || !amountCheck.ok || !config} aria-busy={busy} onClick={() => void confirm()}>
          {busy ? PROCESSING : 'Confirm Operation'}
        </Button>
      </div>
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function feeText(fee: FeeState, amount: string, offer: OfferView): string {
  if (fee.status === 'loading') return 'Loading…';
  if (fee.status === 'unavailable') return 'Unavailable';
  return `${estimatedFee(amount, offer.tokenDecimal, fee.feeBps)} ${offer.tokenName} (${formatFeePercent(fee.feeBps)})`;
}

function countLabel(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function regionSummary(codes: readonly string[]): string {
  return codes.length === 0 ? ALL_COUNTRIES : countLabel(codes.length, 'country', 'countries');
}

function RegionList({ codes }: { codes: readonly string[] }) {
  const { data: countries } = useCountriesQuery(undefined, { skip: codes.length === 0 });
  if (codes.length === 0) return <p className={styles.text}>{ALL_COUNTRIES}</p>;
  const name = (code: string) => countries?.find((c) => c.code === code)?.name ?? code;
  return (
    <ul className={styles.chips}>
      {codes.map((code) => (
        <li key={code}>{name(code)}</li>
      ))}
    </ul>
  );
}

function DescriptionSection({ text }: { text: string }) {
  if (!text.trim()) {
    return (
      <Collapsible title="Description" summary={<span className={styles.muted}>No description</span>}>
        <p className={styles.text}>No description</p>
      </Collapsible>
    );
  }
  const preview = descriptionPreview(text);
  return (
    <Collapsible title="Description" summary={<p className={styles.text}>{preview.text}</p>}>
      <p className={styles.text}>{text}</p>
    </Collapsible>
  );
}
