import 'server-only';
import ipaddr from 'ipaddr.js';
import { env } from '../env';
import { isSameSecret } from '../lib/secrets';

/**
 * Who may read /metrics: a client on this machine (a scraper or an operator on loopback), or anyone presenting
 * `Authorization: Bearer $METRICS_TOKEN`. The client address is the one the HTTP hook settled in X-Forwarded-For
 * (TRUSTED_PROXY_HOPS), so a request relayed by nginx counts as coming from its real client, not from loopback.
 */
export function mayReadMetrics(request: Request, token = env().METRICS_TOKEN): boolean {
  if (token && hasBearer(request.headers.get('authorization'), token)) return true;
  return isFromLoopback(request);
}

function hasBearer(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  return isSameSecret(match[1], token);
}

/** True for a request from this machine (the client address the HTTP hook settled). */
export function isFromLoopback(request: Request): boolean {
  const address = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return address !== undefined && isLoopback(address);
}

function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}
