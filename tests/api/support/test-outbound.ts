import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AppDeps } from '../../../server/src/app-deps';
import { outboundRequest } from '../../../server/src/lib/outbound-request';

/** Names the suites use that resolve to loopback, as they do on the internet; any other name is unknown. */
const LOOPBACK_NAMES = new Set(['localtest.me', '127.0.0.1.nip.io', 'localhost.localdomain']);

/** Name resolution without the network: the loopback names above, nothing else. */
export const testLookup = ((
  hostname: string,
  options: { all?: boolean },
  callback: (error: Error | null, address?: string | LookupAddress[], family?: number) => void,
) => {
  if (!LOOPBACK_NAMES.has(hostname)) {
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  } else if (options.all) {
    callback(null, [{ address: '127.0.0.1', family: 4 }] satisfies LookupAddress[]);
  } else {
    callback(null, '127.0.0.1', 4);
  }
}) as LookupFunction;

/** Public pages the suites name (example.com, example.org) answer here; every other address goes through the guard. */
export const testOutbound: AppDeps['outbound'] = async (target, options = {}) => {
  if (/(^|\.)example\.(com|org)$/.test(new URL(target).hostname)) {
    return { url: target, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>FAQ</p>') };
  }
  return outboundRequest(target, { ...options, lookup: testLookup });
};
