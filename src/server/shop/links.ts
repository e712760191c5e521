import 'server-only';
import { env } from '../env';

/**
 * An absolute URL on the shop: the stored shop links are paths relative to SHOP_BASE_URL, so one setting moves
 * every link. Absolute URLs are kept; site paths of self-hosted images are not shop links and never pass here.
 */
export function shopUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl, `${env().SHOP_BASE_URL.replace(/\/+$/, '')}/`).toString();
}
