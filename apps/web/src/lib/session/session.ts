import { createAction, type Store, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useSelector, useStore } from 'react-redux';
import type { ApiClient } from '../api/apiClient.ts';
import type { ThunkExtra } from '../api/thunkExtra.ts';

/** The session part of the store every screen may read. */
export interface SessionRoot {
  user: { wallet: string | null; token: string | null };
}

/** The store as createAppStore builds it: its services ride along as `extra` (the object thunks receive). */
export type ServicesStore<State = SessionRoot> = Omit<Store<State>, 'dispatch'> & {
  dispatch: ThunkDispatch<State, ThunkExtra, UnknownAction>;
  extra: ThunkExtra;
};

/** The app's store with its services (API client, token store, storage), typed. */
export const useServicesStore = useStore.withTypes<ServicesStore>();

/**
 * The server cut this wallet's session because it is banned (the realtime socket said so). The auth feature then
 * signs it in again only when the user asks: an automatic attempt would only be refused, with a second red toast.
 */
export const walletBanned = createAction<string>('session/walletBanned');

export const selectSignedInWallet = (state: SessionRoot): string | null =>
  state.user.token && state.user.wallet ? state.user.wallet : null;

/** The signed-in wallet (a token and its wallet), or null. */
export function useSignedInWallet(): string | null {
  return useSelector(selectSignedInWallet);
}

/** The store's API client (bearer, refresh, retries), for calls RTK Query does not make, like blob downloads. */
export function useApiClient(): ApiClient {
  return useServicesStore().extra.apiClient;
}

/** The app's dispatch, typed for thunks with the app's services (features use it instead of app/hooks). */
export const useServicesDispatch = (): ServicesStore['dispatch'] => useServicesStore().dispatch;
