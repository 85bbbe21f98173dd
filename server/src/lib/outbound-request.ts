import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Requests to addresses users give us (an agent's knowledge page, a customer's webhook), made so that they can
 * reach only the public internet (SECURITY G2, G3). The address is checked where the connection is made, after
 * the name is resolved, so a name that resolves to a private address (`127.0.0.1.nip.io`), an IPv4-mapped or
 * 6to4 form (`[::ffff:7f00:1]`, `[2002:7f00:1::]`) or a loopback name is refused whatever the URL's text says.
 * Redirects are followed here unless refused, one hop at a time, each hop checked the same way.
 */

export class OutboundRequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRequestRefused';
  }
}

export interface OutboundRequestOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Name resolution; tests map names to addresses with it. */
  lookup?: LookupFunction;
  /** Addresses let through although not public (an operator's own service; tests' local server). */
  allowAddresses?: string[];
  maxRedirects?: number;
  /** False to answer with a redirect as it came, unfollowed (a webhook's receiver must answer itself). */
  followRedirects?: boolean;
  timeoutMs?: number;
  /** The response body is cut off beyond this many bytes. */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  /** Where the last hop went. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULTS = { maxRedirects: 5, timeoutMs: 10_000, maxBodyBytes: 1_000_000 };

function hop(url: URL, options: OutboundRequestOptions, method: string): Promise<OutboundResponse> {
  const secure = url.protocol === 'https:';
  const agentOptions = { lookup: options.lookup, allowIPAddressList: options.allowAddresses ?? [], keepAlive: false };
  const agent = secure ? new RequestFilteringHttpsAgent(agentOptions) : new RequestFilteringHttpAgent(agentOptions);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      { method, agent, headers: options.headers, timeout: options.timeoutMs ?? DEFAULTS.timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBodyBytes) chunks.push(chunk);
          else response.destroy();
        });
        const done = () =>
          resolve({
            url: url.toString(),
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer from ${url.host} in time`)));
    request.on('error', (error) => {
      const refused = /is not allowed/.test(error.message);
      reject(refused ? new OutboundRequestRefused(`${url.host} is not a public address`) : error);
    });
    request.end(method === 'POST' ? options.body : undefined);
  });
}

/** One request, following at most `maxRedirects` redirects; refuses any hop to a non-public address. */
export async function outboundRequest(target: string, options: OutboundRequestOptions = {}): Promise<OutboundResponse> {
  let url = new URL(target);
  let method: string = options.method ?? 'GET';
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundRequestRefused(`Only http and https addresses can be fetched, not ${url.protocol}`);
    }
    if (url.username || url.password) throw new OutboundRequestRefused('Addresses with credentials are refused');
    const response = await hop(url, options, method);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || options.followRedirects === false) return response;
    if (redirects >= (options.maxRedirects ?? DEFAULTS.maxRedirects)) {
      throw new OutboundRequestRefused(`Too many redirects from ${target}`);
    }
    url = new URL(location, url);
    // As browsers do: a 303, or a 301 or 302 after a POST, is followed with a GET.
    if (response.status === 303 || (method === 'POST' && response.status <= 302)) method = 'GET';
  }
}
