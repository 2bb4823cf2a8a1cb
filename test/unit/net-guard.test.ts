import { BlockedDestinationError, isBlockedAddress, resolveDestination, resolvesToBlocked } from '../../src/common/net-guard';

test.each([
  '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0.0.0.0', '::', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.10',
  '169.254.169.254', 'fe80::1', '100.64.0.1', '100.127.255.254', '224.0.0.1', 'ff02::1', 'fd00::1', 'fd00:ec2::254', '255.255.255.255',
  '192.0.0.1', '198.18.0.1', '64:ff9b::7f00:1', 'not an ip',
])('%s is blocked', (ip) => {
  expect(isBlockedAddress(ip)).toBe(true);
});

// IPv6 forms that carry an IPv4 address: refused whatever IPv4 they embed (docs/security.md).
test.each([
  '::7f00:1', '::127.0.0.1', '::a9fe:a9fe', '::808:808', '::1.2.3.4', // IPv4-compatible ::/96
  '64:ff9b::7f00:1', '64:ff9b::808:808', '64:ff9b:1::a00:1', '64:ff9b:1:ffff::1', // NAT64 (RFC 6052, RFC 8215)
  '::ffff:0:7f00:1', '::ffff:0:808:808', // SIIT
  '2002:7f00:1::1', '2002:808:808::1', // 6to4
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1', // Teredo
])('embedded-IPv4 form %s is blocked', (ip) => {
  expect(isBlockedAddress(ip)).toBe(true);
});

test.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1', '100.128.0.1', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888'])('%s is allowed', (ip) => {
  expect(isBlockedAddress(ip)).toBe(false);
});

test('names resolving to loopback are blocked; literals checked without DNS', async () => {
  expect(await resolvesToBlocked('localhost')).toBe('127.0.0.1');
  expect(await resolvesToBlocked('anything.localhost')).toBe('127.0.0.1');
  expect(await resolvesToBlocked('127.0.0.1')).toBe('127.0.0.1');
  expect(await resolvesToBlocked('8.8.8.8')).toBeNull();
});

test('resolveDestination: the one policy for trunk hosts, at save time and at every send', async () => {
  const lookup = async (host: string) => (host === 'inside.example' ? [{ address: '8.8.8.8', family: 4 }, { address: '10.1.2.3', family: 4 }] : [{ address: '8.8.4.4', family: 4 }]);
  await expect(resolveDestination('inside.example', { allowPrivate: false, lookup })).rejects.toMatchObject({ code: 'blocked_destination', address: '10.1.2.3' });
  await expect(resolveDestination('outside.example', { allowPrivate: false, lookup })).resolves.toEqual([{ address: '8.8.4.4', family: 4 }]);
  await expect(resolveDestination('inside.example', { allowPrivate: true, lookup })).resolves.toHaveLength(2);
  await expect(resolveDestination('127.0.0.1', { allowPrivate: false, lookup })).rejects.toBeInstanceOf(BlockedDestinationError);
  await expect(resolveDestination('trunk.localhost', { allowPrivate: false, lookup })).rejects.toBeInstanceOf(BlockedDestinationError);
  expect(await resolvesToBlocked('inside.example', 2000, lookup)).toBe('10.1.2.3');
  expect(await resolvesToBlocked('outside.example', 2000, lookup)).toBeNull();
});
