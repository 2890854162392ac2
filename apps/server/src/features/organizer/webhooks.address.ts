import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be delivered (docs/decisions/017, "Later: addresses"). Anyone signed in can
 * create an event and so own one, so "only an owner sets the address" does not keep the server from
 * being pointed at its own network: a delivery's status and error ("ECONNREFUSED") scan its ports,
 * and a cloud's metadata address hands out credentials.
 * - Never: link-local (169.254/16 with the metadata address, fe80::/10), unspecified, multicast and
 *   reserved addresses.
 * - Loopback, private and shared (CGNAT) addresses only where the deployment allows them
 *   (`webhookPrivateNetwork`: outside production by default, for a receiver next to Foyer).
 * Checked when the address is saved (an IP or "localhost" in it) and again when each delivery
 * connects, on the address the name resolved to, so a name that resolves elsewhere later (DNS
 * rebinding) is caught on the connection it would use.
 */

const never = new BlockList();
never.addSubnet('0.0.0.0', 8, 'ipv4');
never.addSubnet('169.254.0.0', 16, 'ipv4');
never.addSubnet('224.0.0.0', 4, 'ipv4');
never.addSubnet('240.0.0.0', 4, 'ipv4');
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6');
never.addSubnet('ff00::', 8, 'ipv6');

const privateNetwork = new BlockList();
privateNetwork.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetwork.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetwork.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetwork.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetwork.addSubnet('100.64.0.0', 10, 'ipv4');
privateNetwork.addAddress('::1', 'ipv6');
privateNetwork.addSubnet('fc00::', 7, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** Why a delivery may not go to this IP address, or null when it may. */
export function addressRefusal(ip: string, allowPrivate: boolean): string | null {
  const { address, family } = unmapped(ip);
  if (never.check(address, family)) return `${ip} is a link-local, reserved or multicast address`;
  if (!allowPrivate && privateNetwork.check(address, family))
    return `${ip} is a loopback or private network address`;
  return null;
}

/**
 * Why a badge printer (raw TCP, features/badges/badges.printer.ts) may not be sent to at this IP, or
 * null. A venue's printers are on its private network, so that stays open; never link-local (the
 * cloud's metadata address), reserved or multicast; this server's own loopback (its Redis, its
 * database: a TXT template is text they would take as commands) only where the deployment allows
 * it (`printerLoopback`: outside production by default, for a printer simulated next to Foyer).
 */
export function printerAddressRefusal(ip: string, allowLoopback: boolean): string | null {
  const { address, family } = unmapped(ip);
  if (never.check(address, family)) return `${ip} is a link-local, reserved or multicast address`;
  if (!allowLoopback && loopback.check(address, family)) return `${ip} is this server`;
  return null;
}

/** What can be said of a printer's host before any name is resolved (an IP, or "localhost"). */
export function printerHostRefusal(host: string, allowLoopback: boolean): string | null {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return printerAddressRefusal(bare, allowLoopback);
  const name = bare.toLowerCase().replace(/\.$/, '');
  if (!allowLoopback && (name === 'localhost' || name.endsWith('.localhost')))
    return `${name} is this server`;
  return null;
}

/** A URL's host as an IP address (without IPv6 brackets), or null for a name. */
function hostAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/**
 * What can be said of a URL before any name is resolved: refused when its host is an address that
 * may not be used, or "localhost" where the private network is closed; null otherwise.
 */
export function urlRefusal(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null; // the contract's isWebhookUrl answers for the shape
  }
  const ip = hostAddress(url);
  if (ip) return addressRefusal(ip, allowPrivate);
  const name = url.hostname.toLowerCase();
  if (!allowPrivate && (name === 'localhost' || name.endsWith('.localhost')))
    return `${name} is this machine`;
  return null;
}

/** The error a refused connection fails with (its code is what the delivery log shows). */
export class RefusedAddressError extends Error {
  readonly code = 'EADDRNOTALLOWED';
}

/**
 * A `lookup` for http.request and net.connect: resolves as the system does, then refuses the
 * connection when any address the name has is one it may not use (the connection uses the first,
 * and the others are a retry away). `refusal` judges one address (`addressRefusal` for webhooks,
 * `printerAddressRefusal` for printers).
 */
export function guardedLookup(refusal: (ip: string) => string | null): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const refused = addresses.map((a) => refusal(a.address)).find((r) => r !== null);
      const first = addresses[0];
      if (refused || !first)
        return callback(new RefusedAddressError(`${hostname}: ${refused ?? 'no address'}`), '');
      // Node asks for every address when it tries both families in turn (autoSelectFamily).
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}
