import { createSlice, nanoid, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import type { ConfirmActionProps, ModalEntry, ModalKind, ModalPropsMap } from './modalKinds.ts';
import { registerModalHandlers, type ModalHandlers } from './modalHandlers.ts';

export interface ModalsState {
  stack: ModalEntry[];
}

const initialState: ModalsState = { stack: [] };

export const modalsSlice = createSlice({
  name: 'modals',
  initialState,
  reducers: {
    modalPushed: {
      reducer(state, action: PayloadAction<ModalEntry>) {
        state.stack.push(action.payload);
      },
      prepare<K extends ModalKind>(kind: K, props: ModalPropsMap[K]) {
        return { payload: { id: nanoid(), kind, props } as ModalEntry };
      },
    },
    /** Closing pops the last modal. */
    modalPopped(state) {
      state.stack.pop();
    },
    /** Closes one modal wherever it is in the stack (e.g. when its own Cancel is pressed). */
    modalClosed(state, action: PayloadAction<string>) {
      state.stack = state.stack.filter((entry) => entry.id !== action.payload);
    },
  },
});

export const { modalPushed, modalPopped, modalClosed } = modalsSlice.actions;

export const selectModalStack = (state: { modals: ModalsState }) => state.modals.stack;

/** Opens the confirm-action modal; resolves its id. `onConfirm` may be async: the button reads 'Processing...' meanwhile. */
export function openConfirmAction(
  props: ConfirmActionProps,
  handlers: ModalHandlers,
): ThunkAction<string, { modals: ModalsState }, unknown, UnknownAction> {
  return (dispatch) => {
    const action = modalPushed('confirmAction', props);
    registerModalHandlers(action.payload.id, handlers);
    dispatch(action);
    return action.payload.id;
  };
}
