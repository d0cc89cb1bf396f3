import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** Names that always reach this machine only. */
export const LOOPBACK_NAMES: ReadonlyArray<string> = ['127.0.0.1', 'localhost', '[::1]'];

/** Listening on one of these listens on every interface of the machine. */
const UNSPECIFIED_ADDRESSES = new Set(['0.0.0.0', '[::]']);

/** A name as a Host header spells it: lower-case, an IPv6 literal in brackets (`[fe80::1]`). */
export function hostHeaderName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * The Host names the server answers: the loopback names, the address it is bound to and the names
 * the user allowed (--allowed-host, PLANVAS_ALLOWED_HOSTS). Bound to every interface (0.0.0.0,
 * ::), each interface's address counts as the bind address. IP literals are safe to allow: DNS
 * rebinding needs a name the attacker controls, and a Host header that is an IP names none.
 */
export function allowedHostNames(
  bindAddress: string | undefined,
  extra: ReadonlyArray<string> = [],
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (bindAddress) {
    const bound = hostHeaderName(bindAddress);
    if (UNSPECIFIED_ADDRESSES.has(bound)) {
      for (const info of Object.values(interfaces).flat()) {
        // A link-local IPv6 address needs a zone (%eth0) in a URL, which no Host header carries.
        if (info && !(info.family === 'IPv6' && info.scopeid)) names.add(hostHeaderName(info.address));
      }
    } else {
      names.add(bound);
    }
  }
  for (const name of extra) names.add(hostHeaderName(name));
  return names;
}
