/**
 * Address blocks a webhook delivery never connects to on its own: every entry of IANA's IPv4 and IPv6
 * Special-Purpose Address Registries (iana.org/assignments/iana-ipv4-special-registry and
 * iana-ipv6-special-registry, as of 2025), with the blocks those registries leave to others but that
 * are no public unicast either. Refused whole, even where IANA marks a block globally reachable
 * (anycast relays, AS112): a vendor's webhook receiver has no business there.
 */
export const SPECIAL_IPV4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata services)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP/TURN anycast)
  '192.0.2.0/24', // documentation
  '192.31.196.0/24', // AS112
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112 direct delegation
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast (IANA multicast registry)
  '240.0.0.0/4', // reserved, and the limited broadcast 255.255.255.255
];

/**
 * IPv6 is public only inside 2000::/3, the global unicast space (which leaves out ::/128, ::1, the
 * IPv4-compatible ::/96 and IPv4-mapped ::ffff:0:0/96, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64, 100::/64
 * discard, fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast); inside
 * it, these special-purpose blocks are refused too.
 */
export const GLOBAL_UNICAST_IPV6 = '2000::/3';
export const SPECIAL_IPV6 = [
  '2001::/23', // IETF protocol assignments, with 2001::/32 Teredo, benchmarking, ORCHID, AMT, AS112
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: names any IPv4 address
  '2620:4f:8000::/48', // AS112 direct delegation
  '3fff::/20', // documentation
];
