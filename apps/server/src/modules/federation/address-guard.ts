import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Fedify refuses to fetch from private addresses but delivers to any inbox an actor names (its
// send.js has no check): a remote actor could name http://127.0.0.1/… as its inbox and have this
// server post to itself or to its network. Every inbox is checked here before it is stored.

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether this server may send to `url`: http(s), and every address its host resolves to public,
 * unless private addresses are allowed (tests and closed networks: FEDERATION_ALLOW_PRIVATE_ADDRESSES).
 */
export async function isDeliverable(url: URL, allowPrivate: boolean): Promise<boolean> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (allowPrivate) return true;
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((all) => all.map((a) => a.address), () => []);
  return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a));
}
