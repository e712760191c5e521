import { describe, expect, it } from 'vitest';
import { clientAddress, rateLimitedClient } from './rate-limit';

function requestFrom(forwarded: string): Request {
  return new Request('http://site.test/', { headers: { 'x-forwarded-for': forwarded } });
}

describe('clientAddress', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const subjects = [
      '2001:db8:aa:1::1',
      '2001:db8:aa:1:ffff:ffff:ffff:ffff',
      '2001:0DB8:00aa:0001:1234:5678:9abc:def0',
      '[2001:db8:aa:1::42]',
    ].map((address) => clientAddress(requestFrom(address)));
    expect(new Set(subjects)).toEqual(new Set(['2001:db8:aa:1::/64']));
    expect(clientAddress(requestFrom('2001:db8:aa:2::1'))).toBe('2001:db8:aa:2::/64');
  });

  it('keeps IPv4 addresses whole and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(clientAddress(requestFrom('198.51.100.7'))).toBe('198.51.100.7');
    expect(clientAddress(requestFrom('::ffff:198.51.100.7'))).toBe('198.51.100.7');
    expect(clientAddress(requestFrom('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
  });

  it('keeps something that is no address as a bounded subject', () => {
    expect(rateLimitedClient('unknown')).toBe('unknown');
    expect(rateLimitedClient('x'.repeat(500))).toHaveLength(64);
    expect(clientAddress(new Request('http://site.test/'))).toBe('unknown');
  });
});
