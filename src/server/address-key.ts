import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` filled in. */
function ipv6Groups(address: string): number[] {
  const withoutZone = address.replace(/%.*$/, '');
  // A dotted IPv4 tail (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.1`) is its last two groups.
  const text = withoutZone.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) =>
      `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const filled =
    tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(filled).fill('0'), ...tailGroups].map(
    (group) => Number.parseInt(group, 16),
  );
}

/**
 * The address a client is counted under (failed sign-ins, new visits): an IPv4 address as it is
 * (also when written as IPv4-mapped IPv6), an IPv6 address by its /64, the smallest network a home
 * or an office is given, so a client cannot step through the 2^64 addresses of their own line.
 */
export function addressKeyOf(address: string): string {
  if (!isIPv6(address.replace(/%.*$/, ''))) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return groups
      .slice(6)
      .flatMap((group) => [group >> 8, group & 0xff])
      .join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
