/**
 * Callbacks of open modals, keyed by modal id. Redux keeps only serializable data, so the
 * functions a modal calls (e.g. the async confirm of ConfirmActionModal) wait here.
 */
export interface ModalHandlers {
  /** `text`: what the user wrote in the confirm modal's text field ('' without one). */
  onConfirm?: (text: string) => Promise<void> | void;
  onCancel?: () => void;
  /** The confirm modal's `expiresAt` passed and the user asked for a fresh one instead. */
  onExpired?: () => void;
}

const handlers = new Map<string, ModalHandlers>();

export function registerModalHandlers(id: string, modalHandlers: ModalHandlers): void {
  handlers.set(id, modalHandlers);
}

export function modalHandlersFor(id: string): ModalHandlers {
  return handlers.get(id) ?? {};
}

export function releaseModalHandlers(id: string): void {
  handlers.delete(id);
}
