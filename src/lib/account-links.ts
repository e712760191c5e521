import { PATHS } from './constants';
import type { ShopLinks } from './shop-links';

/** Where readers' accounts live (ACCOUNTS_MANAGED_BY): this site, or the publisher's shop. */
export type AccountsManagedBy = 'site' | 'shop';

/**
 * The "Mot de passe oublié ?" and "Mon compte" links: this site's own pages when the accounts live here, the
 * shop's pages when the shop owns them.
 */
export function accountLinks(
  managedBy: AccountsManagedBy,
  shop: Pick<ShopLinks, 'forgotPassword' | 'account'>,
) {
  return managedBy === 'site'
    ? { forgotPassword: PATHS.forgotPassword, account: PATHS.account }
    : { forgotPassword: shop.forgotPassword, account: shop.account };
}
