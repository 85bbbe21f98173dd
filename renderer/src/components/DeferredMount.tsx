import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog or panel the first time it is wanted, and keeps it mounted after, so that its code
 * stays out of the first load and it can still animate closed.
 */
export function DeferredMount({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
