import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { Connection } from '@solana/web3.js';
import { useParams } from 'react-router';
import type { fakeApi } from '../../../test/fakeApi.ts';
import { renderScreens } from '../../../test/renderApp.tsx';
import PlaceOrderPage from '../pages/PlaceOrderPage.tsx';

function OfferStub() {
  const { id } = useParams();
  return <h1>Offer page {id}</h1>;
}

/** /p2p with the real store, toasts and the modal stack, a fake wallet bridge and /online-ads/:id. */
export function renderPlaceOrder(options: {
  api: ReturnType<typeof fakeApi>;
  signedInAs?: string | null;
  wallet?: WalletContextState;
  connection?: Partial<Connection> | null;
  onConnectWallet?: () => void;
}) {
  const screens = [
    { path: 'p2p', element: <PlaceOrderPage {...(options.onConnectWallet ? { onConnectWallet: options.onConnectWallet } : {})} /> },
    { path: 'online-ads/:id', element: <OfferStub /> },
  ];
  const { api, signedInAs, wallet, connection } = options;
  return renderScreens(screens, '/p2p', { api, signedInAs, wallet, connection });
}
