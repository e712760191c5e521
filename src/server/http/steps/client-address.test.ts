import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressStep, settleClientAddress } from './client-address';

function request(headers: Record<string, string>, remoteAddress = '203.0.113.9'): IncomingMessage {
  return { headers: { ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('settleClientAddress', () => {
  it('without a trusted proxy, takes the connection address whatever the client claims', () => {
    const incoming = request({ 'x-forwarded-for': '198.51.100.1, 10.0.0.1', 'x-real-ip': '198.51.100.2' });
    settleClientAddress(incoming, 0);
    expect(incoming.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(incoming.headers['x-real-ip']).toBeUndefined();
  });

  it('behind one proxy, takes the address that proxy appended, not what the client wrote before it', () => {
    const incoming = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7' }, '127.0.0.1');
    settleClientAddress(incoming, 1);
    expect(incoming.headers['x-forwarded-for']).toBe('198.51.100.7');
  });

  it('behind two proxies, goes one entry further back', () => {
    const incoming = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.2' }, '127.0.0.1');
    settleClientAddress(incoming, 2);
    expect(incoming.headers['x-forwarded-for']).toBe('198.51.100.7');
  });

  it('with fewer entries than trusted hops, takes the farthest one there is', () => {
    const incoming = request({}, '127.0.0.1');
    settleClientAddress(incoming, 2);
    expect(incoming.headers['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('clientAddressStep', () => {
  it('settles the address with the configured hops and lets the request go on', () => {
    const incoming = request({ 'x-forwarded-for': '198.51.100.1' });
    expect(clientAddressStep.run(incoming, {} as never)).toBe(false);
    expect(incoming.headers['x-forwarded-for']).toBe('203.0.113.9');
  });
});
