import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RealtimeEvent } from '@jelly/contracts';

/**
 * The realtime socket as the rest of the app sees it. `open` means events are pushed: polling fallbacks pause.
 * `openedAt` changes at every (re)connect: a fallback poller does one catch-up poll after it.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'open' | 'down';

export interface RealtimeState {
  status: RealtimeStatus;
  openedAt: number | null;
}

const initialState: RealtimeState = { status: 'off', openedAt: null };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    realtimeStatusChanged(state, action: PayloadAction<{ status: RealtimeStatus; at: number }>) {
      state.status = action.payload.status;
      if (action.payload.status === 'open') state.openedAt = action.payload.at;
    },
  },
});

export const { realtimeStatusChanged } = realtimeSlice.actions;

/** A pushed event (features react to it in their reducers or listeners). */
export const realtimeEventReceived = createAction<RealtimeEvent>('realtime/eventReceived');

interface WithRealtime {
  realtime?: RealtimeState;
}

export const selectRealtimeStatus = (state: WithRealtime): RealtimeStatus => state.realtime?.status ?? 'off';
export const selectRealtimeOpen = (state: WithRealtime): boolean => selectRealtimeStatus(state) === 'open';
/** When the socket last (re)opened: a fallback poller catches up once after each reconnect. */
export const selectRealtimeOpenedAt = (state: WithRealtime): number | null => state.realtime?.openedAt ?? null;

/**
 * Whether a fallback poller should poll now: always while the socket is not open, and once after each
 * (re)connect (events sent while it was down were not pushed).
 */
export function fallbackPollDue(state: WithRealtime, lastPollAt: number): boolean {
  const realtime = state.realtime;
  if (!realtime || realtime.status !== 'open') return true;
  return realtime.openedAt !== null && realtime.openedAt > lastPollAt;
}
