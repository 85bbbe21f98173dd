import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundRequest, OutboundRequestRefused } from './outbound-request';

/** Names as a resolver would answer them: each of these is this machine. */
const LOCAL_NAMES: Record<string, string> = {
  'localtest.me': '127.0.0.1',
  '127.0.0.1.nip.io': '127.0.0.1',
  'localhost.localdomain': '127.0.0.1',
  'mapped.example': '::ffff:127.0.0.1',
  'elsewhere.example': '127.0.0.2',
};

const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  const address = LOCAL_NAMES[hostname];
  if (!address) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  const family = address.includes(':') ? 6 : 4;
  return options.all ? callback(null, [{ address, family }]) : callback(null, address, family);
}) as LookupFunction;

describe('outbound requests to user-given addresses', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits += 1;
      const [, target] = /^\/redirect\?to=(.+)$/.exec(request.url ?? '') ?? [];
      if (target) response.writeHead(302, { location: decodeURIComponent(target) }).end();
      else if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else response.end('public page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    'http://127.0.0.1:PORT/',
    'http://[::1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[2002:7f00:1::]:PORT/',
    'http://0.0.0.0:PORT/',
    'http://169.254.169.254/latest',
    'http://10.0.0.1:PORT/',
    'http://localtest.me:PORT/',
    'http://127.0.0.1.nip.io:PORT/',
    'http://localhost.localdomain:PORT/',
    'http://mapped.example:PORT/',
  ])('refuses %s, connecting to nothing', async (template) => {
    const before = hits;
    await expect(outboundRequest(template.replace('PORT', String(port)), { lookup })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    );
    expect(hits).toBe(before);
  });

  it('checks every redirect hop, and follows a bounded number of them', async () => {
    const allowed = { lookup, allowAddresses: ['127.0.0.1'] };
    const page = await outboundRequest(`http://localtest.me:${port}/page`, allowed);
    expect(page).toMatchObject({ status: 200, url: `http://localtest.me:${port}/page` });
    expect(page.body.toString()).toBe('public page');

    const redirected = await outboundRequest(`http://127.0.0.1:${port}/redirect?to=%2Fpage`, allowed);
    expect(redirected.body.toString()).toBe('public page');

    for (const hop of [`http://[::ffff:7f00:1]:${port}/page`, `http://elsewhere.example:${port}/page`]) {
      const url = `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(hop)}`;
      await expect(outboundRequest(url, allowed)).rejects.toBeInstanceOf(OutboundRequestRefused);
    }
    await expect(
      outboundRequest(`http://127.0.0.1:${port}/redirect?to=file%3A%2F%2F%2Fetc%2Fpasswd`, allowed),
    ).rejects.toThrow('Only http and https addresses can be fetched');
    await expect(outboundRequest(`http://127.0.0.1:${port}/loop`, { ...allowed, maxRedirects: 3 })).rejects.toThrow(
      'Too many redirects',
    );
  });
});
