import { useEffect } from 'react';
import { ConfirmActionModal } from '../../components/ui/ConfirmActionModal.tsx';
import { modalHandlersFor, releaseModalHandlers } from '../../lib/modals/modalHandlers.ts';
import type { ModalEntry } from '../../lib/modals/modalKinds.ts';
import { modalClosed, selectModalStack } from '../../lib/modals/modalsSlice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

/**
 * Renders the modal stack from the store, bottom to top; the top one gets Escape (see Modal).
 * Kinds whose screens are not built yet render nothing: their features register them here.
 */
export function ModalStack() {
  const stack = useAppSelector(selectModalStack);
  return (
    <>
      {stack.map((entry) => (
        <StackedModal key={entry.id} entry={entry} />
      ))}
    </>
  );
}

function StackedModal({ entry }: { entry: ModalEntry }) {
  const dispatch = useAppDispatch();
  useEffect(() => () => releaseModalHandlers(entry.id), [entry.id]);
  const close = () => dispatch(modalClosed(entry.id));

  switch (entry.kind) {
    case 'confirmAction': {
      const handlers = modalHandlersFor(entry.id);
      return (
        <ConfirmActionModal
          {...entry.props}
          onConfirm={handlers.onConfirm ?? (() => undefined)}
          onCancel={handlers.onCancel}
          onClose={close}
        />
      );
    }
    default:
      return null;
  }
}
