/**
 * Test-only: the crash tests name a checkpoint (PARLEY_TEST_CRASH_AT, accepted only with NODE_ENV=test) and the
 * process dies there as under `kill -9`, so that every step of a provider side effect is crashed at least once.
 * Without one, every checkpoint does nothing.
 */
export function crashCheckpoint(crashAt: string | undefined): (name: string) => void {
  if (!crashAt) return () => undefined;
  return (name) => {
    if (name === crashAt) process.kill(process.pid, 'SIGKILL');
  };
}
