// Who is asking, as far as limits and development routes care: the key a client's budgets are counted under, and
// whether a request comes from this machine.
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The eight 16-bit groups of an IPv6 address (no zone), or null. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  if (!isIPv6(plain)) return null;
  const [head = '', tail] = plain.split('::') as [string, string | undefined];
  const part = (text: string): string[] => (text === '' ? [] : text.split(':'));
  const expand = (groups: string[]): number[] =>
    groups.flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const left = expand(part(head));
  const right = tail === undefined ? [] : expand(part(tail));
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...fill, ...right];
  return groups.length === 8 ? groups : null;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:1.2.3.4), else null. */
function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  const [hi = 0, lo = 0] = groups.slice(6);
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/**
 * The key a client's budgets are counted under: its IPv4 address, or the /64 network of its IPv6 address (one
 * subscriber gets a whole /64, so counting single addresses would give it 2^64 budgets). A request whose connection is
 * already gone has no address (Node clears it): it gets one shared key instead of an exception.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'gone';
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip.toLowerCase().slice(0, 64);
  const v4 = mappedIpv4(groups);
  if (v4) return v4;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** 127.0.0.0/8, ::1 and ::ffff:127.x.y.z. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return address.startsWith('127.');
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const v4 = mappedIpv4(groups);
  if (v4) return v4.startsWith('127.');
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

/** Addresses a proxy in front may have named for the client (X-Forwarded-For, X-Real-IP, Forwarded: for=…). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const header = (name: string): string => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const list = [...header('x-forwarded-for').split(','), ...header('x-real-ip').split(',')];
  for (const match of header('forwarded').matchAll(/for=("?)\[?([^\]";,]*)\]?(?::\d+)?\1/gi)) list.push(match[2] ?? '');
  return list.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/**
 * True when the request comes from this machine: the connection is from a loopback address and no proxy header names
 * anyone else. Used by the development conveniences (docs/SECURITY.md "Development server"). A proxy on this machine
 * that forwards other machines' requests without saying so (no X-Forwarded-For) makes them look local: do not put one
 * in front of a development server.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  return forwardedAddresses(request).every(isLoopbackAddress);
}
