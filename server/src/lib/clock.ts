/** Time as a dependency, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/**
 * Resolves once the wall clock (`Date.now()`) has reached `wallMs`. A timer alone can fire a millisecond early by the
 * wall clock (about one in a hundred here), and a call paced to a slot must never go before the slot frees.
 */
export async function untilWallClock(wallMs: number): Promise<void> {
  for (let left = wallMs - Date.now(); left > 0; left = wallMs - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, left));
  }
}
