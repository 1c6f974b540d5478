import { ApiError, unwrapApi } from '../../../lib/api/apiError.ts';
import {
  fromBaseUnits,
  insufficientBalanceMessage,
  OfferSide,
  SOL_DECIMALS,
  toBaseUnits,
  UNEXPECTED_ERROR,
} from '@jelly/domain';
import { TEST_FUNDS_UNAVAILABLE, pagePaths } from '@jelly/contracts';
import { useMemo, useReducer, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useCountriesQuery } from '../../../components/pickers/countriesApi.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useWallet } from '../../../lib/wallet/walletBridge.ts';
import { useCoinsQuery, useCurrenciesQuery, usePaymentMethodsQuery } from '../../../lib/reference/catalogueApi.ts';
import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { useCreateOfferMutation, useOfferMarketPriceQuery, useRequestTestFundsMutation } from '../api/placeOrderApi.ts';
import { PlaceOrderForm } from '../components/PlaceOrderForm.tsx';
import styles from '../components/PlaceOrderForm.module.css';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { useTokenBalance, type BalanceState } from '../hooks/useTokenBalance.ts';
import {
  cleanDecimal,
  createOfferBody,
  draftErrors,
  draftReducer,
  effectivePrice,
  initialDraft,
  marketPrice,
  visibleIn,
  type PlaceOrderDraft,
} from '../state/draft.ts';

export const SIGN_IN_TO_CREATE = 'Connect your wallet to create an order.';

const catalogue = <T,>(query: { data?: T[]; isLoading: boolean; isError: boolean }) => ({
  items: query.data ?? [],
  loading: query.isLoading,
  error: query.isError ? 'The list could not be loaded. Close and try again.' : null,
});

/** A Sell offer must be covered by the wallet's balance: the insufficient-balance message when it is not. */
export function holdingsProblem(draft: PlaceOrderDraft, balance: BalanceState): string | null {
  if (draft.side !== OfferSide.Sell || !draft.asset || balance.status !== 'ready') return null;
  let wanted: bigint;
  try {
    wanted = toBaseUnits(cleanDecimal(draft.totalAmount), draft.asset.decimals);
  } catch {
    return null;
  }
  if (wanted <= balance.baseUnits) return null;
  return insufficientBalanceMessage(draft.asset.symbol, cleanDecimal(draft.totalAmount));
}

/** /p2p: create an offer. `onConnectWallet`: the app's Connect Wallet, offered to a signed-out visitor. */
export default function PlaceOrderPage({ onConnectWallet }: { onConnectWallet?: () => void } = {}) {
  useDocumentTitle('Create order');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [createOffer] = useCreateOfferMutation();
  const [requestTestFunds] = useRequestTestFundsMutation();
  const me = useSignedInWallet();
  const { publicKey } = useWallet();
  const [draft, change] = useReducer(draftReducer, initialDraft);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [funding, setFunding] = useState(false);

  const coins = useCoinsQuery();
  const currencies = useCurrenciesQuery();
  const methods = usePaymentMethodsQuery();
  const { data: countries = [] } = useCountriesQuery();
  const { data: config } = usePlatformConfigQuery();
  const { data: validation } = useOfferMarketPriceQuery(
    { fiatCode: draft.fiat?.code ?? '', cryptoSymbol: draft.asset?.symbol ?? '' },
    { skip: draft.priceType !== 'floating' || !draft.asset || !draft.fiat },
  );
  const market = validation ? marketPrice(validation) : null;
  const price = effectivePrice(draft, market);
  const errors = useMemo(() => draftErrors(draft, market), [draft, market]);
  const { balance, refresh } = useTokenBalance(draft.side === OfferSide.Sell ? (draft.asset?.mint ?? null) : null);
  const holdingsError = holdingsProblem(draft, balance);
  const allCodes = useMemo(() => countries.map((c) => c.code), [countries]);

  if (!me) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>Create order</h1>
        <p className={styles.lead}>{SIGN_IN_TO_CREATE}</p>
        {onConnectWallet && (
          <p>
            <Button onClick={onConnectWallet}>Connect Wallet</Button>
          </p>
        )}
      </section>
    );
  }

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || holdingsError) {
      dispatch(showToast.error(holdingsError ?? 'Check the highlighted fields.'));
      return;
    }
    setSubmitting(true);
    try {
      const { orderId } = await unwrapApi(createOffer(createOfferBody(draft, me, visibleIn(draft.regions, allCodes))));
      dispatch(showToast.success(`Offer #${orderId} created`));
      void navigate(pagePaths.onlineAd(orderId));
    } catch (error) {
      dispatch(showToast.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR));
      setSubmitting(false);
    }
  };

  const getTestFunds = async () => {
    setFunding(true);
    try {
      const funds = await unwrapApi(requestTestFunds(me));
      const decimalsOf = (symbol: string) => coins.data?.find((coin) => coin.symbol === symbol)?.decimals;
      const tokens = Object.entries(funds.tokens).map(([symbol, units]) => {
        const decimals = decimalsOf(symbol);
        return decimals === undefined ? symbol : `${fromBaseUnits(BigInt(units), decimals)} ${symbol}`;
      });
      dispatch(showToast.success(`Test funds sent: ${fromBaseUnits(BigInt(funds.sol), SOL_DECIMALS)} SOL, ${tokens.join(', ')}`));
      refresh();
    } catch (error) {
      dispatch(showToast.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR));
    } finally {
      setFunding(false);
    }
  };

  const walletMismatch = publicKey !== null && publicKey.toBase58() !== me;
  return (
    <section className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>Create order</h1>
          <p className={styles.lead}>Post an offer to buy or sell a token for your currency. Buyers and sellers find it on the market.</p>
        </div>
        {config?.testFunds && (
          <Button variant="secondary" onClick={() => void getTestFunds()} disabled={funding} aria-busy={funding}>
            {funding ? 'Sending…' : 'Get test funds'}
          </Button>
        )}
        {/* A test cluster the server did not start: the button stays, disabled, with the reason (never on mainnet). */}
        {config && !config.testFunds && config.cluster !== 'mainnet-beta' && (
          <div className={styles.testFunds}>
            <Button variant="secondary" disabled aria-describedby="test-funds-unavailable">
              Get test funds
            </Button>
            <p id="test-funds-unavailable" className={styles.testFundsNote}>
              {TEST_FUNDS_UNAVAILABLE}
            </p>
          </div>
        )}
      </header>
      {walletMismatch && (
        <p className={styles.warning} role="alert">
          The connected wallet is not the one you signed in with.
        </p>
      )}
      <PlaceOrderForm
        draft={draft}
        dispatch={change}
        errors={submitted ? errors : {}}
        holdingsError={holdingsError}
        balance={balance}
        coins={catalogue(coins)}
        currencies={catalogue(currencies)}
        paymentMethods={catalogue(methods)}
        countryCount={countries.length}
        marketPrice={market}
        effectivePrice={price}
        submitting={submitting}
        onSubmit={() => void submit()}
      />
    </section>
  );
}
