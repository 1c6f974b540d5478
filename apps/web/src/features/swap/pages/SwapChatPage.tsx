import { swapStatusLabel } from '@jelly/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useSwapByIdQuery } from '../api/swapApi.ts';
import { useExplorerTxUrl } from '../hooks/useExplorerTxUrl.ts';
import { shownAmount } from '../model/quoteFigures.ts';
import styles from '../components/Swap.module.css';
import { pagePaths } from '@jelly/contracts';

export interface SwapChatSlotProps {
  /** The swap's id: the chat room. */
  swapId: number;
}

export interface SwapChatPageProps {
  viewer: { wallet: string | null; signedIn: boolean };
  onConnectWallet?: () => void;
  /** The chat panel (the app passes the deal chat panel in its swap-room mode). */
  chatSlot: (props: SwapChatSlotProps) => ReactNode;
}

/** /swap-chat/{id}?kind=swap: the swap's owner talks to the desk about it. */
export default function SwapChatPage({ viewer, onConnectWallet, chatSlot }: SwapChatPageProps) {
  const { id } = useParams();
  const swapId = Number(id);
  const valid = Number.isInteger(swapId) && swapId > 0;
  const title = valid ? `Chat for swap #${swapId}` : 'Swap chat';
  useDocumentTitle(title);
  const explorerUrl = useExplorerTxUrl();
  const { data: swap, isError } = useSwapByIdQuery(valid && viewer.signedIn ? swapId : skipToken);

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {!viewer.signedIn ? (
        <div className={styles.panel}>
          <p>Connect your wallet and sign in to talk to the desk about this swap.</p>
          {onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
        </div>
      ) : !valid || isError ? (
        <p role="alert">This swap could not be found, or it is not yours.</p>
      ) : (
        <>
          {swap && (
            <p className={styles.muted} data-testid="swap-summary">
              {shownAmount(swap.inAmount, { decimals: swap.inDecimals, symbol: swap.inSymbol })} →{' '}
              {shownAmount(swap.outAmount, { decimals: swap.outDecimals, symbol: swap.outSymbol })} · {swapStatusLabel(swap.status)}
              {swap.txID && (
                <>
                  {' · '}
                  <a href={explorerUrl(swap.txID)} target="_blank" rel="noreferrer">
                    {swap.txID.slice(0, 8)}…
                  </a>
                </>
              )}{' '}
              · <Link to={pagePaths.swap}>Back to Swap</Link>
            </p>
          )}
          <div className={styles.chat}>{chatSlot({ swapId })}</div>
        </>
      )}
    </section>
  );
}
