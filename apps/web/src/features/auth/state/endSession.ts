import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';
import { authApi } from '../api/authApi.ts';
import type { AuthDispatch } from './types.ts';
import { userCleared } from './userSlice.ts';

/** Revokes the session on the server (failures ignored: the local session ends regardless) and clears it here. */
export async function endSession({ tokens }: ThunkExtra, dispatch: AuthDispatch): Promise<void> {
  try {
    await dispatch(authApi.endpoints.logout.initiate(undefined, { track: false })).unwrap();
  } catch {
    // offline or already revoked: nothing left to do on the server side
  }
  tokens.clear();
  dispatch(userCleared());
}
