import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /swap-chat/:id, the chat of a deal or swap — placeholder until its issue builds the screen. */
export default function DealChatPage() {
  return <PlaceholderPage title="Chat" />;
}
