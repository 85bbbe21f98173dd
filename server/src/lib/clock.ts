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
