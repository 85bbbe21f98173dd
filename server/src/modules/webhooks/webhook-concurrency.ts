/**
 * How many deliveries one process sends at once per endpoint and per tenant: a slow or dead receiver holds at most
 * its endpoint's share of the workers for at most the time-out, and one tenant never takes them all.
 */
export interface DeliverySlots {
  /**
   * Takes a slot for this endpoint of this tenant, waiting up to `waitMs` for one to free; resolves to false when
   * none did (the caller tries later).
   */
  take(tenantId: string, endpointId: string, waitMs: number): Promise<boolean>;
  give(tenantId: string, endpointId: string): void;
}

interface Waiter {
  tenantId: string;
  endpointId: string;
  resolve(taken: boolean): void;
  timer: NodeJS.Timeout;
}

export function createDeliverySlots(bounds: { perEndpoint: number; perTenant: number }): DeliverySlots {
  const byTenant = new Map<string, number>();
  const byEndpoint = new Map<string, number>();
  const waiters: Waiter[] = [];
  const change = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const tryTake = (tenantId: string, endpointId: string): boolean => {
    if ((byTenant.get(tenantId) ?? 0) >= bounds.perTenant) return false;
    if ((byEndpoint.get(endpointId) ?? 0) >= bounds.perEndpoint) return false;
    change(byTenant, tenantId, 1);
    change(byEndpoint, endpointId, 1);
    return true;
  };
  const forget = (waiter: Waiter) => {
    const at = waiters.indexOf(waiter);
    if (at >= 0) waiters.splice(at, 1);
  };
  return {
    take(tenantId, endpointId, waitMs) {
      if (tryTake(tenantId, endpointId)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          tenantId,
          endpointId,
          resolve,
          timer: setTimeout(() => {
            forget(waiter);
            resolve(false);
          }, waitMs),
        };
        waiter.timer.unref();
        waiters.push(waiter);
      });
    },
    give(tenantId, endpointId) {
      change(byTenant, tenantId, -1);
      change(byEndpoint, endpointId, -1);
      // The longest waiter that now fits goes first.
      const next = waiters.find((waiter) => tryTake(waiter.tenantId, waiter.endpointId));
      if (!next) return;
      forget(next);
      clearTimeout(next.timer);
      next.resolve(true);
    },
  };
}
