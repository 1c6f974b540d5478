import { JellyOrdersList } from './JellyOrdersList.tsx';

/** The signed-in wallet's Coin Jelly orders, as the dashboard shows them beside its deals. */
export function UserJellyOrders({ wallet, phone }: { wallet: string; phone: boolean }) {
  return <JellyOrdersList list="user" wallet={wallet} phone={phone} title="Coin Jelly orders" />;
}
