import { createAsyncThunk } from '@reduxjs/toolkit';
import { platform } from '../../platform';
import {
  HEALTH_CHECK_TIMEOUT_MS,
  healthCheckFinished,
  healthCheckStarted,
  selectConnectivity,
} from './connectivitySlice';

type State = Parameters<typeof selectConnectivity>[0];

/**
 * HEAD /api/health with its 5 s limit (spec 000 §7), never cached and never retried. Plain fetch rather than the API
 * slice: the check runs on every first screen, which loads without RTK Query.
 */
async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${platform.apiBaseUrl}/health`, {
      method: 'HEAD',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** One connection test; a test already under way is not doubled. Resolves to whether the server answered. */
export const checkConnection = createAsyncThunk<boolean, void, { state: State }>(
  'connectivity/check',
  async (_, { dispatch }) => {
    dispatch(healthCheckStarted());
    const reachable = await serverAnswers();
    dispatch(healthCheckFinished({ reachable, at: Date.now() }));
    return reachable;
  },
  { condition: (_, { getState }) => !selectConnectivity(getState()).checking },
);
