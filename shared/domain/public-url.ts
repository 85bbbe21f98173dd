/**
 * Checks a user-given URL that a provider will fetch (an agent's knowledge source), by its text alone:
 * http or https on the default ports, no userinfo, and no host that names this machine or a private network
 * (SECURITY G1). Resolving names and checking the address actually connected to (G2, G3) is the fetcher's job.
 */

const BLOCKED_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa'];

/** IPv4 ranges that are not the public internet: [first address, prefix length]. */
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

function v4ToInt(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

function isBlockedV4(value: number): boolean {
  return BLOCKED_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base) ?? 0;
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address, as WHATWG URL serialises it (compressed, hex, lower-case). */
function v6Groups(address: string): number[] | null {
  if (!/^[0-9a-f:]+$/.test(address)) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string) => (half ? half.split(':').map((group) => parseInt(group, 16)) : []);
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const known = head.length + rest.length;
  if (known > 8 || (halves.length === 1 && known !== 8)) return null;
  if ([...head, ...rest].some((group) => Number.isNaN(group) || group > 0xffff)) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

function isBlockedV6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = g6 * 65536 + g7;
  // ::, ::1, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d all lead back to an IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0 || g5 === 0xffff)) {
    return isBlockedV4(embeddedV4);
  }
  if (g0 === 0x64 && g1 === 0xff9b) return isBlockedV4(embeddedV4); // NAT64
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  return false;
}

export const PUBLIC_URL_MESSAGE = 'Knowledge URL must be a public http or https web address';

/** Why the URL may not be fetched, or null when it may. */
export function publicUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'Knowledge URL must be a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return PUBLIC_URL_MESSAGE;
  if (url.username || url.password) return 'Knowledge URL must not contain a user name or password';
  if (url.port && url.port !== '80' && url.port !== '443') return 'Knowledge URL must use the standard web ports';
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[')) {
    const groups = v6Groups(host.slice(1, -1));
    return !groups || isBlockedV6(groups) ? PUBLIC_URL_MESSAGE : null;
  }
  const v4 = v4ToInt(host);
  if (v4 !== null) return isBlockedV4(v4) ? PUBLIC_URL_MESSAGE : null;
  const name = host.replace(/\.$/, '');
  // A single-label name only resolves through the server's own search domains, so it is never public.
  if (!name.includes('.') || name === 'localhost') return PUBLIC_URL_MESSAGE;
  if (BLOCKED_NAME_SUFFIXES.some((suffix) => name.endsWith(suffix))) return PUBLIC_URL_MESSAGE;
  return null;
}
