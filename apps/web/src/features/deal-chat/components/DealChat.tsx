import { CHAT_CLOSED, decideChatSend, isChatClosed, OrderStatus, type ChatContext } from '@jelly/domain';
import { useState, type DragEvent } from 'react';
import { useServicesDispatch } from '../../../lib/session/session.ts';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import {
  chatErrorMessage,
  useChatMessagesQuery,
  useSendChatMessageMutation,
  useSendSwapChatMessageMutation,
  useSwapChatMessagesQuery,
  useUploadAttachmentMutation,
  type ChatRoomKind,
} from '../api/chatApi.ts';
import { registerPendingUpload } from '../model/pendingUploads.ts';
import { checkPickedFile } from '../model/pickedFile.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { DropOverlay } from './DropOverlay.tsx';
import { MessageList } from './MessageList.tsx';
import styles from './DealChat.module.css';

export interface DealChatProps {
  /** The room's id: the deal's order id, or the swap's id when `room` is 'swap'. */
  orderId: number;
  /** A deal's room (default) or a swap's (its owner and the admins; it never closes, `status` is not read). */
  room?: ChatRoomKind;
  /** The deal's status, or null when the order was not found; Completed and Cancelled close the chat. */
  status: OrderStatus | null;
  /** A support case is open on the ended deal: a Completed or Cancelled deal's chat is open again while it lasts. */
  supportCaseOpen?: boolean;
  /** The connected wallet, or null. */
  myWallet: string | null;
  isAdmin: boolean;
  /** Whether the user is signed in (the page embedding the chat knows; default: signed in when a wallet is given). */
  signedIn?: boolean;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * The deal chat panel: messages grouped by day (polled every 5 s), the input with attachments, drag and drop with
 * the preview modal, and the send/upload guards. Embeddable by the deal page and the admin order-chat.
 */
export function DealChat({ orderId, room = 'deal', status, supportCaseOpen = false, myWallet, isAdmin, signedIn = myWallet !== null }: DealChatProps) {
  const dispatch = useServicesDispatch();
  const canRead = signedIn && (myWallet !== null || isAdmin);
  const dealRoom = useChatMessagesQuery(orderId, { skip: !canRead || room !== 'deal' });
  const swapRoom = useSwapChatMessagesQuery(orderId, { skip: !canRead || room !== 'swap' });
  const { data: messages = [], isLoading, isError } = room === 'swap' ? swapRoom : dealRoom;
  const [sendDealMessage] = useSendChatMessageMutation();
  const [sendSwapMessage] = useSendSwapChatMessageMutation();
  const sendMessage = (body: { accountId: string; content: string; createdAtUtc: string }) =>
    room === 'swap' ? sendSwapMessage({ swapId: orderId, body }) : sendDealMessage({ ...body, dealId: orderId });
  const [uploadAttachment] = useUploadAttachmentMutation();
  const [text, setText] = useState('');
  const [dragDepth, setDragDepth] = useState(0);

  const closed = room === 'deal' && status !== null && isChatClosed(status, supportCaseOpen);
  // A swap's room never closes: the send and upload guards see it as a deal in progress.
  const ctx: ChatContext = { orderStatus: room === 'swap' ? OrderStatus.InProgress : status, wallet: myWallet, signedIn, supportCaseOpen };

  const send = async () => {
    const decision = decideChatSend(ctx, text);
    if (decision.action === 'ignore') return;
    if (decision.action === 'error') {
      dispatch(showToast.error(decision.error));
      return;
    }
    if (!myWallet) return; // decideChatSend already refused: 'Connect your wallet to send messages.'
    const typed = text;
    setText('');
    try {
      await sendMessage({ accountId: myWallet, content: decision.text, createdAtUtc: new Date().toISOString() }).unwrap();
    } catch (error) {
      // Sending failures stay quiet; the text goes back into the input so nothing is lost.
      setText((current) => current || typed);
      const message = chatErrorMessage(error);
      if (message) dispatch(showToast.error(message));
    }
  };

  const pickFile = async (file: File) => {
    const check = await checkPickedFile(ctx, file);
    if (!check.ok) {
      dispatch(showToast.error(check.error));
      return;
    }
    if (!myWallet) return; // checked above: 'Connect your wallet to upload files.'
    const wallet = myWallet;
    const uploadId = registerPendingUpload({
      file,
      previewUrl: check.kind === 'image' ? URL.createObjectURL(file) : null,
      send: async (caption) => {
        try {
          await uploadAttachment({ orderId, room, wallet, file, fileName: file.name, caption }).unwrap();
        } catch (error) {
          dispatch(showToast.error(chatErrorMessage(error) ?? 'Upload failed. Please try again.'));
          throw error;
        }
      },
    });
    dispatch(modalPushed('chatAttachmentPreview', { uploadId, name: file.name, sizeBytes: file.size, kind: check.kind }));
  };

  const dragging = dragDepth > 0 && !closed;

  return (
    <section
      className={styles.panel}
      aria-label={room === 'swap' ? 'Swap chat' : 'Deal chat'}
      data-testid="deal-chat"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragDepth((depth) => depth + 1);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = closed ? 'none' : 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        setDragDepth((depth) => Math.max(0, depth - 1));
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragDepth(0);
        const file = event.dataTransfer.files[0];
        if (file) void pickFile(file);
      }}
    >
      <MessageList messages={messages} myWallet={myWallet} loading={isLoading} />
      {isError && messages.length === 0 && <p className={styles.notice}>Messages could not be loaded. Retrying…</p>}
      {closed && (
        <p className={styles.closed} role="status">
          {CHAT_CLOSED}
        </p>
      )}
      <ChatComposer text={text} onTextChange={setText} onSend={() => void send()} onFile={(file) => void pickFile(file)} disabled={closed} />
      {dragging && <DropOverlay />}
    </section>
  );
}
