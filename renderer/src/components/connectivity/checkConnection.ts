import { createAsyncThunk } from '@reduxjs/toolkit';
import { connectivityApi } from './connectivityApi';
import { healthCheckFinished, healthCheckStarted, selectConnectivity } from './connectivitySlice';

type State = Parameters<typeof selectConnectivity>[0];

/** One connection test; a test already under way is not doubled. Resolves to whether the server answered. */
export const checkConnection = createAsyncThunk<boolean, void, { state: State }>(
  'connectivity/check',
  async (_, { dispatch }) => {
    dispatch(healthCheckStarted());
    let reachable: boolean;
    try {
      await dispatch(connectivityApi.endpoints.checkHealth.initiate(undefined, { track: false })).unwrap();
      reachable = true;
    } catch {
      reachable = false;
    }
    dispatch(healthCheckFinished({ reachable, at: Date.now() }));
    return reachable;
  },
  { condition: (_, { getState }) => !selectConnectivity(getState()).checking },
);
