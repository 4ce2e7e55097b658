import { expect, test } from 'vitest';
import { addressKeyOf } from './address-key.ts';

test('counts IPv4 by its address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
  expect(
    [
      '192.0.2.1',
      '::ffff:192.0.2.1',
      '::FFFF:c000:0201',
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:0:0:9',
      '2001:db8:1:2:3:4:5:6%eth0',
      '2001:db8:1:3::1',
      '::1',
      '64:ff9b::192.0.2.1',
    ].map(addressKeyOf),
  ).toEqual([
    '192.0.2.1',
    '192.0.2.1',
    '192.0.2.1',
    '2001:db8:1:2::/64',
    '2001:db8:1:2::/64',
    '2001:db8:1:2::/64',
    '2001:db8:1:3::/64',
    '0:0:0:0::/64',
    '64:ff9b:0:0::/64',
  ]);
});
