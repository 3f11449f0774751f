import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOKS } from '@canopy/shared';

// Where Canopy may send a webhook (issue 24, decision 229). A subscriber names the URL, so without
// these checks it could make the server POST to its own database port, a cloud metadata service
// or anything else on the private network (SSRF). Only public unicast addresses are allowed;
// loopback too, where the configuration allows it (outside production, for a receiver on the
// developer's own machine). The check runs on the address actually connected to: send.ts resolves
// the host once, checks every address, and pins the connection to the one checked, so a DNS answer
// that changes between check and connection (rebinding) cannot slip past it.

export interface AddressPolicy {
  /** Loopback receivers (and plain http:// to them) are allowed: WEBHOOK_ALLOW_LOOPBACK. */
  allowLoopback: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; tests give their own. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** A refusal of the URL: its text says why, for the creating call's field error and the log. */
export class RefusedAddress extends Error {}

type Range = readonly [prefix: readonly number[], bits: number];

// Never public unicast (RFC 6890 and its updates): "this network", private, CGNAT, link-local
// (cloud metadata lives at 169.254.169.254), protocol assignments, documentation, benchmarking,
// multicast, reserved and broadcast.
const REFUSED_V4: readonly Range[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 88, 99], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4],
  [[240], 4],
];
const LOOPBACK_V4: Range = [[127], 8];

// Unspecified and loopback are whole addresses (below); these are the IPv6 ranges: unique local,
// link-local, the old site-local, multicast, documentation and discard-only.
const REFUSED_V6: readonly Range[] = [
  [[0xfc], 7],
  [[0xfe, 0x80], 10],
  [[0xfe, 0xc0], 10],
  [[0xff], 8],
  [[0x20, 0x01, 0x0d, 0xb8], 32],
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64],
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

const v4Bytes = (address: string) => address.split('.').map(Number);

/** An IPv6 address as its 16 bytes; `isIP` has already said it is one. */
function v6Bytes(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  // A dotted IPv4 tail (::ffff:10.0.0.1) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Bytes(dotted[1]);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * The IPv4 address an IPv6 one carries and would reach: IPv4-mapped (::ffff:a.b.c.d), the old
 * IPv4-compatible form (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::).
 */
function embeddedV4(bytes: readonly number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 12) && !zeros(12, 15)) return bytes.slice(12);
  if (inRange(bytes, [[0, 0x64, 0xff, 0x9b], 96])) return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

function v4Allowed(bytes: readonly number[], policy: AddressPolicy): boolean {
  if (inRange(bytes, LOOPBACK_V4)) return policy.allowLoopback;
  if (bytes.every((byte) => byte === 255)) return false;
  return !REFUSED_V4.some((range) => inRange(bytes, range));
}

/** Whether Canopy may connect to this IP address (either family) under the policy. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 4) return v4Allowed(v4Bytes(address), policy);
  if (family !== 6) return false;
  const bytes = v6Bytes(address);
  if (bytes.every((byte) => byte === 0)) return false;
  if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) return policy.allowLoopback;
  const carried = embeddedV4(bytes);
  if (carried) return v4Allowed(carried, policy);
  return !REFUSED_V6.some((range) => inRange(bytes, range));
}

/** The URL's host as an address or name: without IPv6's brackets, lower case, no final dot. */
export const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

const isLoopbackAddress = (address: string) =>
  addressAllowed(address, { allowLoopback: true }) && !addressAllowed(address, { allowLoopback: false });

/**
 * Whether the URL's scheme is allowed, and, for a host written as an address, the address: what
 * can be said without DNS. Plain http:// only where loopback is allowed, and only to loopback (a
 * name's addresses are checked once resolved).
 */
export function refuseUrlForm(url: URL, policy: AddressPolicy): void {
  const host = bareHost(url);
  const literal = isIP(host) !== 0;
  if (url.protocol !== 'https:') {
    const mayBeLoopback = literal ? isLoopbackAddress(host) : true;
    if (url.protocol !== 'http:' || !policy.allowLoopback || !mayBeLoopback) {
      throw new RefusedAddress(WEBHOOKS.urlNotHttps);
    }
  }
  if (literal && !addressAllowed(host, policy)) throw new RefusedAddress(WEBHOOKS.urlPrivate);
  if (isLoopbackName(host) && !policy.allowLoopback) throw new RefusedAddress(WEBHOOKS.urlPrivate);
}

/**
 * Everything the URL's host resolves to, refused if any address is not allowed (a name with one
 * private address among public ones is still a way in). Answers the address to connect to.
 */
export async function resolveAllowed(
  url: URL,
  policy: AddressPolicy,
  resolve: HostResolver,
): Promise<ResolvedAddress> {
  refuseUrlForm(url, policy);
  const host = bareHost(url);
  const family = isIP(host);
  if (family !== 0) return { address: host, family: family === 6 ? 6 : 4 };
  const plain = url.protocol === 'http:';
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    // Plain http is for a receiver known to be on this machine: a name that says nothing is not.
    if (plain) throw new RefusedAddress(WEBHOOKS.urlNotHttps);
    throw error;
  }
  const first = addresses[0];
  if (!first) throw new Error(`${host} has no address`);
  if (addresses.some(({ address }) => !addressAllowed(address, policy))) {
    throw new RefusedAddress(WEBHOOKS.refusedAddress);
  }
  if (plain && !addresses.every(({ address }) => isLoopbackAddress(address))) {
    throw new RefusedAddress(WEBHOOKS.urlNotHttps);
  }
  return first;
}
