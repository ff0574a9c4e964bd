import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { WebhookSettings } from '../../config.js';
import { GLOBAL_UNICAST_IPV6, SPECIAL_IPV4, SPECIAL_IPV6 } from './special-addresses.js';

export type TargetPolicy = WebhookSettings['privateTargets'];

const blockList = (entries: string[]) => {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    list.addSubnet(address!, Number(prefix), isIP(address!) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
};

const LOOPBACK = blockList(['127.0.0.0/8', '::1/128']);
const SPECIAL_V4 = blockList(SPECIAL_IPV4);
const GLOBAL_V6 = blockList([GLOBAL_UNICAST_IPV6]);
const SPECIAL_V6 = blockList(SPECIAL_IPV6);

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

const isPublic = (address: string) =>
  isIP(address) === 4
    ? !SPECIAL_V4.check(address, 'ipv4')
    : GLOBAL_V6.check(address, 'ipv6') && !SPECIAL_V6.check(address, 'ipv6');

/** Whether the policy lets a delivery connect to this address. */
export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (policy === 'allow' || isPublic(address)) return true;
  return policy === 'loopback' && LOOPBACK.check(address, family(address));
}

/**
 * The same words whether the name does not exist or resolves to an address that is refused, and never
 * the address: a delivery's error must not map a network's internal names.
 */
export class TargetRefused extends Error {
  constructor(hostname: string) {
    super(`target_refused: ${hostname} has no address deliveries may reach`);
  }
}

export class TargetTimeout extends Error {
  constructor(hostname: string) {
    super(`timeout: ${hostname} did not resolve in time`);
  }
}

/** RFC 6761: `localhost` and names under it are loopback, and are never asked of a DNS server. */
const LOCALHOST = /^(.+\.)?localhost\.?$/i;

/**
 * The addresses a delivery may connect to for `hostname`: every address it resolves to must be
 * allowed (one refused answer refuses the whole name), and the connection then uses these very
 * addresses, so a second DNS answer cannot point it elsewhere.
 *
 * Names are asked of DNS servers directly (c-ares, `dnsServers` or the system's resolv.conf), never
 * through getaddrinfo on libuv's thread pool, whose few threads a silent nameserver would hold for
 * every lookup of the process; and within `deadline` (epoch ms).
 */
export async function resolveTarget(
  hostname: string,
  policy: TargetPolicy,
  deadline: number,
  dnsServers: readonly string[] = [],
): Promise<string[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(bare)
    ? [bare]
    : LOCALHOST.test(bare)
      ? ['127.0.0.1', '::1']
      : await lookUp(bare, deadline, dnsServers);
  if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a, policy))) {
    throw new TargetRefused(hostname);
  }
  return addresses;
}

async function lookUp(name: string, deadline: number, dnsServers: readonly string[]): Promise<string[]> {
  const left = deadline - Date.now();
  if (left <= 0) throw new TargetTimeout(name);
  const resolver = new Resolver({ timeout: left, tries: 1 });
  if (dnsServers.length > 0) resolver.setServers(dnsServers);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    resolver.cancel();
  }, left);
  try {
    const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
    const slow = answers.some(
      (a) =>
        a.status === 'rejected' &&
        ['ETIMEOUT', 'ECANCELLED'].includes((a.reason as NodeJS.ErrnoException).code!),
    );
    if (found.length === 0 && (timedOut || slow)) throw new TargetTimeout(name);
    return found;
  } finally {
    clearTimeout(timer);
  }
}
