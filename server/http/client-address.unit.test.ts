import { describe, expect, it } from 'vitest';
import {
  addressKey,
  parseTrustedProxies,
  resolveClientAddress,
  type TrustedProxies,
} from './client-address.ts';

const trusted = (v: string) => parseTrustedProxies(v) as TrustedProxies;

describe('client address and address key', () => {
  it('reads X-Forwarded-For only from a trusted peer, right-most untrusted hop first', () => {
    const t = trusted('10.0.0.1, 2001:db8:ffff::/48');
    expect(resolveClientAddress('192.0.2.1', '198.51.100.1', t)).toBe('192.0.2.1');
    expect(resolveClientAddress('10.0.0.1', '198.51.100.1', t)).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:10.0.0.1', 'evil, 198.51.100.1', t)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.1', '198.51.100.7, 2001:db8:ffff::5', t)).toBe(
      '198.51.100.7',
    );
    expect(resolveClientAddress('10.0.0.1', 'not-an-ip, 2001:db8:ffff::5', t)).toBe(
      '2001:db8:ffff::5',
    );
    expect(resolveClientAddress('10.0.0.1', undefined, t)).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', '198.51.100.1', undefined)).toBe('10.0.0.1');
  });

  it('refuses entries that are not addresses or ranges', () => {
    expect(parseTrustedProxies('10.0.0.1, example.org, 10.0.0.0/33, ::1/129')).toEqual({
      invalid: ['example.org', '10.0.0.0/33', '::1/129'],
    });
  });

  it('keys IPv4 by address and IPv6 by /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:DB8:1:2:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('')).toBe('unknown');
    expect(addressKey('garbage')).toBe('unknown');
  });
});
