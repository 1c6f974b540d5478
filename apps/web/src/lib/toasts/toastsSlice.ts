import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ToastKind } from '../ui/layout.ts';

export { toastDuration } from '../ui/layout.ts';
export type { ToastKind };

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Notification toasts show a title and the time the notification was created (ISO). */
  title?: string;
  createdAt?: string;
}

export type ToastInput = Omit<Toast, 'id'>;

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare(input: ToastInput) {
        return { payload: { ...input, id: nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;

export const showToast = {
  info: (message: string) => toastShown({ kind: 'default', message }),
  success: (message: string) => toastShown({ kind: 'success', message }),
  error: (message: string) => toastShown({ kind: 'error', message }),
  notification: (title: string, message: string, createdAt: string) =>
    toastShown({ kind: 'notification', title, message, createdAt }),
};

export const selectToasts = (state: { toasts: ToastsState }) => state.toasts.items;
