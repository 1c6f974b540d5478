import { Route, Routes } from 'react-router';
import { AdminGate, type AdminViewer } from '../components/AdminGate.tsx';
import { AdminHome } from './AdminHome.tsx';
import { AdminOrderChatPage, type AdminOrderChatPageProps } from './AdminOrderChatPage.tsx';

export interface AdminAreaProps {
  viewer: AdminViewer;
  chatSlot?: AdminOrderChatPageProps['chatSlot'];
  onConnectWallet?: () => void;
}

/** /admin/*: admin wallets only; /admin/orders/{id} is the admin order chat, anything else the admin home. */
export function AdminArea({ viewer, chatSlot, onConnectWallet }: AdminAreaProps) {
  return (
    <AdminGate viewer={viewer} onConnectWallet={onConnectWallet}>
      <Routes>
        <Route path="orders/:id" element={<AdminOrderChatPage myWallet={viewer.wallet} chatSlot={chatSlot} />} />
        <Route path="*" element={<AdminHome />} />
      </Routes>
    </AdminGate>
  );
}
