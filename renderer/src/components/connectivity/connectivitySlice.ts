import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Connection checks of spec 000 §4 and §9. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

export type ConnectionStatus = 'Online' | 'Offline' | 'Disconnected';

interface ConnectivityState {
  /** What the browser says about the network. */
  online: boolean;
  /** Whether the last HEAD /api/health answered in time. */
  serverReachable: boolean;
  checking: boolean;
  lastCheckedAt: number | null;
  /** Bumped when a request fails for want of a connection, so that the monitor checks at once. */
  networkFailures: number;
}

const initialState: ConnectivityState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverReachable: true,
  checking: false,
  lastCheckedAt: null,
  networkFailures: 0,
};

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState,
  reducers: {
    browserConnectivityChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
    healthCheckStarted(state) {
      state.checking = true;
    },
    healthCheckFinished(state, action: PayloadAction<{ reachable: boolean; at: number }>) {
      state.checking = false;
      state.serverReachable = action.payload.reachable;
      state.lastCheckedAt = action.payload.at;
    },
    networkFailureObserved(state) {
      state.networkFailures += 1;
    },
  },
});

export const { browserConnectivityChanged, healthCheckStarted, healthCheckFinished, networkFailureObserved } =
  connectivitySlice.actions;

type WithConnectivity = { connectivity: ConnectivityState };

export const selectConnectivity = (state: WithConnectivity) => state.connectivity;
export const selectConnectionStatus = (state: WithConnectivity): ConnectionStatus =>
  !state.connectivity.online ? 'Offline' : state.connectivity.serverReachable ? 'Online' : 'Disconnected';
