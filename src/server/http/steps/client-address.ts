import 'server-only';
import type { IncomingMessage } from 'node:http';
import { env } from '../../env';
import type { RequestStep } from '../request-step';

/**
 * Leaves the app one client address it can trust, in X-Forwarded-For (what `clientAddress` reads for rate
 * limits): the address `trustedHops` proxies before this server, counting the connection's own address as the
 * last hop. With no trusted proxy it is the connection's address, whatever the client wrote in the header.
 */
export function settleClientAddress(request: IncomingMessage, trustedHops: number): void {
  const forwarded = request.headers['x-forwarded-for'];
  const claimed = trustedHops > 0 && typeof forwarded === 'string' ? forwarded.split(',') : [];
  const chain = [
    ...claimed.map((address) => address.trim()).filter(Boolean),
    request.socket.remoteAddress ?? 'unknown',
  ];
  request.headers['x-forwarded-for'] = chain[Math.max(0, chain.length - 1 - trustedHops)];
  delete request.headers['x-real-ip'];
}

export const clientAddressStep: RequestStep = {
  name: 'client address',
  run(request) {
    settleClientAddress(request, env().TRUSTED_PROXY_HOPS);
    return false;
  },
};
