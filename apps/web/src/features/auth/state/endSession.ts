import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';
import { postLogout } from '../api/authCalls.ts';
import type { AuthDispatch } from './types.ts';
import { userCleared } from './userSlice.ts';

/** Revokes the session on the server (failures ignored: the local session ends regardless) and clears it here. */
export async function endSession({ apiClient, tokens }: ThunkExtra, dispatch: AuthDispatch): Promise<void> {
  try {
    await postLogout(apiClient);
  } catch {
    // offline or already revoked: nothing left to do on the server side
  }
  tokens.clear();
  dispatch(userCleared());
}
