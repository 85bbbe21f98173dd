import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request waits for before its next query: a later turn of the event loop, or nothing (undefined). */
export type QueryPace = () => Promise<void> | undefined;

const currentPace = new AsyncLocalStorage<QueryPace>();
let pacedRunning = 0;

/**
 * Runs `work` with `pace` asked before each of its queries that takes a connection (see nextQueryTurn). Async context
 * costs every promise of the process while it is on (about a fifth of a small request's CPU, measured on SQLite), so it
 * is switched off whenever no paced work is running.
 */
export async function runPaced<T>(pace: QueryPace, work: () => Promise<T>): Promise<T> {
  pacedRunning += 1;
  try {
    return await currentPace.run(pace, work);
  } finally {
    pacedRunning -= 1;
    if (pacedRunning === 0) currentPace.disable();
  }
}

/**
 * The wait the current request's pace asks for before a query, if any. SQLite's reads run synchronously, so without
 * it every query of a request would run in one callback of the event loop; the database layer awaits this before it
 * takes a connection (never inside a transaction, which holds its connection).
 */
export function nextQueryTurn(): Promise<void> | undefined {
  return currentPace.getStore()?.();
}
