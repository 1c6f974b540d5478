import { recipientAddressError } from '@jelly/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { useCoinJellyCoinsQuery, useCoinJellyQuoteQuery, useReserveCoinJellyMutation } from '../api/coinJellyApi.ts';
import type { JellyCoin, JellyQuoteQuery } from '../api/contract.ts';
import { coinTitle, exceeds, isPositiveAmount, sameCoin } from '../model/coins.ts';
import { failureMessage } from '../model/errors.ts';
import { useDebounced } from '../model/useDebounced.ts';
import { ChainCoinPicker } from './ChainCoinPicker.tsx';
import { CoinButton } from './CoinButton.tsx';
import styles from './CoinJelly.module.css';

/** Typing pauses this long before a quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 300;

type Side = 'send' | 'receive';

function defaultCoin(coins: readonly JellyCoin[], code: string, other: JellyCoin | null): JellyCoin | null {
  return coins.find((c) => c.currency === code && c.chain === 'Solana') ?? coins.find((c) => !sameCoin(c, other)) ?? null;
}

/** The /coin-jelly form: what to send and receive, both amounts, the recipient and refund addresses. */
export function ExchangeForm({ wallet }: { wallet: string }) {
  const dispatch = useDispatch();
  const id = useId();
  const coins = useCoinJellyCoinsQuery();
  const list = coins.data?.data ?? [];
  const [picked, setPicked] = useState<{ send: JellyCoin | null; receive: JellyCoin | null }>({ send: null, receive: null });
  const send = picked.send ?? defaultCoin(list, 'USDC', null);
  const receive = picked.receive ?? defaultCoin(list, 'SOL', send);
  const [picker, setPicker] = useState<Side | null>(null);
  const [amount, setAmount] = useState<{ side: Side; text: string }>({ side: 'send', text: '' });
  const [recipient, setRecipient] = useState('');
  const [refund, setRefund] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [reserve, reservation] = useReserveCoinJellyMutation();

  const refundAddress = refund ?? (send?.chain === 'Solana' ? wallet : '');
  const typedCoin = amount.side === 'send' ? send : receive;
  const amountOk = !!typedCoin && isPositiveAmount(amount.text, typedCoin.decimals);
  const typedAmount = amount.text.trim();
  const pair =
    send && receive && amountOk && !sameCoin(send, receive)
      ? {
          sendCoin: send.currency,
          sendChain: send.chain,
          receiveCoin: receive.currency,
          receiveChain: receive.chain,
          ...(amount.side === 'send' ? { amountUserSend: typedAmount } : { amountUserWannaGet: typedAmount }),
        }
      : null;
  // A Solana recipient rides along with the quote: the answer then says when it cannot receive the coin yet.
  const recipientTyped = recipient.trim();
  const recipientChecked =
    receive?.chain === 'Solana' && receive.mint && recipientTyped && !recipientAddressError(receive.chain, recipientTyped, { bitcoinNetwork: 'any' })
      ? recipientTyped
      : null;
  const quoteArgs: JellyQuoteQuery | null = pair && recipientChecked ? { ...pair, recipientAddress: recipientChecked } : pair;
  const settledArgs = useDebounced(quoteArgs, QUOTE_DEBOUNCE_MS);
  const quote = useCoinJellyQuoteQuery(settledArgs ?? skipToken);
  const quoted = quote.data && settledArgs && JSON.stringify(settledArgs) === JSON.stringify(quoteArgs) ? quote.data : null;

  const sendText = amount.side === 'send' ? amount.text : (quoted?.amountUserSend ?? '');
  const receiveText = amount.side === 'receive' ? amount.text : (quoted?.amountUserWannaGet ?? '');
  const overMax = !!quoted && exceeds(quoted.amountUserWannaGet, quoted.maxReceive);
  // The server knows which Bitcoin network it pays on and checks again; here either network's address is taken.
  const recipientError = receive && recipient ? recipientAddressError(receive.chain, recipient, { bitcoinNetwork: 'any' }) : null;
  const refundError = send && refundAddress ? recipientAddressError(send.chain, refundAddress, { bitcoinNetwork: 'any' }) : null;
  const sameCoins = sameCoin(send, receive);
  const ready = !!quoted && !overMax && !sameCoins && !!recipient && !recipientError && !!refundAddress && !refundError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!ready || !pair) return;
    const result = await reserve({ ...pair, recipientAddress: recipient.trim(), refundAddress: refundAddress.trim() });
    if ('data' in result && result.data) dispatch(modalPushed('coinJelly', { orderId: result.data.id }));
  };

  const choose = (side: Side) => (coin: JellyCoin) => setPicked((previous) => ({ ...previous, [side]: coin }));

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.row}>
        <label htmlFor={`${id}-send`}>You send</label>
        <div className={styles.amountRow}>
          <input
            id={`${id}-send`}
            className={styles.input}
            inputMode="decimal"
            placeholder="0.00"
            value={sendText}
            onChange={(event) => setAmount({ side: 'send', text: event.target.value })}
          />
          <CoinButton label="Coin to send" coin={send} onOpen={() => setPicker('send')} />
        </div>
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-receive`}>You receive</label>
        <div className={styles.amountRow}>
          <input
            id={`${id}-receive`}
            className={styles.input}
            inputMode="decimal"
            placeholder="0.00"
            value={receiveText}
            onChange={(event) => setAmount({ side: 'receive', text: event.target.value })}
          />
          <CoinButton label="Coin to receive" coin={receive} onOpen={() => setPicker('receive')} />
        </div>
        {quoted && receive && (
          <p className={styles.small} data-testid="max-receive">
            Maximum the desk can pay now: {quoted.maxReceive} {receive.currency} · 1 {send?.currency} = {quoted.rate} {receive.currency}
          </p>
        )}
        {overMax && <p className={styles.error} role="alert">This is more than the desk can pay now. Lower the amount.</p>}
        {sameCoins && <p className={styles.error} role="alert">Choose two different coins.</p>}
        {amount.text && !amountOk && <p className={styles.error} role="alert">Enter an amount above zero{typedCoin ? ` with at most ${typedCoin.decimals} decimals` : ''}.</p>}
        {quote.isError && quoteArgs && <p className={styles.error} role="alert">{failureMessage(quote.error)}</p>}
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-recipient`}>Recipient address{receive ? ` (${coinTitle(receive)})` : ''}</label>
        <input
          id={`${id}-recipient`}
          className={styles.input}
          autoComplete="off"
          spellCheck={false}
          value={recipient}
          aria-invalid={!!recipientError}
          aria-describedby={recipientError ? `${id}-recipient-error` : undefined}
          onChange={(event) => setRecipient(event.target.value)}
        />
        {recipientError && <p id={`${id}-recipient-error`} className={styles.error} role="alert">{recipientError}</p>}
        {quoted?.recipientWarning && (
          <p className={styles.warning} role="note" data-testid="recipient-warning">
            {quoted.recipientWarning}. You can still exchange: the payout waits until that wallet opens the account.
          </p>
        )}
        {touched && !recipient && <p className={styles.error} role="alert">Enter the address that receives the coins.</p>}
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-refund`}>Refund address{send ? ` (${coinTitle(send)})` : ''}</label>
        <input
          id={`${id}-refund`}
          className={styles.input}
          autoComplete="off"
          spellCheck={false}
          value={refundAddress}
          aria-invalid={!!refundError}
          onChange={(event) => setRefund(event.target.value)}
        />
        {refundError && <p className={styles.error} role="alert">{refundError}</p>}
      </div>
      {reservation.isError && <p className={styles.error} role="alert">{failureMessage(reservation.error)}</p>}
      <Button type="submit" size="large" disabled={reservation.isLoading}>
        {reservation.isLoading ? 'Processing...' : 'Exchange'}
      </Button>
      {picker && (
        <ChainCoinPicker
          title={picker === 'send' ? 'I send' : 'I receive'}
          coins={list}
          loading={coins.isLoading}
          error={coins.isError ? failureMessage(coins.error) : null}
          selected={picker === 'send' ? send : receive}
          onSelect={choose(picker)}
          onClose={() => setPicker(null)}
        />
      )}
    </form>
  );
}
