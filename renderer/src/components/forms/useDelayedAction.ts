import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs an action once after a delay (the redirects and closings after a successful form, spec 001 §9); a newer call
 * replaces a pending one, and unmounting cancels it.
 */
export function useDelayedAction(): (action: () => void, delayMs: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback((action: () => void, delayMs: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(action, delayMs);
  }, []);
}
