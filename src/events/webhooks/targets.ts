import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { WebhookSettings } from '../../config.js';

export type TargetPolicy = WebhookSettings['privateTargets'];

const subnets = (list: BlockList, entries: string[]) => {
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    list.addSubnet(address!, Number(prefix), isIP(address!) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
};

const LOOPBACK = subnets(new BlockList(), ['127.0.0.0/8', '::1/128']);

/** Everything that is not a public unicast address: private, link-local, shared, reserved, multicast. */
const NON_PUBLIC = subnets(new BlockList(), [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3',
  '::/127',
  // NAT64 addresses could name any IPv4 address; they are not followed.
  '64:ff9b::/96',
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
]);

/**
 * IPv4-mapped IPv6 addresses could name any IPv4 address; they are not followed. Apart, since a
 * BlockList matches IPv4 addresses against IPv4-mapped subnets too.
 */
const MAPPED = subnets(new BlockList(), ['::ffff:0:0/96']);

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

const isPublic = (address: string) =>
  !NON_PUBLIC.check(address, family(address)) && !(isIP(address) === 6 && MAPPED.check(address, 'ipv6'));

/** Whether the policy lets a delivery connect to this address. */
export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (policy === 'allow' || isPublic(address)) return true;
  return policy === 'loopback' && LOOPBACK.check(address, family(address));
}

export class TargetRefused extends Error {
  constructor(address: string) {
    super(`target_refused: ${address} is not a public address`);
  }
}

/**
 * The addresses a delivery may connect to for `hostname`: every address it resolves to must be
 * allowed (one private answer refuses the whole name), and the connection then uses these very
 * addresses, so a second DNS answer cannot point it elsewhere.
 */
export async function resolveTarget(hostname: string, policy: TargetPolicy): Promise<string[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
  const refused = addresses.find((a) => !addressAllowed(a, policy));
  if (refused) throw new TargetRefused(refused);
  return addresses;
}
