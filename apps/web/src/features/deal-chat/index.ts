// The deal chat panel (embedded by the deal page and the admin order-chat) and its attachment preview modal.
export { DealChat, type DealChatProps } from './components/DealChat.tsx';
export { AttachmentPreviewModal, type AttachmentPreviewModalProps } from './components/AttachmentPreviewModal.tsx';
