import type { Order } from '@jelly/contracts';
import {
  ALL_COUNTRIES,
  formatAvailableAmount,
  formatDisplayAmount,
  formatPaymentTimeLimit,
  fromBaseUnits,
  OFFER_NOT_ON_MARKET,
  offerTakesPaymentDetails,
  ORDER_CANCELLED,
  OrderStatus,
  orderStatusLabel,
  shortenWallet,
  UNEXPECTED_ERROR,
} from '@jelly/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useParams } from 'react-router';
import { useCountriesQuery } from '../../../components/pickers/countriesApi.ts';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, unwrapApi } from '../../../lib/api/apiError.ts';
import { useCancelOrderInDatabaseMutation } from '../../../lib/api/orderCancelApi.ts';
import { modalPushed, openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useOrderDetailsQuery, usePublicOfferQuery } from '../api/marketApi.ts';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { PaymentDetailsEditor } from '../components/PaymentDetailsEditor.tsx';
import { limitsLabel, visitorActionLabel } from '../offerFigures.ts';
import styles from './OnlineAdPage.module.css';
import { pagePaths } from '@jelly/contracts';

export interface OnlineAdPageProps {
  /** The app's Connect Wallet (composed by the app layer: features do not import each other). */
  onConnectWallet?: () => void;
}

/**
 * /online-ads/{id}: an offer's summary, with Claim for others and Cancel for its creator. Signed in it reads
 * GET /orders/{id}; a visitor (a shared link) reads the offer as the signed-out market shows it and is offered
 * Connect Wallet to claim it.
 */
export default function OnlineAdPage({ onConnectWallet }: OnlineAdPageProps = {}) {
  const { id } = useParams();
  const orderId = Number(id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  useDocumentTitle(valid ? `Offer #${orderId}` : 'Offer');
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const [cancelOffer] = useCancelOrderInDatabaseMutation();
  const me = useSignedInWallet();
  const [cancelling, setCancelling] = useState(false);
  const signedInRead = useOrderDetailsQuery(orderId, { skip: !valid || !me });
  const visitorRead = usePublicOfferQuery(orderId, { skip: !valid || !!me });
  const { isLoading, error } = me ? signedInRead : visitorRead;
  const offer: Order | undefined = me ? signedInRead.data : visitorRead.data;
  const { data: countries } = useCountriesQuery(undefined, { skip: !offer || offer.visibleInCountries.length === 0 });

  if (!valid) return <Message text="This is not an offer number." />;
  if (isLoading) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>Online ad</h1>
        <Spinner label="Loading offer" />
      </section>
    );
  }
  if (!offer) {
    const status = error && 'status' in error ? error.status : null;
    const notFound = me ? 'This offer does not exist.' : OFFER_NOT_ON_MARKET;
    return <Message text={status === 404 ? notFound : status === 403 ? 'Only the two parties of this deal can see it.' : 'The offer could not be loaded.'} />;
  }

  const mine = offer.creatorWallet === me;
  const isOffer = offer.parentOrderId === null;
  const active = offer.status === OrderStatus.Active;
  const tokens = (units: string) => fromBaseUnits(BigInt(units), offer.tokenDecimal);
  const regionNames = offer.visibleInCountries.map((code) => countries?.find((c) => c.code === code)?.name ?? code);

  const cancel = () =>
    dispatch(
      openConfirmAction(
        {
          title: 'Cancel this offer?',
          description: 'It leaves the market at once. Deals already started on it go on.',
          confirmText: 'Cancel offer',
          cancelText: 'Keep it',
          variant: 'danger',
        },
        {
          onConfirm: async () => {
            setCancelling(true);
            try {
              await unwrapApi(cancelOffer({ orderId: offer.orderId }));
              dispatch(showToast.success(ORDER_CANCELLED));
            } catch (e) {
              dispatch(showToast.error(e instanceof ApiError ? e.message : UNEXPECTED_ERROR));
              throw e;
            } finally {
              setCancelling(false);
            }
          },
        },
      ),
    );

  return (
    <section className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>Online ad</h1>
          <p className={styles.lead}>
            <strong className={styles.number}>
              {isOffer ? 'Offer' : 'Deal'} #{offer.orderId}
            </strong>{' '}
            · {offer.offerSide === 1 ? 'Buying' : 'Selling'} {offer.tokenName} for {offer.fiatCode} · <span data-testid="offer-status">{orderStatusLabel(offer.status)}</span>
          </p>
        </div>
        <div className={styles.actions}>
          {!isOffer && (
            <Link className={buttonClassName('primary')} to={pagePaths.deal(offer.orderId)}>
              Open deal chat
            </Link>
          )}
          {isOffer && mine && active && (
            <Button variant="danger" onClick={cancel} disabled={cancelling}>
              Cancel offer
            </Button>
          )}
          {isOffer && me && !mine && active && (
            <Button onClick={() => dispatch(modalPushed('confirmOrder', { offer }))}>{visitorActionLabel(offer)}</Button>
          )}
          {!me && onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
        </div>
      </header>

      <dl className={styles.facts}>
        <Fact label="Advertiser">
          <Link to={pagePaths.trader(offer.creatorWallet)} title={offer.creatorWallet} className={styles.traderLink}>
            {mine ? 'You' : shortenWallet(offer.creatorWallet)}
          </Link>
        </Fact>
        <Fact label="Price">
          {formatDisplayAmount(offer.price)} {offer.fiatCode}
          {offer.priceType === 'floating' && offer.premiumPercent !== null ? ` (market ${Number(offer.premiumPercent) >= 0 ? '+' : ''}${offer.premiumPercent}%)` : ''}
        </Fact>
        {isOffer ? (
          <>
            <Fact label="Available">
              {formatAvailableAmount(tokens(offer.amount))} {offer.tokenName}
            </Fact>
            <Fact label="Total">
              {formatAvailableAmount(tokens(offer.totalAmount))} {offer.tokenName}
            </Fact>
            <Fact label="Completed">
              {formatAvailableAmount(tokens(offer.filledQuantity))} {offer.tokenName}
            </Fact>
            <Fact label="Order Limit">{limitsLabel(offer)}</Fact>
          </>
        ) : (
          <Fact label="Amount">
            {formatAvailableAmount(tokens(offer.amount))} {offer.tokenName}
          </Fact>
        )}
        <Fact label="Payment Time Limit">{formatPaymentTimeLimit(offer.paymentWindowMinutes)}</Fact>
        <Fact label="Payment Method">{offer.paymentMethods.map((m) => m.name).join(', ')}</Fact>
        <Fact label="Available Region(s)">{regionNames.length === 0 ? ALL_COUNTRIES : regionNames.join(', ')}</Fact>
        {offer.minAccountAgeDays > 0 && <Fact label="Minimum account age">{offer.minAccountAgeDays} days</Fact>}
        {offer.tags.length > 0 && <Fact label="Tags">{offer.tags.join(', ')}</Fact>}
      </dl>
      {!me && <p className={styles.lead}>Connect your wallet to claim this offer.</p>}
      {offer.orderDescription && (
        <section className={styles.description}>
          <h2>Description</h2>
          <p>{offer.orderDescription}</p>
        </section>
      )}
      {mine && isOffer && offerTakesPaymentDetails(offer.offerSide) && <PaymentDetailsEditor offerId={offer.orderId} methods={offer.paymentMethods} />}
      <p className={styles.back}>
        <Link to={pagePaths.market}>Back to the market</Link> · <Link to={pagePaths.myAccount}>My orders</Link>
      </p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Message({ text }: { text: string }) {
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Online ad</h1>
      <p className={styles.lead}>{text}</p>
    </section>
  );
}
