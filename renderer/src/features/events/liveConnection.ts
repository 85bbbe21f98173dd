import { useSyncExternalStore } from 'react';

/**
 * Whether the live event stream is connected now: screens that refresh from events fall back to polling while it is
 * down, and stop as soon as it is back.
 */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean): void {
  if (value === connected) return;
  connected = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected);
}
