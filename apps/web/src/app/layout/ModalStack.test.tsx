import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MODAL_KINDS } from '../../lib/modals/modalKinds.ts';
import { modalPopped, modalPushed, modalsSlice, openConfirmAction } from '../../lib/modals/modalsSlice.ts';
import { renderWithStore } from '../../test/renderApp.tsx';
import { ModalStack } from './ModalStack.tsx';

const confirm = (title: string) => ({ title, description: `${title} description`, variant: 'primary' as const });

describe('modal stack (store)', () => {
  it('pushes on top and pops the last one', () => {
    let state = modalsSlice.reducer(undefined, modalPushed('confirmAction', confirm('First')));
    state = modalsSlice.reducer(state, modalPushed('filterSwap', {}));
    expect(state.stack.map((m) => m.kind)).toEqual(['confirmAction', 'filterSwap']);
    state = modalsSlice.reducer(state, modalPopped());
    expect(state.stack.map((m) => m.kind)).toEqual(['confirmAction']);
    state = modalsSlice.reducer(state, modalPopped());
    state = modalsSlice.reducer(state, modalPopped());
    expect(state.stack).toEqual([]);
  });

  it('knows every modal kind of the product', () => {
    expect(MODAL_KINDS).toHaveLength(25);
    expect(MODAL_KINDS).toContain('confirmAction');
    expect(MODAL_KINDS).toContain('chatAttachmentPreview');
  });
});

describe('<ModalStack>', () => {
  it('renders stacked modals and Escape closes only the top one', () => {
    const { store } = renderWithStore(<ModalStack />);
    act(() => {
      store.dispatch(openConfirmAction(confirm('Bottom'), {}));
      store.dispatch(openConfirmAction(confirm('Top'), {}));
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Bottom' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Top' })).not.toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().modals.stack).toEqual([]);
  });

  it('runs the confirm handler registered with the modal, then closes it', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const { store } = renderWithStore(<ModalStack />);
    act(() => void store.dispatch(openConfirmAction({ ...confirm('Delete?'), confirmText: 'Delete' }, { onConfirm })));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(store.getState().modals.stack).toEqual([]));
  });
});
