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
import { adminPagePaths, adminPageRoutes } from '@jelly/contracts';

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
        { path: adminPageRoutes.disputes, element: <DisputesPage /> },
        { path: adminPageRoutes.dispute, element: <DossierPage myWallet={viewer.wallet} chatSlot={chatSlot} /> },
        { path: adminPageRoutes.overdue, element: <OverduePage /> },
        { path: adminPageRoutes.deals, element: <DealsPage /> },
        { path: adminPageRoutes.order, element: <AdminOrderChatPage myWallet={viewer.wallet} chatSlot={chatSlot} /> },
        { path: adminPageRoutes.users, element: <UsersPage /> },
        { path: adminPageRoutes.user, element: <UsersPage /> },
        { path: adminPageRoutes.tokens, element: <TokensPage /> },
        { path: adminPageRoutes.audit, element: <AuditPage /> },
        { path: adminPageRoutes.platform, element: <PlatformPage /> },
        { path: adminPageRoutes.swaps, element: swapsPage ?? null },
        { path: adminPageRoutes.coinJelly, element: coinJellyPage ?? null },
        { path: '*', element: <Navigate to={adminPagePaths.home} replace /> },
      ],
    },
  ]);
  return (
    <AdminGate viewer={viewer} onConnectWallet={onConnectWallet} onDisconnect={onDisconnect}>
      {routes}
    </AdminGate>
  );
}
