import type { Order, PaymentDetailsEntry } from '@jelly/contracts';
import {
  ALL_COUNTRIES,
  claimSummary,
  descriptionPreview,
  fiatCentsForBaseUnits,
  formatCents,
  formatDealPrice,
  formatPaymentTimeLimit,
  checkConfirmAmount,
  OPERATION_CONFIRMED,
  PROCESSING,
  toBaseUnits,
  type ClaimSummary,
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
import { useDealPrice } from '../hooks/useDealPrice.ts';
import { useEscrowFeeBps, type FeeState } from '../hooks/useEscrowFeeBps.ts';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { availableTokens, limitsLabel, visitorActionLabel, type OfferView } from '../offerFigures.ts';
import { Collapsible } from './Collapsible.tsx';
import styles from './ConfirmOperationModal.module.css';
import { pagePaths } from '@jelly/contracts';

export interface ConfirmOperationModalProps {
  offer: Order;
  /** The amount to claim, in whole tokens, as typed in Claim Offer. */
  amount: string;
  /** The Claim Offer modal below this one: closed with it after a successful claim. */
  claimModalId: string;
  /** A Buy offer's claim: the seller's payment details from Claim Offer. */
  paymentDetails?: PaymentDetailsEntry[] | undefined;
  onClose: () => void;
}

/**
 * Confirm Operation: Type, Asset, Currency, Amount, Price (the deal price, as in Claim Offer), Total (the fiat the
 * deal will ask), what each side sends and receives, Order Limit, Estimated Fee (from the escrow program's fee_bps
 * on chain) and who pays it, Payment Time Limit; collapsible Payment Method, Available Region(s) and Description
 * (100-character preview); Cancel / Confirm Operation ('Processing...' while busy). Confirming claims the offer at
 * the price shown (and, for a Buy offer, locks the claimer's tokens) and opens the deal chat.
 */
export function ConfirmOperationModal({ offer, amount, claimModalId, paymentDetails, onClose }: ConfirmOperationModalProps) {
  const dispatch = useDispatch<EndpointDispatch>();
  const navigate = useNavigate();
  const wallet = useWallet();
  const connection = useConnection();
  const signedInWallet = useSignedInWallet();
  const { data: config } = usePlatformConfigQuery();
  const fee = useEscrowFeeBps(config ? config.escrowProgramId : undefined);
  const [busy, setBusy] = useState(false);
  const amountCheck = checkConfirmAmount(amount, availableTokens(offer));
  const price = useDealPrice(offer);
  const fiatCents = amountCheck.ok ? fiatCentsForBaseUnits(toBaseUnits(amount, offer.tokenDecimal), offer.tokenDecimal, price.price) : null;
  const summary = fiatCents === null ? null : summaryFor(offer, amount, fiatCents, fee);

  const confirm = async () => {
    setBusy(true);
    try {
      const { dealId } = await claimOffer(
        offer,
        amount,
        {
        dispatch,
        wallet,
        connection,
        feePayer: config?.feePayer,
        escrowProgramId: config?.escrowProgramId,
          signedInWallet,
        },
        price.price,
        paymentDetails,
      );
      dispatch(showToast.success(OPERATION_CONFIRMED));
      dispatch(modalClosed(claimModalId));
      onClose();
      void navigate(pagePaths.deal(dealId));
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
          {formatDealPrice(price.price)} {offer.fiatCode}
        </Row>
        {fiatCents !== null && (
          <>
            <Row label="Total">
              <span data-testid="confirm-total">
                {formatCents(fiatCents)} {offer.fiatCode}
              </span>
            </Row>
            <Row label="You">{feeDependent(fee, summary?.you)}</Row>
            <Row label={counterpartyLabel(offer)}>{feeDependent(fee, summary?.counterparty)}</Row>
          </>
        )}
        <Row label="Order Limit">{limitsLabel(offer, price.price)}</Row>
        <Row label="Estimated Fee">{feeDependent(fee, summary?.fee)}</Row>
        <Row label="Fee Paid By">{feeDependent(fee, summary?.feePaidBy)}</Row>
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
        <Button disabled={busy || !amountCheck.ok || !config || price.refreshing} aria-busy={busy} onClick={() => void confirm()}>
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

/** The figures of this claim per side, once the fee is read from the chain (null before). */
function summaryFor(offer: OfferView, amount: string, fiatCents: bigint, fee: FeeState): ClaimSummary | null {
  if (fee.status !== 'ready') return null;
  return claimSummary({
    offerSide: offer.offerSide,
    amount: toBaseUnits(amount, offer.tokenDecimal),
    tokenDecimals: offer.tokenDecimal,
    tokenName: offer.tokenName,
    fiatCents,
    fiatCode: offer.fiatCode,
    feeBps: fee.feeBps,
  });
}

function feeDependent(fee: FeeState, text: string | undefined): string {
  if (fee.status === 'loading') return 'Loading…';
  if (fee.status === 'unavailable') return 'Unavailable';
  return text ?? '—';
}

/** The offer's creator, named by what they do in the deal: a Sell offer's creator is the seller. */
function counterpartyLabel(offer: OfferView): string {
  return visitorActionLabel(offer) === 'Buy' ? 'Seller' : 'Buyer';
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
