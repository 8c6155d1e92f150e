import { Resolver as DnsResolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../../shared/app-error.ts';
import { limiter } from './limiter.ts';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (all of them: one bad address is enough to refuse it). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface UrlGuardOptions {
  /** Production: only https. */
  production: boolean;
  /** WEBHOOK_ALLOW_PRIVATE (never in production): loopback, private and plain http allowed. */
  allowPrivate: boolean;
  /** How names are resolved; the system's name servers with a 10-second deadline when not given. */
  resolve?: Resolver;
}

/** A webhook address that passed the checks, with the addresses its request may connect to. */
export interface VettedUrl {
  url: URL;
  addresses: ResolvedAddress[];
}

/** Lookups one process runs at once: each holds a socket, and a flood of names waits its turn. */
const LOOKUPS_AT_ONCE = 16;
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];
/** What a resolver answers for a family the name has no address of. */
const NO_ADDRESS = new Set(['ENODATA', 'ENOTFOUND']);

const failure = (code: string, hostname: string) => Object.assign(new Error(`${code} ${hostname}`), { code, hostname });

/**
 * Names resolved by DNS itself (c-ares, never libuv's thread pool, where `dns.lookup` would wait
 * with file and crypto work and has no deadline): A and AAAA records asked for together, once,
 * and the whole lookup, its wait for a turn included, given up after `timeoutMs` (an ETIMEOUT
 * error). `localhost` and its subdomains are the loopback addresses, as the system resolver and
 * browsers have them, without asking anyone. `servers`: other name servers than the system's.
 */
export function systemResolver(opts: { timeoutMs: number; maxConcurrent?: number; servers?: string[] }): Resolver {
  const gate = limiter(opts.maxConcurrent ?? LOOKUPS_AT_ONCE);
  async function both(hostname: string, dns: DnsResolver): Promise<ResolvedAddress[]> {
    const family = async (ask: Promise<string[]>) => {
      try {
        return await ask;
      } catch (err) {
        if (NO_ADDRESS.has((err as NodeJS.ErrnoException).code ?? '')) return [];
        throw err;
      }
    };
    const [v4, v6] = await Promise.all([family(dns.resolve4(hostname)), family(dns.resolve6(hostname))]);
    const found = [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
    if (!found.length) throw failure('ENOTFOUND', hostname);
    return found;
  }
  return async (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return LOOPBACK;
    const dns = new DnsResolver({ timeout: opts.timeoutMs, tries: 1 });
    if (opts.servers) dns.setServers(opts.servers);
    let timer: NodeJS.Timeout | undefined;
    let gaveUp = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        dns.cancel();
        reject(failure('ETIMEOUT', hostname));
      }, opts.timeoutMs);
    });
    // Given up on while waiting for its turn: the turn is not spent on it.
    const lookup = gate(() => (gaveUp ? Promise.resolve([]) : both(name, dns)));
    // A lookup given up on still settles later: its answer goes nowhere.
    lookup.catch(() => {});
    try {
      const found = await Promise.race([lookup, deadline]);
      if (!found) throw failure('ETIMEOUT', hostname);
      return found;
    } finally {
      clearTimeout(timer);
    }
  };
}

const defaultResolver = systemResolver({ timeoutMs: 10_000 });

/**
 * Addresses a request from the server must never reach: the machine itself, the networks behind
 * it (private, link-local, carrier-grade NAT), cloud metadata services, and everything reserved or
 * multicast. IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are checked by the
 * address they carry, below.
 */
const FORBIDDEN = (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  const v6: [string, number][] = [
    ['::', 128],
    ['::1', 128],
    ['100::', 64],
    // NAT64 for local use: the whole /48, whatever network it translates to.
    ['64:ff9b:1::', 48],
    // Teredo: it tunnels to addresses it obfuscates, so none is checked by what it carries.
    ['2001::', 32],
    ['2001:2::', 48],
    ['2001:db8::', 32],
    // Documentation (RFC 9637) and segment routing SIDs (RFC 9602): never a receiver.
    ['3fff::', 20],
    ['5f00::', 16],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  // Named even though their ranges already cover them: the metadata services of the clouds.
  list.addAddress('169.254.169.254', 'ipv4');
  list.addAddress('fd00:ec2::254', 'ipv6');
  return list;
})();

/** The 32-bit groups of an IPv6 address, expanded (`::ffff:1.2.3.4` style tails included). */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  const words = [...h, ...fill, ...t].map((w) => parseInt(w || '0', 16));
  return words.length === 8 && words.every((w) => w >= 0 && w <= 0xffff) ? words : null;
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 one stands for (mapped, compatible, NAT64, 6to4), if it stands for one. */
function embeddedIpv4(address: string): string | null {
  const w = ipv6Words(address);
  if (!w) return null;
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated)
  if (zero(0, 5) && (w[5] === 0xffff || w[5] === 0)) return v4Of(w[6]!, w[7]!);
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return v4Of(w[6]!, w[7]!);
  // 64:ff9b::a.b.c.d (NAT64; the local-use 64:ff9b:1::/48 is refused whole, above)
  if (w[0] === 0x64 && w[1] === 0xff9b) return v4Of(w[6]!, w[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (w[0] === 0x2002) return v4Of(w[1]!, w[2]!);
  return null;
}

/** True when a request must not go to this address. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  const clean = address.split('%')[0]!;
  if (FORBIDDEN.check(clean, 'ipv6')) return true;
  const inner = embeddedIpv4(clean);
  return inner !== null && (inner === '0.0.0.0' || FORBIDDEN.check(inner, 'ipv4'));
}

/** The URL's host as an address literal (brackets of IPv6 removed), or null for a name. */
const literalOf = (hostname: string) => {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
};

/** The form checks alone (scheme, credentials, a host), with no lookup: WEBHOOK_URL_INVALID. */
function parseWebhookUrl(text: string, opts: Pick<UrlGuardOptions, 'production'>): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID');
  }
  const httpsOnly = opts.production;
  if (url.protocol !== 'https:' && (httpsOnly || url.protocol !== 'http:')) throw new AppError('WEBHOOK_URL_INVALID');
  if (url.username || url.password || !url.hostname) throw new AppError('WEBHOOK_URL_INVALID');
  return url;
}

/**
 * Checks a webhook address: its form, then every address its host resolves to. Refused with
 * WEBHOOK_URL_FORBIDDEN when any of them is one the server must not reach (a name with one public
 * and one private address could be steered to the private one). The delivery connects to the
 * addresses returned here, never resolving the name again, so a DNS answer that changes between
 * the check and the request (rebinding) cannot take it elsewhere.
 */
export async function vetWebhookUrl(text: string, opts: UrlGuardOptions): Promise<VettedUrl> {
  const url = parseWebhookUrl(text, opts);
  const literal = literalOf(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (opts.resolve ?? defaultResolver)(url.hostname);
    } catch (err) {
      // A name that does not resolve cannot be called; it says nothing about where it points.
      const timedOut = (err as NodeJS.ErrnoException).code === 'ETIMEOUT';
      throw new AppError('WEBHOOK_URL_INVALID', timedOut ? { details: { lookup: 'timeout' } } : {});
    }
    if (!addresses.length) throw new AppError('WEBHOOK_URL_INVALID');
  }
  if (!opts.allowPrivate && addresses.some((a) => isForbiddenAddress(a.address))) {
    throw new AppError('WEBHOOK_URL_FORBIDDEN');
  }
  return { url, addresses };
}
