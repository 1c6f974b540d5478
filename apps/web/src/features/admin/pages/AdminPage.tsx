import type { ReactNode } from 'react';
import { Navigate, Outlet, useRoutes } from 'react-router';
import { AdminGate, type AdminViewer } from '../components/AdminGate.tsx';
import { AdminShell } from '../shell/AdminShell.tsx';
import { AdminOrderChatPage, type AdminOrderChatPageProps } from './AdminOrderChatPage.tsx';
import { AuditPage } from './AuditPage.tsx';
import { DealsPage } from './DealsPage.tsx';
import { DisputesPage } from './DisputesPage.tsx';
import { DossierPage } from './DossierPage.tsx';
import { OverduePage } from './OverduePage.tsx';
import { PlatformPage } from './PlatformPage.tsx';
import { TokensPage } from './TokensPage.tsx';
import { UsersPage } from './UsersPage.tsx';

export interface AdminAreaProps {
  viewer: AdminViewer;
  /** The deal chat panel (the app composes it from the deal-chat feature). */
  chatSlot?: AdminOrderChatPageProps['chatSlot'];
  onConnectWallet?: () => void;
  onDisconnect?: () => void;
  /** The swap feature's admin page (desk inventory, every swap, Edit record), composed by the app. */
  swapsPage?: ReactNode;
  /** The Coin Jelly feature's admin page (queue, history, Update Jelly), composed by the app. */
  coinJellyPage?: ReactNode;
}

/**
 * /admin/*: admin wallets only, inside the admin frame. /admin opens on the dispute queue; /admin/orders/{id}
 * (linked from support-request notifications) is the admin order chat. Swaps and Coin Jelly are filled in by
 * their own features.
 */
export function AdminArea({ viewer, chatSlot, onConnectWallet, onDisconnect, swapsPage, coinJellyPage }: AdminAreaProps) {
  const routes = useRoutes([
    {
      element: (
        <AdminShell wallet={viewer.wallet} onDisconnect={onDisconnect}>
          <Outlet />
        </AdminShell>
      ),
      children: [
        { index: true, element: <DisputesPage /> },
        { path: 'disputes', element: <DisputesPage /> },
        { path: 'disputes/:id', element: <DossierPage myWallet={viewer.wallet} chatSlot={chatSlot} /> },
        { path: 'overdue', element: <OverduePage /> },
        { path: 'deals', element: <DealsPage /> },
        { path: 'orders/:id', element: <AdminOrderChatPage myWallet={viewer.wallet} chatSlot={chatSlot} /> },
        { path: 'users', element: <UsersPage /> },
        { path: 'users/:wallet', element: <UsersPage /> },
        { path: 'tokens', element: <TokensPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: 'platform', element: <PlatformPage /> },
        { path: 'swaps', element: swapsPage ?? null },
        { path: 'coin-jelly', element: coinJellyPage ?? null },
        { path: '*', element: <Navigate to="/admin" replace /> },
      ],
    },
  ]);
  return (
    <AdminGate viewer={viewer} onConnectWallet={onConnectWallet} onDisconnect={onDisconnect}>
      {routes}
    </AdminGate>
  );
}
