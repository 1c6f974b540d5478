import { SWAP_ASSETS, type Coin, type SwapQuote } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { AssetPicker } from '../../../components/pickers/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { PageIntro } from '../../../components/ui/PageIntro.tsx';
import { apiErrorFromQuery } from '../../../lib/api/apiError.ts';
import { useCoinsQuery } from '../../../lib/reference/catalogueApi.ts';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useConnection, useWallet } from '../../../lib/wallet/walletBridge.ts';
import { useSwapByIdQuery, useSwapQuoteQuery } from '../api/swapApi.ts';
import { FailurePanel, QuotePanel, type QuoteView } from '../components/QuotePanel.tsx';
import styles from '../components/Swap.module.css';
import { SwapHistory } from '../components/SwapHistory.tsx';
import { SwapOutcome } from '../components/SwapOutcome.tsx';
import { TokenField } from '../components/TokenField.tsx';
import { useExplorerTxUrl } from '../hooks/useExplorerTxUrl.ts';
import { useSettled } from '../hooks/useSettled.ts';
import { useSwapBalances } from '../hooks/useSwapBalances.ts';
import { useSwapFlow } from '../hooks/useSwapFlow.ts';
import { maxSwapInput } from '../model/maxInput.ts';
import { offeredPair } from '../model/offeredPair.ts';
import { isSol } from '../model/swapBalances.ts';
import { quoteClock } from '../model/quoteClock.ts';
import { exactAmount } from '../model/quoteFigures.ts';
import { classifySwapError } from '../model/swapFailure.ts';
import { amountTyped, directionFlipped, firstTokenPicked, secondTokenPicked, selectSwap } from '../state/swapSlice.ts';

/** While the user is idle the quote is refreshed this often (it is firm for longer than this). */
export const QUOTE_REFRESH_MS = 5000;
/** Typing that follows a change within this long waits this long to settle before a quote is asked for. */
const TYPING_SETTLE_MS = 300;

export interface SwapPageProps {
  onConnectWallet?: () => void;
}

/** /swap: a firm quote from the Jelly desk, signed once by the wallet, settled in one transaction. */
export default function SwapPage({ onConnectWallet }: SwapPageProps) {
  useDocumentTitle('Swap');
  const dispatch = useDispatch();
  const viewer = useSignedInWallet();
  const wallet = useWallet();
  // The chain is read only for the signed-in wallet's balances.
  const connection = useConnection(viewer !== null);
  const now = useNow();
  const explorerUrl = useExplorerTxUrl();
  const { data: allCoins = [], isLoading: coinsLoading } = useCoinsQuery();
  const coins = useMemo(() => allCoins.filter((coin) => (SWAP_ASSETS as readonly string[]).includes(coin.symbol)), [allCoins]);
  const { firstSelectedTokenCode, secondSelectedTokenCode, amountText } = useSelector(selectSwap);
  const { input, output } = offeredPair(coins, firstSelectedTokenCode, secondSelectedTokenCode);
  const [picker, setPicker] = useState<'first' | 'second' | null>(null);
  const owner = viewer && wallet.publicKey?.toBase58() === viewer ? wallet.publicKey : null;
  const flow = useSwapFlow(viewer);

  const units = input ? amountUnits(amountText, input) : null;
  const typed = units === null ? null : units.toString();
  const settled = useSettled(typed, TYPING_SETTLE_MS);
  const request = viewer && input && output && settled ? { inputMint: input.mint, outputMint: output.mint, amount: settled } : skipToken;
  const quote = useSwapQuoteQuery(request, { pollingInterval: flow.idle ? QUOTE_REFRESH_MS : 0, skipPollingIfUnfocused: false });

  const submitted = flow.phase.step === 'submitted' ? flow.phase.response : null;
  const tracked = useSwapByIdQuery(submitted ? submitted.swap.id : skipToken);
  const record = tracked.data ?? submitted?.swap;
  // A swap that lands (or fails) has the balances read again from the chain.
  const balances = useSwapBalances(connection, owner, input, output, record ? `${record.id}:${record.status}` : 'none');

  if (!input || !output) {
    return (
      <section className={styles.page}>
        <PageIntro page="swap" />
        <p className={styles.muted}>{coinsLoading ? 'Loading tokens…' : 'No tokens to swap.'}</p>
      </section>
    );
  }

  const view = quoteView({ signedIn: viewer !== null, typed, requested: request !== skipToken, quote });
  const live = view.state === 'ready' && view.clock.expiresAtMs > now.getTime() ? view : null;
  const liveQuote = live ? live.quote : null;
  const requote = () => {
    flow.reset();
    if (request !== skipToken) void quote.refetch();
  };
  const max = owner && balances.input !== null
    ? () => dispatch(amountTyped(exactAmount(maxSwapInput({ balance: balances.input ?? 0n, inputIsSol: isSol(input), outputAccountMissing: balances.outputAccountMissing }), input.decimals).replaceAll(',', '')))
    : null;
  const busy = flow.phase.step === 'preparing' || flow.phase.step === 'confirming' || flow.phase.step === 'signing';

  return (
    <section className={styles.page}>
      <PageIntro page="swap" />
      <div className={styles.card}>
        <TokenField
          label="You pay"
          coin={input}
          balance={owner ? balances.input : null}
          onPickToken={() => setPicker('first')}
          amount={{ text: amountText, onChange: (text) => dispatch(amountTyped(text)), onMax: max }}
        />
        <button type="button" className={styles.flip} onClick={() => dispatch(directionFlipped())} aria-label="Flip direction" disabled={busy}>
          ⇅
        </button>
        <TokenField
          label="You receive"
          coin={output}
          balance={owner ? balances.output : null}
          onPickToken={() => setPicker('second')}
          quoted={liveQuote ? exactAmount(liveQuote.outAmount, output.decimals) : null}
        />
        {flow.phase.step === 'failed' ? (
          <FailurePanel failure={flow.phase.failure} onRequote={requote} />
        ) : record && submitted ? (
          <SwapOutcome swap={record} alreadySent={submitted.alreadySent} explorerUrl={explorerUrl} onNewQuote={requote} />
        ) : (
          <QuotePanel view={view} input={input} output={output} now={now} onRequote={requote} onConnectWallet={onConnectWallet} />
        )}
        {!submitted && flow.phase.step !== 'failed' && viewer && (
          <Button
            size="large"
            className={styles.swapButton}
            disabled={!liveQuote || busy}
            onClick={() => live && flow.start(live.quote, { input, output }, balances.input, { expiresAt: live.clock.expiresAtMs, onExpired: requote })}
          >
            {flow.phase.step === 'signing' ? 'Waiting for the wallet…' : busy ? 'Processing...' : 'Swap'}
          </Button>
        )}
      </div>
      {viewer && <SwapHistory />}
      {picker && (
        <AssetPicker
          coins={coins}
          selectedMint={(picker === 'first' ? input : output).mint}
          onSelect={(coin: Coin) => dispatch(picker === 'first' ? firstTokenPicked(coin.symbol) : secondTokenPicked(coin.symbol))}
          onClose={() => setPicker(null)}
        />
      )}
    </section>
  );
}

/** What the quote panel shows: the current arguments' answer, or why there is none. */
function quoteView({ signedIn, typed, requested, quote }: {
  signedIn: boolean;
  typed: string | null;
  requested: boolean;
  quote: { isError: boolean; error?: unknown; currentData?: SwapQuote; fulfilledTimeStamp?: number };
}): QuoteView {
  if (!signedIn) return { state: 'signedOut' };
  if (typed === null) return { state: 'noAmount' };
  if (requested && quote.isError) return { state: 'failed', failure: classifySwapError(apiErrorFromQuery(quote.error)) };
  if (requested && quote.currentData) {
    return { state: 'ready', quote: quote.currentData, clock: quoteClock(quote.currentData, quote.fulfilledTimeStamp ?? Date.now()) };
  }
  return { state: 'loading' };
}

/** The typed amount in base units; null when empty, zero, or more precise than the token. */
function amountUnits(text: string, coin: Coin): bigint | null {
  if (!text || text === '.') return null;
  try {
    const units = toBaseUnits(text, coin.decimals);
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}
