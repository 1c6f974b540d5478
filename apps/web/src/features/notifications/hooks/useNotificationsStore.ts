import { useDispatch, useSelector, useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';
import { selectSignedInWallet, type ServicesStore } from '../../../lib/session/session.ts';
import type { RealtimeState } from '../../../lib/realtime/realtimeSlice.ts';
import type { NotificationsState } from '../state/notificationsSlice.ts';

/** The slice of the store this feature reads (structurally: features do not import each other or the app). */
export interface NotificationsRoot {
  user: { wallet: string | null; token: string | null };
  notifications: NotificationsState;
  realtime?: RealtimeState;
}

export type NotificationsDispatch = ThunkDispatch<NotificationsRoot, ThunkExtra, UnknownAction>;

export const useNotificationsDispatch = () => useDispatch<NotificationsDispatch>();
export const useNotificationsSelector = useSelector.withTypes<NotificationsRoot>();

/** The signed-in wallet (a token and its wallet), or null. */
export function useSignedInWallet(): string | null {
  return useNotificationsSelector(selectSignedInWallet);
}

export const useStoreServices = useStore.withTypes<ServicesStore<NotificationsRoot>>();
