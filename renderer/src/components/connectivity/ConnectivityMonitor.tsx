import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { checkConnection } from './checkConnection';
import { browserConnectivityChanged, HEALTH_CHECK_INTERVAL_MS, selectConnectivity } from './connectivitySlice';

/** Tracks online/offline and re-tests the server every 30 s, and at once when a request could not connect. */
export function ConnectivityMonitor() {
  const dispatch = useAppDispatch();
  const networkFailures = useAppSelector((state) => selectConnectivity(state).networkFailures);

  useEffect(() => {
    const onOnline = () => {
      dispatch(browserConnectivityChanged(true));
      void dispatch(checkConnection());
    };
    const onOffline = () => dispatch(browserConnectivityChanged(false));
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    dispatch(browserConnectivityChanged(navigator.onLine));
    void dispatch(checkConnection());
    const timer = setInterval(() => void dispatch(checkConnection()), HEALTH_CHECK_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearInterval(timer);
    };
  }, [dispatch]);

  useEffect(() => {
    if (networkFailures > 0) void dispatch(checkConnection());
  }, [networkFailures, dispatch]);

  return null;
}
