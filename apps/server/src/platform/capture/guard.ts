/**
 * Address guard of web capture (issue 4 §1 Safety): decides, AFTER DNS resolution, whether the capture
 * may connect to a host, and pins the answer so every later connection of the same capture goes to the
 * very address that was checked (no DNS-rebinding window between the check and the connection).
 *
 * Refused: IPv4 0/8, 10/8, 100.64/10 (CGNAT), 127/8, 169.254/16 (link-local, cloud metadata), 172.16/12,
 * 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4
 * (multicast), 240/4 (reserved, broadcast); IPv6 ::, ::1, 100::/64, 2001::/23 (incl. Teredo),
 * 2001:db8::/32, 3fff::/20, fc00::/7 (ULA), fe80::/10, fec0::/10, ff00::/8, and addresses embedding
 * an IPv4 address (::ffff:0:0/96 mapped, ::/96 compatible, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64,
 * 2002::/16 6to4) are judged by the embedded IPv4 address. A name with ANY refused address is refused.
 * Hosts named in CAPTURE_ALLOW_HOSTS skip the address check (tests allow their local server).
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { MSG } from '@cunzheng/contract/messages';

/** Why a host cannot be captured; `message` is the Chinese reason shown to the user. */
export class CaptureRefused extends Error {
  readonly kind: 'refused' | 'dns';
  constructor(kind: 'refused' | 'dns') {
    super(kind === 'refused' ? MSG.WEB_ADDRESS_REFUSED : MSG.WEB_DNS_FAILED);
    this.kind = kind;
  }
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const V6_BLOCKED: Array<[string, number]> = [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['3fff::', 20],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];
const blockList = new net.BlockList();
for (const [a, p] of V4_BLOCKED) blockList.addSubnet(a, p, 'ipv4');
for (const [a, p] of V6_BLOCKED) blockList.addSubnet(a, p, 'ipv6');

/** The 8 16-bit groups of an IPv6 address (handles '::' and a dotted IPv4 tail). */
function v6Groups(addr: string): number[] {
  let s = addr.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    s = s.slice(0, -dotted[1]!.length) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? (s.split('::') as [string, string]) : [s, null];
  const h = head ? head.split(':').map((x) => parseInt(x, 16)) : [];
  const t = tail === null ? [] : tail ? tail.split(':').map((x) => parseInt(x, 16)) : [];
  const fill = tail === null ? [] : Array.from({ length: Math.max(0, 8 - h.length - t.length) }, () => 0);
  return [...h, ...fill, ...t];
}

/** The IPv4 address embedded in an IPv6 address by a translation prefix, or null. */
function embeddedV4(g: number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zero(0, 6) && (g[6]! !== 0 || g[7]! > 1)) return v4(g[6]!, g[7]!); // ::a.b.c.d (deprecated compatible)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6]!, g[7]!); // 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return v4(g[6]!, g[7]!); // 64:ff9b:1::/48 (last 32 bits)
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!); // 6to4
  return null;
}

/** True when `ip` (IPv4 or IPv6 literal) is an address a capture must never connect to. */
export function isRefusedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blockList.check(ip, 'ipv4');
  if (family !== 6) return true;
  const g = v6Groups(ip);
  if (g.length !== 8 || g.some((x) => !Number.isInteger(x) || x < 0 || x > 0xffff)) return true;
  const inner = embeddedV4(g);
  if (inner !== null) return blockList.check(inner, 'ipv4');
  return blockList.check(ip.split('%')[0]!, 'ipv6');
}

/** A checked, pinned address of a host. */
export interface Pinned {
  host: string;
  address: string;
  family: 4 | 6;
  /** Every address the host resolved to (the provenance lists them). */
  all: string[];
}

export interface AddressGuard {
  /** Resolves and checks `host` (name or literal, brackets allowed); cached per guard. Throws CaptureRefused. */
  check(host: string): Promise<Pinned>;
  /** Every host checked so far with its addresses. */
  hosts(): Pinned[];
}

/** Parses CAPTURE_ALLOW_HOSTS ("a.example, 127.0.0.1,[::1]") into lower-case host names. */
export const parseAllowHosts = (v: string): Set<string> =>
  new Set(v.split(',').map((s) => s.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '')).filter(Boolean));

/**
 * A guard for one capture. `lookup` (default dns.lookup, all addresses) may be replaced for tests of
 * the resolver path. Results are cached, so one capture sees one address per host.
 */
export function addressGuard(allowHosts: Set<string>, lookup: (host: string) => Promise<Array<{ address: string; family: number }>> = (h) => dns.lookup(h, { all: true, verbatim: true })): AddressGuard {
  const cache = new Map<string, Promise<Pinned>>();
  const done: Pinned[] = [];
  const resolve = async (host: string): Promise<Pinned> => {
    const allowed = allowHosts.has(host);
    let addrs: Array<{ address: string; family: number }>;
    if (net.isIP(host)) addrs = [{ address: host, family: net.isIP(host) }];
    else {
      try {
        addrs = await lookup(host);
      } catch {
        throw new CaptureRefused('dns');
      }
      if (addrs.length === 0) throw new CaptureRefused('dns');
    }
    if (!allowed && addrs.some((a) => isRefusedAddress(a.address))) throw new CaptureRefused('refused');
    const first = addrs.find((a) => a.family === 4) ?? addrs[0]!;
    const pinned: Pinned = { host, address: first.address, family: first.family === 6 ? 6 : 4, all: addrs.map((a) => a.address) };
    done.push(pinned);
    return pinned;
  };
  return {
    check(rawHost) {
      const host = rawHost.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
      let p = cache.get(host);
      if (!p) {
        p = resolve(host);
        cache.set(host, p);
      }
      return p;
    },
    hosts: () => [...done],
  };
}
